// The docs site's try-it console in a real browser (Debian's Chromium through playwright-core),
// served by the real service on 127.0.0.1 (a real PostgreSQL behind it): as the hosted preview
// (`/docs-preview/<share>/`) and on a verified docs domain (the browser resolves the domain to
// 127.0.0.1). The API it calls is a real HTTP server on another port, so every request is
// cross-origin: it answers CORS for the docs' origins, except on `/v1/refuse`.
// Proven here: the form of an operation with a path parameter, a query array and a JSON body is
// filled and sent (after the OAuth2 client-credentials token request, as the SDKs make it) and the
// response shows; a refused CORS request shows its explanation; the CSP refuses any other origin
// (the console says so before sending, and a raw fetch is blocked); a hostile description's
// examples, server URLs and parameter names stay inert; axe finds nothing serious on the
// operation page with the console open. One browser for the file.

import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, CHROMIUM, openBrowser, unlessClosed } from '../setup/browser.ts';
import { DocsDomain, PublishingAction, Run } from '../../db/models/index.ts';
import { newId } from '../../shared/ids.ts';
import { analyzeSpec } from '../../workers/generators/analyze.ts';
import { emitDocsSite, type GeneratedFile, SampleBuilder } from '../../workers/generators/docs/index.ts';
import { HOSTILE_CASES } from '../fixtures/hostile/cases.ts';
import { docsFixture, FIXTURES } from '../workers/generators/docs/helpers.ts';
import { PETSTORE, rest } from '../setup/http.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { storeArtifact } from '../setup/stored-artifact.ts';
import { newWorkspace } from '../setup/workspace.ts';

const available = browserAvailable;
if (!available)
  console.warn(`\n*** docs-try-it browser tests SKIPPED: (${CHROMIUM} and playwright-core are both needed) ***\n`);

/** Screenshots of the console, for a reader (not compared). */
const ARTIFACTS = join(tmpdir(), 'report-service-test-artifacts', 'docs-try-it');
const DOCS_DOMAIN = `docs-${Date.now().toString(36)}.tryit.test`;
const CLIENT_ID = 'cid-7';
const CLIENT_SECRET = 'csecret-9';
const TOKEN = 'tok-abc';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** The API the console calls: CORS for `origins`, none on /v1/refuse; records every request. */
function startApi(origins: Set<string>): Promise<{ server: Server; port: number; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const origin = typeof req.headers.origin === 'string' ? req.headers.origin : '';
      const cors: Record<string, string> =
        url.pathname !== '/v1/refuse' && origins.has(origin)
          ? {
              'access-control-allow-origin': origin,
              'access-control-allow-headers': 'authorization, content-type',
              'access-control-allow-methods': 'GET, POST',
              'access-control-expose-headers': 'x-request-id',
              vary: 'Origin',
            }
          : {};
      if (req.method === 'OPTIONS') {
        res.writeHead(204, cors).end();
        return;
      }
      const json = (status: number, data: unknown, extra: Record<string, string> = {}): void => {
        res.writeHead(status, { 'content-type': 'application/json', ...cors, ...extra }).end(JSON.stringify(data));
      };
      if (url.pathname === '/oauth/token') {
        const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
        if (req.headers.authorization !== basic || !body.includes('grant_type=client_credentials'))
          return json(401, { error: 'invalid_client' });
        return json(200, { access_token: TOKEN, token_type: 'bearer', expires_in: 3600 });
      }
      const toys = /^\/v1\/pets\/([^/]+)\/toys$/.exec(url.pathname);
      if (toys && req.method === 'POST') {
        if (req.headers.authorization !== `Bearer ${TOKEN}`) return json(401, { error: 'unauthorized' });
        return json(
          201,
          {
            id: 'toy_1',
            petId: decodeURIComponent(toys[1] ?? ''),
            tags: url.searchParams.getAll('tag'),
            got: JSON.parse(body),
          },
          { 'x-request-id': 'req-42' },
        );
      }
      if (url.pathname === '/v1/refuse') return json(200, { refused: false });
      json(404, { error: 'not_found' });
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0, seen });
    }),
  );
}

const hasCurlAndJq = ['/usr/bin/curl', '/usr/bin/jq'].every((tool) => existsSync(tool));
if (!hasCurlAndJq) console.warn('\n*** docs-try-it: the curl-sample run is SKIPPED: curl or jq is missing ***\n');

describe.skipIf(!hasCurlAndJq)("the docs' curl samples run", () => {
  it('for OAuth2 client credentials: a token request with the id AND the secret first, then the call with the token and the example values', async () => {
    const api = await startApi(new Set());
    try {
      const text = readFileSync(join(FIXTURES, 'try-it.openapi.yaml'), 'utf8').replace(
        "default: '4010'",
        `default: '${api.port}'`,
      );
      const model = (await analyzeSpec({ openapiText: text, mode: 'flagship' })).model!;
      const op = model.operations.find((o) => o.path === '/pets/{petId}/toys')!;
      const curl = new SampleBuilder(model).samples(op).curl;
      const { stdout } = await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', curl], {
        env: {
          PATH: process.env.PATH ?? '/usr/bin',
          TOY_SHOP_CLIENT_ID: CLIENT_ID,
          TOY_SHOP_CLIENT_SECRET: CLIENT_SECRET,
        },
        timeout: 20_000,
      });
      expect(api.seen.map((s) => `${s.method} ${s.url}`)).toEqual([
        'POST /oauth/token',
        'POST /v1/pets/rex-1/toys?tag=red&tag=squeaky',
      ]);
      expect(api.seen[0]?.body).toBe('grant_type=client_credentials&scope=toys.write');
      // Every value from the description's examples.
      expect(JSON.parse(stdout)).toEqual({
        id: 'toy_1',
        petId: 'rex-1',
        tags: ['red', 'squeaky'],
        got: { name: 'Ball', size: 3 },
      });
    } finally {
      await new Promise<void>((resolve) => api.server.close(() => resolve()));
    }
  }, 30_000);
});

describe.skipIf(!available)('the try-it console in headless Chromium, served by the service', () => {
  // Types come from playwright-core at run time; kept loose so the suite type-checks without it.
  let browser: { newContext: (o?: object) => Promise<any>; close: () => Promise<void> };
  let service: TestService;
  let api: { server: Server; port: number; seen: Seen[] };
  let other: { server: Server; port: number; seen: Seen[] };
  const origins = new Set<string>();
  let previewUrl = '';
  let hostilePreviewUrl = '';
  let domainUrl = '';
  let site: GeneratedFile[] = [];

  /** A run of `client`'s workspace whose docs artifact is `files` (as the docs step stores it). */
  async function runWithDocs(client: ReturnType<typeof rest>, orgId: string, files: GeneratedFile[]): Promise<Run> {
    const runId = (await client.post('/reports/start', { openapiText: PETSTORE })).body.run.id as string;
    await Run.update(
      { status: 'complete', verdict: 'needs_review', completedAt: new Date() },
      { where: { id: runId } },
    );
    await storeArtifact(orgId, runId, { kind: 'docs', name: 'docs', files });
    return (await Run.findByPk(runId))!;
  }

  beforeAll(async () => {
    api = await startApi(origins);
    other = await startApi(new Set());
    service = await startTestService({ ROLE: 'api', REPORT_RATE_LIMIT: '1000' });
    const servicePort = new URL(service.url).port;
    origins.add(new URL(service.url).origin);
    origins.add(`http://${DOCS_DOMAIN}:${servicePort}`);
    const text = readFileSync(join(FIXTURES, 'try-it.openapi.yaml'), 'utf8').replace(
      "default: '4010'",
      `default: '${api.port}'`,
    );
    const analyzed = await analyzeSpec({ openapiText: text, mode: 'flagship' });
    if (!analyzed.model) throw new Error(JSON.stringify(analyzed.diagnostics.slice(0, 3)));
    site = emitDocsSite(analyzed.model);
    const hostile = await docsFixture('hostile');
    const hostileServers = HOSTILE_CASES.find((c) => c.name === 'hostile-server-urls')!;
    const serversModel = (await analyzeSpec({ openapiText: hostileServers.openapiText, mode: 'flagship' })).model!;
    const hostileSite = [
      ...emitDocsSite(hostile.model, { docsSourceText: hostile.docsSourceText ?? '' }),
      // The hostile server URLs' site, under its own folder of the same share.
      ...emitDocsSite(serversModel)
        .filter((f) => f.path.startsWith('resources/'))
        .map((f) => ({ ...f, path: f.path.replace('resources/', 'resources/servers-') })),
    ];

    const ws = await newWorkspace(service);
    const client = rest(service.url, ws.token);
    const run = await runWithDocs(client, ws.organization.id, site);
    previewUrl = (await client.post(`/runs/${run.id}/docs-preview/publish`)).body.publication.url as string;
    const hostileRun = await runWithDocs(client, ws.organization.id, hostileSite);
    hostilePreviewUrl = (await client.post(`/runs/${hostileRun.id}/docs-preview/publish`)).body.publication
      .url as string;
    // The verified docs domain of the run's project, with the run's docs published on it.
    await DocsDomain.create({
      id: newId('dom'),
      orgId: ws.organization.id,
      projectId: run.projectId,
      domain: DOCS_DOMAIN,
      status: 'verified',
      verificationToken: 'verify-token',
      cnameTarget: 'docs.report-service.dev',
      lastVerifiedAt: new Date(),
    });
    await PublishingAction.create({
      id: newId('pub'),
      orgId: ws.organization.id,
      projectId: run.projectId,
      runId: run.id,
      createdByUserId: null,
      registry: 'docs',
      action: 'publish',
      status: 'ready',
      packageName: null,
      version: null,
      notes: null,
      checklist: [],
      providerResult: null,
      state: 'published',
      publishedAt: new Date(),
    });
    domainUrl = `http://${DOCS_DOMAIN}:${servicePort}/`;

    // The run's shared Chromium maps every `*.test` name, DOCS_DOMAIN included, to 127.0.0.1.
    browser = (await openBrowser()) as unknown as typeof browser;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
    for (const s of [api?.server, other?.server]) if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  });

  async function open(url: string): Promise<{ page: any; errors: string[]; dialogs: string[] }> {
    // A context per page (axe's builder asks for one); closed with its page.
    const context = await browser.newContext();
    const page = await context.newPage();
    page.on('close', () => unlessClosed(context.close()));
    const errors: string[] = [];
    const dialogs: string[] = [];
    page.on('pageerror', (e: Error) => errors.push(`pageerror: ${e.message}`));
    page.on('dialog', (d: { message: () => string; dismiss: () => Promise<void> }) => {
      dialogs.push(d.message());
      unlessClosed(d.dismiss());
    });
    const response = await page.goto(url, { waitUntil: 'load' });
    expect(response.status(), url).toBe(200);
    return { page, errors, dialogs };
  }

  /** The page holding the try-it form of the operation at `path`. */
  const resourcePage = (path: string): string => {
    const found = site.find((f) => f.path.startsWith('resources/') && f.content.includes(`data-path="${path}"`));
    if (!found) throw new Error(`no page holds the form of ${path}`);
    return found.path;
  };

  /** Fills and sends the add-toy form on `url`; returns the page with the response shown. */
  async function sendAddToy(url: string): Promise<any> {
    const { page, errors } = await open(url);
    const form = page.locator('form.try-form[data-path="/pets/{petId}/toys"]');
    await form.locator('xpath=..').locator('summary').click();
    // The request as curl, before anything is sent: the token request first, as the SDKs do.
    const curl = form.locator('[data-curl]');
    await expect.poll(async () => (await curl.textContent()) ?? '').toContain('TOKEN=$(curl');
    expect(await form.locator('[data-param][data-name="petId"]').inputValue()).toBe('rex-1');
    expect(await form.locator('[data-param][data-name="tag"]').inputValue()).toBe('red\nsqueaky');
    await form.locator('[data-auth="client-id"]').fill(CLIENT_ID);
    await form.locator('[data-auth="client-secret"]').fill(CLIENT_SECRET);
    await form.locator('[data-param][data-name="petId"]').fill('rex 2');
    await form.locator('[data-param][data-name="tag"]').fill('blue\ngreen');
    await form.locator('[data-body]').fill('{"name":"Rope","size":5}');
    const shown = (await curl.textContent()) as string;
    expect(shown).toContain(`--user '${CLIENT_ID}:****'`);
    expect(shown).toContain(`/v1/pets/rex%202/toys?tag=blue&tag=green'`);
    expect(shown).toContain(`--data '{"name":"Rope","size":5}'`);
    expect(shown).not.toContain(CLIENT_SECRET);
    await form.locator('button.try-send').click();
    await form.locator('.try-status').waitFor({ state: 'visible', timeout: 10_000 });
    expect(errors).toEqual([]);
    return page;
  }

  it('fills the form of an operation with a path parameter, a query array and a JSON body, sends it and shows the response (hosted preview)', async () => {
    const before = api.seen.length;
    const page = await sendAddToy(`${previewUrl}${resourcePage('/pets/{petId}/toys')}`);
    const form = page.locator('form.try-form[data-path="/pets/{petId}/toys"]');
    expect(await form.locator('.try-status').textContent()).toMatch(/^201 Created · \d+ ms$/);
    expect(await form.locator('.try-headers').textContent()).toContain('x-request-idreq-42');
    const body = form.locator('.try-response-body code');
    expect(JSON.parse((await body.textContent()) as string)).toEqual({
      id: 'toy_1',
      petId: 'rex 2',
      tags: ['blue', 'green'],
      got: { name: 'Rope', size: 5 },
    });
    // Highlighted: keys and strings are their own spans.
    expect(await body.locator('.tok-key').first().textContent()).toBe('"id"');
    expect(await body.locator('.tok-number').first().textContent()).toBe('5');
    mkdirSync(ARTIFACTS, { recursive: true });
    await form.screenshot({ path: join(ARTIFACTS, 'try-it-response.png') });
    // What reached the API: the token request (id AND secret, as HTTP Basic), then the call with the token.
    const calls = api.seen.slice(before).filter((s) => s.method !== 'OPTIONS');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /oauth/token',
      'POST /v1/pets/rex%202/toys?tag=blue&tag=green',
    ]);
    expect(calls[0]?.body).toBe('grant_type=client_credentials&scope=toys.write');
    expect(calls[1]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(JSON.parse(calls[1]?.body ?? '')).toEqual({ name: 'Rope', size: 5 });
    // Nothing sent credentials anywhere but the API; nothing kept them.
    expect(calls.every((c) => c.headers.cookie === undefined && c.headers.referer === undefined)).toBe(true);
    expect(await page.evaluate('JSON.stringify(Object.entries(localStorage))')).not.toContain(CLIENT_SECRET);
    expect(await page.evaluate('JSON.stringify(Object.entries(sessionStorage))')).not.toContain(CLIENT_SECRET);
    expect(await page.evaluate('document.cookie')).toBe('');
    await page.close();
  }, 60_000);

  it('works the same on a verified docs domain', async () => {
    const page = await sendAddToy(`${domainUrl}${resourcePage('/pets/{petId}/toys')}`);
    expect(new URL(page.url()).hostname).toBe(DOCS_DOMAIN);
    expect(await page.locator('form.try-form .try-status').first().textContent()).toMatch(/^201 /);
    await page.close();
  }, 60_000);

  it('explains a refused CORS request in words', async () => {
    const { page, errors } = await open(`${previewUrl}${resourcePage('/refuse')}`);
    const form = page.locator('form.try-form[data-path="/refuse"]');
    await form.locator('xpath=..').locator('summary').click();
    await form.locator('[data-auth="http"]').fill('a-token');
    const before = api.seen.length;
    await form.locator('button.try-send').click();
    const message = form.locator('.try-error');
    await message.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await message.textContent()).toContain(
      `The browser refused the request to http://127.0.0.1:${api.port}. Most often this is CORS: the API did not answer with an Access-Control-Allow-Origin header that allows this page (${new URL(service.url).origin})`,
    );
    // The preflight did reach the API; the answer was kept from the page.
    expect(api.seen.slice(before).some((s) => s.method === 'OPTIONS' && s.url === '/v1/refuse')).toBe(true);
    expect(await form.locator('.try-status').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it("the docs' CSP refuses any origin but the API's own servers", async () => {
    const response = await fetch(`${previewUrl}index.html`);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain(`connect-src 'self' http://127.0.0.1:${api.port};`);
    const { page } = await open(`${previewUrl}${resourcePage('/pets/{petId}/toys')}`);
    const form = page.locator('form.try-form[data-path="/pets/{petId}/toys"]');
    await form.locator('xpath=..').locator('summary').click();
    // The server variable is editable: another port is another origin, which the console will not reach.
    await form.locator('[data-var="port"]').fill(String(other.port));
    await form.locator('[data-auth="http"]').fill('a-token');
    await form.locator('button.try-send').click();
    const message = form.locator('.try-error');
    await message.waitFor({ state: 'visible' });
    expect(await message.textContent()).toContain(
      `Content-Security-Policy lets the console connect only to the API's own servers (http://127.0.0.1:${api.port}), and http://127.0.0.1:${other.port} is not one of them`,
    );
    // And the browser itself refuses a connection there, whoever asks for it.
    const outcome = await page.evaluate(`new Promise((resolve) => {
      let violation = '';
      document.addEventListener('securitypolicyviolation', (e) => { violation = e.violatedDirective + ' ' + e.blockedURI; });
      fetch('http://127.0.0.1:${other.port}/v1/refuse', { mode: 'no-cors' })
        .then(() => resolve('sent'), () => setTimeout(() => resolve('refused: ' + violation), 100));
    })`);
    expect(outcome).toBe(`refused: connect-src http://127.0.0.1:${other.port}/v1/refuse`);
    expect(other.seen).toEqual([]);
    await page.close();
  }, 60_000);

  it("keeps a hostile description's examples, server URLs and parameter names inert in the try-it form", async () => {
    const pages = ['resources/things.html', 'resources/servers-things.html'];
    for (const path of pages) {
      const { page, errors, dialogs } = await open(`${hostilePreviewUrl}${path}`);
      const forms = page.locator('form.try-form');
      expect(await forms.count(), path).toBeGreaterThan(0);
      for (const form of await forms.all()) {
        await form.locator('xpath=..').locator('summary').click();
        // Every server, then send: the console builds, shows and (where it may) sends the request.
        const select = form.locator('[data-server-select]');
        const options = (await select.count()) > 0 ? await select.locator('option').count() : 0;
        for (let i = 0; i < Math.max(1, options); i++) {
          if (options > 0) await select.selectOption(String(i));
          for (const input of await form.locator('input[type="password"]').all()) await input.fill('x');
          await form.locator('button.try-send').click();
          await page.waitForTimeout(50);
        }
      }
      expect(await page.evaluate('window.__pwned'), path).toBeUndefined();
      expect(await page.evaluate('globalThis.__pwned'), path).toBeUndefined();
      expect(await page.locator('form.try-form script, form.try-form img, form.try-form iframe').count(), path).toBe(0);
      expect(dialogs, path).toEqual([]);
      expect(errors, path).toEqual([]);
      if (path === 'resources/things.html') {
        // The payloads are there, as text: the parameter names as labels, the example in its field, the curl.
        const form = forms.first();
        expect(await form.locator('label').allTextContents()).toContain('q" onfocus="window.__pwned=39 required');
        expect(await form.locator('[data-param][data-in="path"]').inputValue()).toBe("'; window.__pwned=38; '");
        expect(await form.locator('.try-error').allTextContents()).toEqual([
          `X-Key'"><img src=x onerror=window.__pwned=21> is not a header name a browser can send.`,
          'The server URL must be an http or https URL.',
        ]);
        expect(await form.locator('[data-curl]').textContent()).toContain('javascript:window.__pwned=15//');
      }
      await page.close();
    }
  }, 120_000);

  it('axe finds no serious or critical violation on the operation page with the console open and a response shown', async () => {
    const page = await sendAddToy(`${previewUrl}${resourcePage('/pets/{petId}/toys')}`);
    for (const summary of await page.locator('details.try-it > summary').all()) {
      const open = await summary.evaluate('(s) => s.parentElement.open');
      if (!open) await summary.click();
    }
    // The Go sample shown (a tab switches every tab set on the page).
    await page.locator('button[role="tab"][data-lang="go"]').first().click();
    expect(await page.locator('.tabpanel[data-lang="go"]').first().isVisible()).toBe(true);
    const { default: AxeBuilder } = (await import('@axe-core/playwright')) as unknown as {
      default: new (o: { page: unknown }) => { analyze: () => Promise<{ violations: any[] }> };
    };
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}) x${v.nodes.length}: ${v.nodes[0]?.html.slice(0, 200)}`);
    expect(serious).toEqual([]);
    await page.close();
  }, 60_000);
});
