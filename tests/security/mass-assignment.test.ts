// Mass assignment (OWASP API3): no write route accepts a field the server owns. Every body field a
// route does not document is refused with 400 invalid_request naming the field, and the record is
// left exactly as it was.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Run } from '../../db/models/index.ts';
import type { CreatedWorkspace } from '../../server/services/workspaces/create-workspace.ts';
import { PETSTORE, rest } from '../setup/http.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { addMember, newWorkspace } from '../setup/workspace.ts';

let service: TestService;
let ws: CreatedWorkspace;
let other: CreatedWorkspace;
let api: ReturnType<typeof rest>;

beforeAll(async () => {
  service = await startTestService({ ROLE: 'api', REPORT_RATE_LIMIT: '1000' });
  ws = await newWorkspace(service);
  other = await newWorkspace(service, 'Other');
  api = rest(service.url, ws.token);
});
afterAll(async () => service?.stop());

/** Server-owned fields a client might try to set on any record. */
const COMMON = {
  id: 'forged-id',
  orgId: () => other.organization.id,
  organizationId: () => other.organization.id,
  createdAt: '2000-01-01T00:00:00.000Z',
  updatedAt: '2000-01-01T00:00:00.000Z',
  createdByUserId: () => other.user.id,
} as const;

function forged(extra: Record<string, unknown>): [string, unknown][] {
  const common = Object.entries(COMMON).map(([k, v]) => [k, typeof v === 'function' ? v() : v] as [string, unknown]);
  return [...common, ...Object.entries(extra)];
}

async function expectRefused(res: { status: number; body: Record<string, any> }, field: string): Promise<void> {
  expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400);
  expect(res.body.error).toBe('invalid_request');
  expect(res.body.message).toContain(field);
}

describe('mass assignment on every write route', () => {
  it('PATCH /projects/{projectId}: only name, apiName, archive and status are accepted', async () => {
    const started = await api.post('/reports/start', { openapiText: PETSTORE, projectName: 'Mass' });
    const projectId = started.body.project.id as string;
    const before = (await api.get(`/projects/${projectId}`)).body.project;
    for (const [field, value] of forged({ latestRunId: 'run_forged', runCount: 99, slug: 'forged' })) {
      await expectRefused(await api.patch(`/projects/${projectId}`, { name: 'Renamed', [field]: value }), field);
    }
    expect((await api.get(`/projects/${projectId}`)).body.project).toEqual(before);
  });

  it('PATCH /members/{memberId}: only role and status are accepted', async () => {
    const member = await addMember(ws.organization.id, 'editor');
    const list = async () =>
      (await api.get('/members')).body.members.find((m: { id: string }) => m.id === member.memberId);
    const before = await list();
    for (const [field, value] of forged({
      email: 'attacker@example.com',
      userId: other.user.id,
      scopes: ['*'],
      invitedAt: '2000-01-01T00:00:00.000Z',
    })) {
      await expectRefused(await api.patch(`/members/${member.memberId}`, { role: 'viewer', [field]: value }), field);
    }
    expect(await list()).toEqual(before);
  });

  it('POST /api-keys: only name and scopes are accepted; the key belongs to the caller', async () => {
    const keysBefore = (await api.get('/api-keys')).body.apiKeys.length as number;
    for (const [field, value] of forged({
      userId: other.user.id,
      token: 'rs_forged',
      tokenPrefix: 'rs_forged',
      tokenHash: 'x',
      revokedAt: null,
      lastUsedAt: null,
    })) {
      await expectRefused(await api.post('/api-keys', { name: 'k', [field]: value }), field);
    }
    expect((await api.get('/api-keys')).body.apiKeys).toHaveLength(keysBefore);
  });

  it('POST /members: only email and role are accepted', async () => {
    for (const [field, value] of forged({ status: 'active', userId: other.user.id })) {
      await expectRefused(
        await api.post('/members', { email: `new-${field}@example.com`, role: 'viewer', [field]: value }),
        field,
      );
    }
    const members = (await api.get('/members')).body.members as { email: string }[];
    expect(members.filter((m) => m.email.startsWith('new-'))).toEqual([]);
  });

  it('POST /reports/start: status, verdict, steps and artifacts cannot be sent', async () => {
    const runsBefore = await Run.count({ where: { orgId: ws.organization.id } });
    for (const [field, value] of forged({
      status: 'complete',
      verdict: 'ready',
      steps: [],
      artifactManifest: {},
      completedAt: '2000-01-01T00:00:00.000Z',
      jobId: 'forged',
    })) {
      await expectRefused(await api.post('/reports/start', { openapiText: PETSTORE, [field]: value }), field);
    }
    expect(await Run.count({ where: { orgId: ws.organization.id } })).toBe(runsBefore);
  });
});
