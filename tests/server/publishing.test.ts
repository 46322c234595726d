import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Op } from 'sequelize';
import { PublishingAction, Run } from '../../db/models/index.ts';
import { PETSTORE, rest, trpc, trpcError } from '../setup/http.ts';
import { storeStepArtifacts } from '../setup/sdk-artifacts.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { addMember, newWorkspace } from '../setup/workspace.ts';

let service: TestService;
let owner: ReturnType<typeof rest>;
let ownerToken: string;
let orgId: string;

beforeAll(async () => {
  service = await startTestService({
    ROLE: 'api',
    REPORT_RATE_LIMIT: '1000',
    PUBLISH_NPM_TOKEN: 'npm_test_token_not_real',
  });
  const ws = await newWorkspace(service);
  ownerToken = ws.token;
  orgId = ws.organization.id;
  owner = rest(service.url, ws.token);
});
afterAll(async () => service?.stop());

/** A finished run with the SDK packages the pipeline would have stored (made by the real steps). */
async function finishedRunWithSdk(): Promise<string> {
  const started = await owner.post('/reports/start', { openapiText: PETSTORE, projectName: 'Pet Store' });
  const runId = started.body.run.id as string;
  await Run.update({ status: 'ready', verdict: 'ready', completedAt: new Date() }, { where: { id: runId } });
  await storeStepArtifacts(orgId, runId, PETSTORE, ['typescript_sdk', 'python_sdk']);
  return runId;
}

describe('POST /api/runs/{runId}/publish/dry-run', () => {
  it('200 blocked with failing checks for a queued run without artifacts', async () => {
    const started = await owner.post('/reports/start', { openapiText: PETSTORE });
    const res = await owner.post(`/runs/${started.body.run.id}/publish/dry-run`, { registry: 'pypi' });
    expect(res.status).toBe(200);
    expect(res.body.run.id).toBe(started.body.run.id);
    expect(res.body.publishAction).toMatchObject({
      registry: 'pypi',
      action: 'dry_run',
      status: 'blocked',
      runId: started.body.run.id,
    });
    const byId = Object.fromEntries(
      res.body.publishAction.checklist.map((c: { id: string; status: string }) => [c.id, c.status]),
    );
    expect(byId).toMatchObject({
      run_finished: 'fail',
      artifact_present: 'fail',
      registry_connection: 'fail',
      version: 'warn',
      package_name: 'pass',
    });
    expect(res.body.publishAction.providerResult).toMatchObject({
      provider: 'pypi',
      mode: 'dry_run',
      status: 'blocked',
    });
  });

  it('200 ready when the run is finished, its artifact present, names valid and the registry connected', async () => {
    const runId = await finishedRunWithSdk();
    const res = await owner.post(`/runs/${runId}/publish/dry-run`, {
      registry: 'npm',
      packageName: '@acme/petstore',
      version: '1.2.3',
    });
    expect(res.status).toBe(200);
    expect(res.body.publishAction.status).toBe('ready');
    expect(res.body.publishAction.checklist.every((c: { status: string }) => c.status === 'pass')).toBe(true);
    const pack = res.body.publishAction.checklist.find((c: { id: string }) => c.id === 'package_installs');
    expect(pack.detail).toMatch(/packed acme-petstore-1\.2\.3\.tgz \(\d+ files, \d+ bytes\)/);
    // Without a name: the one in the run's package (its package.json), not `<project-slug>-sdk`.
    const viaTrpc = await trpc(service.url, ownerToken).publishing.dryRun.mutate({ runId });
    expect(viaTrpc.publishAction.packageName).toBe('petstore');
  });

  it('pypi: the wheel and sdist the step built pass twine check and install (publishing-dry-run.test.ts has the details)', async () => {
    const runId = await finishedRunWithSdk();
    const res = await owner.post(`/runs/${runId}/publish/dry-run`, {
      registry: 'pypi',
      packageName: 'pet-store-sdk',
      version: '1.0.0',
    });
    const installs = res.body.publishAction.checklist.find((c: { id: string }) => c.id === 'package_installs');
    expect(installs).toMatchObject({
      status: 'pass',
      detail: expect.stringMatching(/petstore-1\.0\.0\.tar\.gz pass twine check --strict/),
    });
    // No PyPI connection is configured in this test service: blocked on that check only.
    expect(
      res.body.publishAction.checklist
        .filter((c: { status: string }) => c.status === 'fail')
        .map((c: { id: string }) => c.id),
    ).toEqual(['registry_connection']);
  });

  it('a bad package name or version fails its check; an unknown registry is 400', async () => {
    const runId = await finishedRunWithSdk();
    const res = await owner.post(`/runs/${runId}/publish/dry-run`, {
      registry: 'npm',
      packageName: 'Not Valid!',
      version: 'one',
    });
    expect(res.body.publishAction.status).toBe('blocked');
    const byId = Object.fromEntries(
      res.body.publishAction.checklist.map((c: { id: string; status: string }) => [c.id, c.status]),
    );
    expect(byId).toMatchObject({ package_name: 'fail', version: 'fail' });
    const bad = await owner.post(`/runs/${runId}/publish/dry-run`, { registry: 'maven' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/registry/);
  });

  it("404 for another workspace's run", async () => {
    const runId = await finishedRunWithSdk();
    const other = rest(service.url, (await newWorkspace(service, 'Other')).token);
    expect((await other.post(`/runs/${runId}/publish/dry-run`, {})).status).toBe(404);
    expect((await other.post(`/runs/${runId}/publish/publish`, {})).status).toBe(404);
  });
});

describe('POST /api/runs/{runId}/publish/publish', () => {
  it('202: recorded and blocked until publishing is approved (nothing queued)', async () => {
    const runId = await finishedRunWithSdk();
    const res = await owner.post(`/runs/${runId}/publish/publish`, {
      registry: 'npm',
      packageName: '@acme/petstore',
      version: '1.0.0',
      notes: 'first release',
    });
    expect(res.status).toBe(202);
    expect(res.body.publishAction).toMatchObject({ action: 'publish', status: 'blocked', registry: 'npm' });
    const byId = Object.fromEntries(
      res.body.publishAction.checklist.map((c: { id: string; status: string }) => [c.id, c.status]),
    );
    expect(byId).toMatchObject({ explicit_approval: 'fail', registry_connection: 'pass' });
    expect(res.body.publishAction.providerResult.state).toBeUndefined();
    expect(await PublishingAction.count({ where: { runId, jobId: { [Op.ne]: null } } })).toBe(0);
  });

  it('editors may dry-run but not request a publish (403)', async () => {
    const runId = await finishedRunWithSdk();
    const editor = await addMember(orgId, 'editor');
    expect((await rest(service.url, editor.token).post(`/runs/${runId}/publish/dry-run`, {})).status).toBe(200);
    const denied = await rest(service.url, editor.token).post(`/runs/${runId}/publish/publish`, {});
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('insufficient_scope');
    await expect(trpc(service.url, editor.token).publishing.publish.mutate({ runId })).rejects.toSatisfy(
      (e: unknown) => trpcError(e).httpStatus === 403,
    );
  });
});
