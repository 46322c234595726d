import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocsDomain } from '../../db/models/index.ts';
import { loadConfig } from '../../shared/config.ts';
import type { CreatedWorkspace } from '../../server/services/workspaces/create-workspace.ts';
import { startFakeDns, type FakeDns } from '../fakes/dns-server.ts';
import { PETSTORE, rest, trpc } from '../setup/http.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { newWorkspace } from '../setup/workspace.ts';

// Verification asks a real DNS server over UDP: a responder on 127.0.0.1 (tests/fakes/dns-server.ts)
// configured as the service's only resolver through DNS_SERVERS.
let dns: FakeDns;
let service: TestService;
let ws: CreatedWorkspace;
let n = 0;

beforeAll(async () => {
  dns = await startFakeDns();
  service = await startTestService({
    ROLE: 'api',
    REPORT_RATE_LIMIT: '1000',
    DNS_SERVERS: dns.address,
    DNS_TIMEOUT_MS: '400',
    DNS_TRIES: '1',
    DOCS_CNAME_TARGET: 'docs.report-service.dev',
  });
  ws = await newWorkspace(service, 'Domains');
});
afterAll(async () => {
  await service?.stop();
  await dns?.close();
});

async function newDomain(token = ws.token): Promise<{ projectId: string; domain: Record<string, any> }> {
  n += 1;
  const api = rest(service.url, token);
  const started = await api.post('/reports/start', { openapiText: PETSTORE, projectName: `Docs ${n}` });
  const added = await api.post(`/projects/${started.body.project.id}/domains`, {
    domain: `docs${n}-${Date.now()}.example.com`,
  });
  expect(added.status).toBe(201);
  return { projectId: started.body.project.id, domain: added.body.domain };
}

async function verify(projectId: string, domainId: string, token = ws.token) {
  return await rest(service.url, token).post(`/projects/${projectId}/domains/${domainId}/verify`, {});
}

describe('POST /api/projects/{projectId}/domains/{domainId}/verify', () => {
  it('failed with the reason until both records are right, then verified; a verified domain whose records go away fails again', async () => {
    const { projectId, domain } = await newDomain();
    const txtName = `_report-verify.${domain.domain}`;

    const nothing = await verify(projectId, domain.id);
    expect(nothing.status, JSON.stringify(nothing.body)).toBe(200);
    expect(nothing.body.domain).toMatchObject({
      id: domain.id,
      status: 'failed',
      failureReason: expect.stringContaining(`No TXT record at ${txtName}`),
    });
    expect(Date.parse(nothing.body.domain.lastVerifiedAt)).toBeGreaterThan(Date.now() - 10_000);
    expect(nothing.body.checks.txt).toEqual({
      name: txtName,
      expected: domain.verificationToken,
      found: [],
      ok: false,
    });
    expect(dns.queries.some((q) => q.name === txtName && q.type === 'TXT')).toBe(true);

    dns.records.set(txtName, { txt: [['report-verify=not-the-token'], ['google-site-verification=abc']] });
    const wrong = await verify(projectId, domain.id);
    expect(wrong.body.domain).toMatchObject({
      status: 'failed',
      failureReason: expect.stringContaining('do not include the verification token'),
    });
    expect(wrong.body.checks.txt.found).toEqual(['report-verify=not-the-token', 'google-site-verification=abc']);

    // The token split across two strings of one TXT record counts (long values are chunked).
    const token: string = domain.verificationToken;
    dns.records.set(txtName, { txt: [['google-site-verification=abc'], [token.slice(0, 10), token.slice(10)]] });
    const noCname = await verify(projectId, domain.id);
    expect(noCname.body.checks.txt.ok).toBe(true);
    expect(noCname.body.domain).toMatchObject({
      status: 'failed',
      failureReason: expect.stringContaining('No CNAME record'),
    });

    dns.records.set(domain.domain, { cname: 'elsewhere.example.net' });
    const wrongCname = await verify(projectId, domain.id);
    expect(wrongCname.body.domain.failureReason).toContain('elsewhere.example.net, not docs.report-service.dev');

    dns.records.set(domain.domain, { cname: 'Docs.Report-Service.dev.' });
    const verified = await verify(projectId, domain.id);
    expect(verified.body.domain).toMatchObject({ status: 'verified', lastVerifiedAt: expect.any(String) });
    expect(verified.body.domain.failureReason).toBeUndefined();
    expect(verified.body.checks).toEqual({
      txt: { name: txtName, expected: token, found: ['google-site-verification=abc', token], ok: true },
      cname: { name: domain.domain, expected: 'docs.report-service.dev', found: ['docs.report-service.dev'], ok: true },
    });
    expect(verified.body.project.id).toBe(projectId);
    const listed = (await rest(service.url, ws.token).get(`/projects/${projectId}/domains`)).body.domains[0];
    expect(listed).toEqual(verified.body.domain);
    expect(await DocsDomain.findByPk(domain.id)).toMatchObject({ status: 'verified', failureReason: null });

    dns.records.delete(txtName);
    const lapsed = await verify(projectId, domain.id);
    expect(lapsed.body.domain).toMatchObject({
      status: 'failed',
      failureReason: expect.stringContaining('No TXT record'),
    });
  });

  it('a resolver failure (SERVFAIL) or no answer (timeout) is failed with the error, bounded by DNS_TIMEOUT_MS', async () => {
    const { projectId, domain } = await newDomain();
    const txtName = `_report-verify.${domain.domain}`;
    dns.servfail.add(txtName);
    const servfail = await verify(projectId, domain.id);
    expect(servfail.status).toBe(200);
    expect(servfail.body.domain).toMatchObject({
      status: 'failed',
      failureReason: expect.stringMatching(/TXT lookup .* failed \(ESERVFAIL\)/),
    });
    expect(servfail.body.checks.txt).toMatchObject({ ok: false, error: 'ESERVFAIL' });
    dns.servfail.delete(txtName);

    dns.drop.add(txtName);
    const started = Date.now();
    const timeout = await verify(projectId, domain.id);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(timeout.body.domain).toMatchObject({ status: 'failed', failureReason: expect.stringContaining('ETIMEOUT') });
    dns.drop.delete(txtName);
  });

  it("tRPC gives the same answer; 404 for an unknown domain, another project's domain, or another workspace's", async () => {
    const { projectId, domain } = await newDomain();
    dns.records.set(`_report-verify.${domain.domain}`, { txt: [[domain.verificationToken]] });
    dns.records.set(domain.domain, { cname: 'docs.report-service.dev' });
    const viaTrpc = await trpc(service.url, ws.token).domains.verify.mutate({ projectId, domainId: domain.id });
    expect(viaTrpc.domain.status).toBe('verified');

    const other = await newDomain();
    for (const [p, d] of [
      [projectId, 'dom_missing'],
      [projectId, other.domain.id],
      ['proj_missing', domain.id],
    ] as const) {
      const res = await verify(p, d);
      expect(res.status, `${p} ${d}`).toBe(404);
      expect(res.body.error).toBe('not_found');
    }
    const foreign = await newWorkspace(service, 'Foreign');
    const res = await verify(projectId, domain.id, foreign.token);
    expect(res.status).toBe(404);
    expect((await DocsDomain.findByPk(domain.id))?.status).toBe('verified');
  });

  it('one workspace per hostname: another workspace takes a verified domain over only with new proof', async () => {
    const first = await newDomain();
    const hostname = first.domain.domain as string;
    const txtName = `_report-verify.${hostname}`;
    dns.records.set(txtName, { txt: [[first.domain.verificationToken]] });
    dns.records.set(hostname, { cname: 'docs.report-service.dev' });
    expect((await verify(first.projectId, first.domain.id)).body.domain.status).toBe('verified');

    const rival = await newWorkspace(service, 'Rival');
    const api = rest(service.url, rival.token);
    const project = (await api.post('/reports/start', { openapiText: PETSTORE, projectName: 'Rival docs' })).body
      .project.id as string;
    const claim = (await api.post(`/projects/${project}/domains`, { domain: hostname })).body.domain as Record<
      string,
      any
    >;
    expect(claim).toMatchObject({ status: 'pending' });
    // The old proof (the first workspace's token) is not the rival's: no takeover.
    expect((await verify(project, claim.id, rival.token)).body.domain.status).toBe('failed');
    expect((await DocsDomain.findByPk(first.domain.id))?.status).toBe('verified');
    // New proof: the rival publishes its own token; it gets the hostname, the first loses it.
    dns.records.set(txtName, { txt: [[claim.verificationToken]] });
    expect((await verify(project, claim.id, rival.token)).body.domain.status).toBe('verified');
    expect(await DocsDomain.findByPk(first.domain.id)).toMatchObject({
      status: 'failed',
      failureReason: expect.stringContaining('new DNS proof'),
    });
    expect(await DocsDomain.count({ where: { domain: hostname, status: 'verified' } })).toBe(1);
  });

  it('DNS_SERVERS must be IP addresses (with an optional port)', () => {
    expect(() => loadConfig({ DNS_SERVERS: 'dns.example.com' })).toThrow(/DNS_SERVERS/);
    expect(loadConfig({ DNS_SERVERS: '127.0.0.1:5353, ::1' }).docs.dnsServers).toEqual(['127.0.0.1:5353', '::1']);
  });
});
