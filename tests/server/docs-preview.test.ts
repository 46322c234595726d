import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Run } from '../../db/models/index.ts';
import { expectTrpcError, PETSTORE, rest, trpc } from '../setup/http.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { addMember, newWorkspace } from '../setup/workspace.ts';
import { storeArtifact } from '../setup/stored-artifact.ts';

let service: TestService;
let token: string;
let orgId: string;
let api: ReturnType<typeof rest>;

beforeAll(async () => {
  service = await startTestService({ ROLE: 'api', REPORT_RATE_LIMIT: '1000' });
  const ws = await newWorkspace(service);
  token = ws.token;
  orgId = ws.organization.id;
  api = rest(service.url, token);
});
afterAll(async () => service?.stop());

/** A finished run with a docs artifact (a tiny site), as the docs step stores it. */
async function runWithDocs(expiresInMs = 3600_000): Promise<string> {
  const runId = (await api.post('/reports/start', { openapiText: PETSTORE })).body.run.id as string;
  await Run.update({ status: 'complete', verdict: 'needs_review', completedAt: new Date() }, { where: { id: runId } });
  await storeArtifact(
    orgId,
    runId,
    {
      kind: 'docs',
      name: 'docs',
      files: [
        {
          path: 'index.html',
          content:
            '<!doctype html><html><head><meta name="robots" content="noindex,nofollow"><link rel="stylesheet" href="assets/site.css"></head><body><h1>Petstore</h1></body></html>',
        },
        { path: 'assets/site.css', content: 'body { color: #111; }' },
        { path: 'operations/list-pets/index.html', content: '<!doctype html><p>listPets</p>' },
      ],
    },
    expiresInMs,
  );
  return runId;
}

function expectPreviewHeaders(response: Response): void {
  expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
  expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
  expect(response.headers.get('set-cookie')).toBeNull();
}

describe('POST /api/runs/{runId}/docs-preview/publish', () => {
  it('201 with run, a docs share_preview action and the publication; the same run gets the same publication', async () => {
    const runId = await runWithDocs();
    const first = await api.post(`/runs/${runId}/docs-preview/publish`);
    expect(first.status).toBe(201);
    expect(first.body.run.id).toBe(runId);
    expect(first.body.publishAction).toMatchObject({
      registry: 'docs',
      action: 'share_preview',
      status: 'ready',
      runId,
    });
    expect(first.body.publication).toMatchObject({
      mode: 'preview',
      indexability: 'noindex_until_policy_approved',
      noindex: true,
    });
    expect(first.body.publication.url).toBe(`${service.url}/docs-preview/${first.body.publication.id}/`);
    const again = await trpc(service.url, token).publishing.docsPreview.mutate({ runId });
    expect(again.publication).toEqual(first.body.publication);
    expect(again.publishAction.id).toBe(first.body.publishAction.id);
  });

  it('serves the site publicly, noindex on every file type, with the CSP and no cookies', async () => {
    const runId = await runWithDocs();
    const { url } = (await api.post(`/runs/${runId}/docs-preview/publish`)).body.publication as { url: string };
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expectPreviewHeaders(page);
    expect(await page.text()).toContain('<meta name="robots" content="noindex,nofollow">');
    const css = await fetch(`${url}assets/site.css`);
    expect(css.headers.get('content-type')).toMatch(/text\/css/);
    expectPreviewHeaders(css);
    const nested = await fetch(`${url}operations/list-pets/`);
    expect(await nested.text()).toContain('listPets');
    const traversal = await fetch(`${url}..%2F..%2F..%2Fetc%2Fpasswd`);
    expect(traversal.status).toBe(404);
    expectPreviewHeaders(traversal);
    const absent = await fetch(`${url}nope.html`);
    expect(absent.status).toBe(404);
    expectPreviewHeaders(absent);
    const unknown = await fetch(`${service.url}/docs-preview/share_00000000000000000000000000/`);
    expect(unknown.status).toBe(404);
    expectPreviewHeaders(unknown);
    const bare = await fetch(url.replace(/\/$/, ''), { redirect: 'manual' });
    expect(bare.status).toBe(301);
  });

  it('422 run_not_ready for a run without docs; 410 artifact_expired once the docs expired', async () => {
    const plain = (await api.post('/reports/start', { openapiText: PETSTORE })).body.run.id as string;
    const none = await api.post(`/runs/${plain}/docs-preview/publish`);
    expect(none.status).toBe(422);
    expect(none.body.error).toBe('run_not_ready');
    const expired = await runWithDocs(-1000);
    const gone = await api.post(`/runs/${expired}/docs-preview/publish`);
    expect(gone.status).toBe(410);
    expect(gone.body.error).toBe('artifact_expired');
    await expectTrpcError(
      trpc(service.url, token).publishing.docsPreview.mutate({ runId: plain }),
      'run_not_ready',
      422,
    );
  });

  it('an expired share answers 410, still noindex', async () => {
    const runId = await runWithDocs();
    const { url, id } = (await api.post(`/runs/${runId}/docs-preview/publish`)).body.publication as {
      url: string;
      id: string;
    };
    await service.deps.db.sequelize.query(
      "UPDATE docs_shares SET expires_at = now() - interval '1 second' WHERE id = $1",
      { bind: [id] },
    );
    const res = await fetch(url);
    expect(res.status).toBe(410);
    expectPreviewHeaders(res);
  });

  it('404 across workspaces; 403 for a viewer (no artifacts:write)', async () => {
    const runId = await runWithDocs();
    const other = rest(service.url, (await newWorkspace(service, 'Other')).token);
    expect((await other.post(`/runs/${runId}/docs-preview/publish`)).status).toBe(404);
    const viewer = await addMember(orgId, 'viewer');
    const denied = await rest(service.url, viewer.token).post(`/runs/${runId}/docs-preview/publish`);
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('insufficient_scope');
  });
});
