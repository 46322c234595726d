import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Artifact } from '../../db/models/index.ts';
import { unpackArtifact } from '../../workers/pipeline/unpack-artifact.ts';
import { startFakeDns, type FakeDns } from '../fakes/dns-server.ts';
import { PETSTORE, rest } from '../setup/http.ts';
import { finishedRun, waitForAction } from '../setup/publishing.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { newWorkspace } from '../setup/workspace.ts';

let dns: FakeDns;
let service: TestService;
let api: ReturnType<typeof rest>;
let other: ReturnType<typeof rest>;
let projectId: string;
let run1: string;
let run2: string;
let token: string;
const SUFFIX = Date.now().toString(36);
/** What the docs generator writes into every page (for the preview, and until indexing is approved). */
const NOINDEX_META = '<meta name="robots" content="noindex,nofollow">';
const DOMAIN = `docs-${SUFFIX}.acme.test`;

/** A real HTTP GET to the service with a chosen Host header. */
function getWithHost(
  base: string,
  host: string,
  path = '/',
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method: 'GET', headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function addVerifiedDomain(client: ReturnType<typeof rest>, project: string, domain: string): Promise<string> {
  const added = await client.post(`/projects/${project}/domains`, { domain });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  dns.records.set(`_report-verify.${domain}`, { txt: [[added.body.domain.verificationToken as string]] });
  dns.records.set(domain, { cname: 'docs.report-service.dev' });
  const verified = await client.post(`/projects/${project}/domains/${added.body.domain.id}/verify`, {});
  expect(verified.body.domain.status).toBe('verified');
  return added.body.domain.id as string;
}

async function docsIndex(runId: string): Promise<Buffer> {
  return (await unpackArtifact(await (await Artifact.findOne({ where: { runId, kind: 'docs' } }))!.readContent())).get(
    'index.html',
  )!;
}

beforeAll(async () => {
  dns = await startFakeDns();
  service = await startTestService({
    ROLE: 'all',
    REPORT_RATE_LIMIT: '1000',
    PUBLISH_APPROVED: 'true',
    DNS_SERVERS: dns.address,
    DNS_TIMEOUT_MS: '400',
    DNS_TRIES: '1',
    DOCS_CNAME_TARGET: 'docs.report-service.dev',
  });
  token = (await newWorkspace(service, 'Acme')).token;
  api = rest(service.url, token);
  other = rest(service.url, (await newWorkspace(service, 'Other')).token);
  ({ runId: run1, projectId } = await finishedRun(api, PETSTORE, 'Docs site'));
  ({ runId: run2 } = await finishedRun(
    api,
    PETSTORE.replace('title: Petstore', 'title: Petstore Two'),
    'Docs site',
    projectId,
  ));
}, 240_000);
afterAll(async () => {
  await service?.stop();
  await dns?.close();
});

describe('docs published on the project’s verified custom domain (real HTTP with Host headers)', () => {
  it('a docs publish is blocked until the project has a verified domain; a pending domain serves nothing', async () => {
    const pending = `pending-${SUFFIX}.acme.test`;
    expect((await api.post(`/projects/${projectId}/domains`, { domain: pending })).status).toBe(201);
    const blocked = await api.post(`/runs/${run1}/publish/publish`, { registry: 'docs' });
    expect(blocked.status).toBe(202);
    expect(blocked.body.publishAction.status).toBe('blocked');
    expect(blocked.body.publishAction.checklist.find((c: { id: string }) => c.id === 'docs_domain').status).toBe(
      'fail',
    );
    const page = await getWithHost(service.url, pending);
    expect(page.status).toBe(404);
    expect(page.body.toString()).toBe('This domain is not verified.');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('publishes: the verified domain serves the run’s site, noindex until approved', async () => {
    await addVerifiedDomain(api, projectId, DOMAIN);
    const before = await getWithHost(service.url, DOMAIN);
    expect(before.status).toBe(404);
    expect(before.body.toString()).toBe('No docs are published on this domain.');
    const requested = await api.post(`/runs/${run1}/publish/publish`, { registry: 'docs' });
    expect(requested.body.publishAction.status, JSON.stringify(requested.body.publishAction.checklist)).toBe('ready');
    const done = await waitForAction(api, run1, requested.body.publishAction.id);
    expect(done.providerResult?.state).toBe('published');
    expect(done.providerResult?.target).toMatchObject({ url: `https://${DOMAIN}/`, runId: run1 });
    const page = await getWithHost(service.url, DOMAIN);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body.equals(await docsIndex(run1))).toBe(true);
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    // Not approved for indexing: the pages keep the generator's own noindex meta as well.
    expect(page.body.toString()).toContain(NOINDEX_META);
    expect((await getWithHost(service.url, DOMAIN, '/resources/pets.html')).body.toString()).toContain(NOINDEX_META);
    expect(page.headers['set-cookie']).toBeUndefined();
    expect((await getWithHost(service.url, DOMAIN, '/robots.txt')).body.toString()).toBe(
      'User-agent: *\nDisallow: /\n',
    );
    expect((await getWithHost(service.url, `${DOMAIN.toUpperCase()}.`, '/')).status).toBe(200);
    expect((await getWithHost(service.url, DOMAIN, '/../../etc/passwd')).status).toBe(404);
    expect((await getWithHost(service.url, DOMAIN, '/resources/pets.html')).status).toBe(200);
    // The service itself still answers on its own address.
    expect((await rest(service.url).get('/health')).status).toBe(200);
  }, 120_000);

  it('a newer run replaces the site; rollback serves the previous published run again', async () => {
    const second = await api.post(`/runs/${run2}/publish/publish`, { registry: 'docs' });
    expect((await waitForAction(api, run2, second.body.publishAction.id)).providerResult?.state).toBe('published');
    const now = await getWithHost(service.url, DOMAIN);
    expect(now.body.equals(await docsIndex(run2))).toBe(true);
    expect(now.body.toString()).toContain('Petstore Two');
    const rollback = await api.post(`/runs/${run2}/publish/rollback`, { registry: 'docs' });
    expect(rollback.status).toBe(202);
    expect(rollback.body.publishAction.status, JSON.stringify(rollback.body.publishAction.checklist)).toBe('ready');
    expect((await waitForAction(api, run2, rollback.body.publishAction.id)).providerResult?.state).toBe('published');
    const back = await getWithHost(service.url, DOMAIN);
    expect(back.headers['x-docs-run']).toBe(run1);
    expect(back.body.equals(await docsIndex(run1))).toBe(true);
  }, 120_000);

  it('a domain verified in another workspace gets nothing of this one; a hostname taken over by another workspace serves only theirs', async () => {
    const theirs = await finishedRun(other, PETSTORE, 'Their docs');
    const theirDomain = `theirs-${SUFFIX}.other.test`;
    await addVerifiedDomain(other, theirs.projectId, theirDomain);
    const page = await getWithHost(service.url, theirDomain);
    expect(page.status).toBe(404);
    expect(page.body.toString()).toBe('No docs are published on this domain.');
    // They take Acme's hostname over with their own proof in DNS: from then on it is theirs, and
    // it serves nothing of Acme's (they have published no docs).
    expect((await getWithHost(service.url, DOMAIN)).status).toBe(200);
    await addVerifiedDomain(other, theirs.projectId, DOMAIN);
    const taken = await getWithHost(service.url, DOMAIN);
    expect(taken.status).toBe(404);
    expect(taken.body.toString()).toBe('No docs are published on this domain.');
    const theirPublish = await other.post(`/runs/${theirs.runId}/publish/publish`, { registry: 'docs' });
    expect(theirPublish.body.publishAction.status, JSON.stringify(theirPublish.body.publishAction.checklist)).toBe(
      'ready',
    );
    expect((await waitForAction(other, theirs.runId, theirPublish.body.publishAction.id)).providerResult?.state).toBe(
      'published',
    );
    const theirsNow = await getWithHost(service.url, DOMAIN);
    expect(theirsNow.headers['x-docs-run']).toBe(theirs.runId);
    // Unknown hosts are not docs domains: the service answers as itself.
    expect((await getWithHost(service.url, `unknown-${SUFFIX}.test`, '/api/health')).status).toBe(200);
  }, 120_000);

  // Last: a second service in this process re-binds the shared model classes to its connection.
  it("indexable after explicit approval (PUBLISH_DOCS_INDEXABLE=true): no X-Robots-Tag, and the pages' noindex meta is dropped; the preview keeps it", async () => {
    const approved = await startTestService({ ROLE: 'api', PUBLISH_DOCS_INDEXABLE: 'true' }, service.databaseUrl);
    try {
      const page = await getWithHost(approved.url, DOMAIN);
      expect(page.status).toBe(200);
      expect(page.headers['x-robots-tag']).toBeUndefined();
      expect((await getWithHost(approved.url, DOMAIN, '/robots.txt')).body.toString()).toBe(
        'User-agent: *\nAllow: /\n',
      );
      // The served HTML has no robots meta that says noindex; everything else is the artifact's bytes.
      const html = page.body.toString();
      const runId = String(page.headers['x-docs-run']);
      const original = (await docsIndex(runId)).toString();
      expect(original).toContain(NOINDEX_META); // the generator's output is unchanged
      expect(html).not.toMatch(/<meta[^>]*name="robots"[^>]*noindex/i);
      expect(html).toBe(original.replace(`${NOINDEX_META}\n`, ''));
      const resource = (await getWithHost(approved.url, DOMAIN, '/resources/pets.html')).body.toString();
      expect(resource).toContain('<html');
      expect(resource).not.toMatch(/<meta[^>]*name="robots"[^>]*noindex/i);
      // Other files are served as they are.
      const files = await unpackArtifact(
        await (await Artifact.findOne({ where: { runId, kind: 'docs' } }))!.readContent(),
      );
      const css = [...files.keys()].find((p) => p.endsWith('.css'))!;
      expect((await getWithHost(approved.url, DOMAIN, `/${css}`)).body.equals(files.get(css)!)).toBe(true);
      // The share preview of the same docs stays noindex on the approved service.
      const preview = await rest(approved.url, token).post(`/runs/${run1}/docs-preview/publish`);
      expect(preview.status, JSON.stringify(preview.body)).toBe(201);
      const shared = await getWithHost(
        approved.url,
        '127.0.0.1',
        `/docs-preview/${preview.body.publication.id as string}/`,
      );
      expect(shared.status).toBe(200);
      expect(shared.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(shared.body.toString()).toContain(NOINDEX_META);
    } finally {
      await approved.stop();
    }
  }, 60_000);
});
