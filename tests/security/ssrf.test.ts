// SSRF through every input that can carry a URL, against the real service (API and worker in one
// process, real PostgreSQL, real HTTP): descriptions whose $refs, server URLs, externalDocs, logo,
// licence and contact URLs, OAuth/OpenID URLs, JSON-schema $id/$schema/$dynamicRef, example
// externalValues and link operationRefs point at a recording server on 127.0.0.1, at the cloud
// metadata address and at /etc/passwd; the generator config, the old SDK text, the docs source and
// the file names doing the same; then publishing, the docs preview, billing return URLs, a project's
// API name and docs-domain verification. Nothing may reach the recorder, nothing may connect anywhere
// but PostgreSQL, the service itself and the fake payment provider, domain verification only asks
// DNS (TXT, CNAME) through the configured resolver, the runs end with `ref/external` diagnostics at
// the right pointers, and no artifact holds /etc/passwd or anything the recorder would have served.

import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackArtifact } from '../../workers/pipeline/unpack-artifact.ts';
import { startFakeDns, type FakeDns } from '../fakes/dns-server.ts';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe-server.ts';
import { CANARY_FILE } from '../fixtures/hostile/cases.ts';
import { rest, trpc, trpcError } from '../setup/http.ts';
import { waitForRun } from '../setup/runs.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { newWorkspace } from '../setup/workspace.ts';

/** What the recorder would answer: if any of it shows up in an artifact, something fetched it. */
const RECORDER_BODY = `recorder-canary-${randomBytes(8).toString('hex')}`;
const PASSWD = /root:[x*!]?:0:0:/;
const METADATA = 'http://169.254.169.254/latest/meta-data/iam/security-credentials/';
const STRIPE_KEY = `sk_test_${randomBytes(12).toString('hex')}`;

interface Hit {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

let recorder: Server;
const hits: Hit[] = [];
let R: string;
let dns: FakeDns;
let stripe: FakeStripe;
let service: TestService;
let api: ReturnType<typeof rest>;
let token: string;

const PROXY_VARIABLES = [
  'http_proxy',
  'https_proxy',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'ALL_PROXY',
  'all_proxy',
  'npm_config_proxy',
  'npm_config_https_proxy',
  'npm_config_registry',
  'PIP_INDEX_URL',
];
const savedEnv = new Map<string, string | undefined>();

/** Every TCP connection this process opens (the service runs in it: API, worker, pipeline). */
const connections: { host: string; port: number | string }[] = [];
const originalConnect = net.Socket.prototype.connect;

function recordConnections(): void {
  net.Socket.prototype.connect = function connect(this: net.Socket, ...args: unknown[]) {
    const first = args[0];
    const options = (
      Array.isArray(first)
        ? first[0]
        : typeof first === 'object' && first !== null
          ? first
          : { port: first, host: typeof args[1] === 'string' ? args[1] : undefined }
    ) as { host?: string; port?: number | string; path?: string | null };
    if (typeof options.path !== 'string')
      connections.push({ host: options.host ?? 'localhost', port: options.port ?? '' }); // a string path is a unix socket
    return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof net.Socket.prototype.connect;
}

beforeAll(async () => {
  recorder = createServer((req, res) => {
    hits.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ type: 'string', description: RECORDER_BODY, enum: [RECORDER_BODY] }));
  });
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
  R = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`;
  dns = await startFakeDns();
  stripe = await startFakeStripe({ secretKey: STRIPE_KEY, prices: ['price_launch'] });
  recordConnections();
  // Child processes (tsc, mypy, python3, npm pack) are outside the connection monitor: every proxy
  // and registry variable they could honour points at the recorder, so a request of theirs lands there.
  for (const name of PROXY_VARIABLES) {
    savedEnv.set(name, process.env[name]);
    process.env[name] = R;
  }
  for (const name of ['NO_PROXY', 'no_proxy']) {
    savedEnv.set(name, process.env[name]);
    delete process.env[name];
  }
  service = await startTestService({
    ROLE: 'all',
    REPORT_RATE_LIMIT: '1000',
    WORKER_CONCURRENCY: '2',
    DNS_SERVERS: dns.address,
    DNS_TIMEOUT_MS: '400',
    DNS_TRIES: '1',
    DOCS_CNAME_TARGET: 'docs.report-service.dev',
    STRIPE_SECRET_KEY: STRIPE_KEY,
    STRIPE_PRICE_LAUNCH: 'price_launch',
    STRIPE_API_BASE: stripe.url,
    BILLING_RETURN_ORIGINS: R,
  });
  token = (await newWorkspace(service, 'SSRF')).token;
  api = rest(service.url, token);
}, 120_000);

afterAll(async () => {
  await service?.stop();
  net.Socket.prototype.connect = originalConnect;
  for (const [name, value] of savedEnv) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await stripe?.close();
  await dns?.close();
  await new Promise<void>((resolve) => (recorder ? recorder.close(() => resolve()) : resolve()));
});

/** An OpenAPI 3.1 description pointing at the recorder (and worse) through every URL-bearing field. */
function description(): string {
  const doc = {
    openapi: '3.1.0',
    jsonSchemaDialect: `${R}/dialect`,
    info: {
      title: 'SSRF probe',
      version: '1.0.0',
      description: `See [the docs](${R}/md-link) and ![logo](${R}/md-image.png) <img src="${R}/html-image.png">`,
      termsOfService: `${R}/tos`,
      contact: { name: 'c', url: `${R}/contact`, email: 'c@example.com' },
      license: { name: 'L', url: `${R}/license` },
      'x-logo': { url: `${R}/x-logo.png`, href: `${R}/x-logo-href` },
    },
    externalDocs: { url: `${R}/external-docs` },
    servers: [
      { url: `${R}/server` },
      { url: 'http://169.254.169.254/latest' },
      { url: 'file:///etc/passwd' },
      { url: '{scheme}://127.0.0.1', variables: { scheme: { default: 'gopher' } } },
    ],
    tags: [{ name: 'things', externalDocs: { url: `${R}/tag-docs` } }],
    paths: {
      '/things/{id}': {
        get: {
          operationId: 'getThing',
          tags: ['things'],
          externalDocs: { url: `${R}/op-docs` },
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
            { $ref: `${R}/param.yaml` },
          ],
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  schema: { $ref: '#/components/schemas/Thing' },
                  examples: { remote: { externalValue: `${R}/example.json` }, refd: { $ref: `${R}/example.yaml` } },
                },
              },
              links: { next: { operationRef: `${R}/op#/paths/~1x/get` } },
            },
            '404': { $ref: `${R}/response.yaml` },
          },
        },
        post: {
          operationId: 'createThing',
          tags: ['things'],
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          requestBody: { $ref: 'file:///etc/passwd' },
          responses: { '201': { description: 'created', headers: { 'X-R': { $ref: METADATA } } } },
        },
      },
    },
    webhooks: { hook: { $ref: `${R}/webhook.yaml` } },
    components: {
      schemas: {
        Thing: {
          $id: `${R}/thing-id`,
          $schema: `${R}/meta-schema`,
          type: 'object',
          properties: {
            a: { $ref: `${R}/schema.json#/Thing` },
            b: { $ref: METADATA },
            c: { $ref: 'file:///etc/passwd' },
            d: { $ref: '/etc/passwd' },
            e: { $ref: `//127.0.0.1:${new URL(R).port}/protocol-relative` },
            f: { $dynamicRef: `${R}/dynamic` },
            g: { allOf: [{ $ref: `${R}/all-of.json` }] },
            h: {
              oneOf: [{ $ref: '#/components/schemas/Cat' }],
              discriminator: { propertyName: 'k', mapping: { remote: `${R}/mapping.json` } },
            },
            i: { $ref: '../../../../../../etc/passwd#/root' },
          },
        },
        Cat: { type: 'object', properties: { k: { type: 'string' } } },
      },
      securitySchemes: {
        oauth: {
          type: 'oauth2',
          flows: {
            authorizationCode: {
              authorizationUrl: `${R}/authorize`,
              tokenUrl: `${R}/token`,
              refreshUrl: `${R}/refresh`,
              scopes: { read: 'r' },
            },
          },
        },
        oidc: { type: 'openIdConnect', openIdConnectUrl: `${R}/.well-known/openid-configuration` },
        metadata: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: METADATA, scopes: {} } } },
      },
    },
    security: [{ oauth: ['read'] }, { oidc: [] }, { metadata: [] }],
  };
  return JSON.stringify(doc, null, 2);
}

/** The $ref pointers the validation report must name with `ref/external`. */
const EXTERNAL_REF_POINTERS = [
  '/paths/~1things~1{id}/get/parameters/1/$ref',
  '/paths/~1things~1{id}/get/responses/200/content/application~1json/examples/refd/$ref',
  '/paths/~1things~1{id}/get/responses/404/$ref',
  '/paths/~1things~1{id}/post/requestBody/$ref',
  '/paths/~1things~1{id}/post/responses/201/headers/X-R/$ref',
  '/webhooks/hook/$ref',
  '/components/schemas/Thing/properties/a/$ref',
  '/components/schemas/Thing/properties/b/$ref',
  '/components/schemas/Thing/properties/c/$ref',
  '/components/schemas/Thing/properties/d/$ref',
  '/components/schemas/Thing/properties/e/$ref',
  '/components/schemas/Thing/properties/g/allOf/0/$ref',
  '/components/schemas/Thing/properties/i/$ref',
];

const flagshipConfig = (): string =>
  [
    'client_name: Probe',
    'environments:',
    `  production: ${R}/env`,
    '  metadata: http://169.254.169.254/latest/meta-data/',
    '  local: file:///etc/passwd',
    `openapi_url: ${R}/config-openapi.yaml`,
    'resources:',
    '  things:',
    '    methods:',
    '      retrieve: get /things/{id}',
    '      create: post /things/{id}',
    '',
  ].join('\n');

const stainlessConfig = (): string =>
  [
    'organization:',
    '  name: probe',
    `  docs: ${R}/stainless-docs`,
    `  contact: ${R}/stainless-contact`,
    'targets:',
    '  typescript:',
    '    package_name: probe',
    `    publish: { npm: { url: "${R}/npm" } }`,
    '  python:',
    '    package_name: probe',
    'environments:',
    `  production: ${R}/stainless-env`,
    '  metadata: http://169.254.169.254/',
    'openapi:',
    `  spec_url: ${R}/stainless-spec.yaml`,
    '  transforms:',
    `    - command: fetch`,
    `      url: ${R}/transform`,
    `readme: { example_requests: { default: { url: "${R}/readme" } } }`,
    'resources:',
    '  things:',
    '    methods:',
    '      retrieve: get /things/{id}',
    '',
  ].join('\n');

const typescriptOldSdk = (): string =>
  [
    '// File: src/index.ts',
    '/// <reference path="/etc/passwd" />',
    `/// <reference types="${R}/types" />`,
    `import remote from '${R}/module.js';`,
    "import passwd from '/etc/passwd';",
    `await fetch('${R}/old-sdk-ts');`,
    `globalThis.__pwned = 1;`,
    'export class Things extends APIResource {',
    `  retrieve(id: string) { return this._client.get(\`/things/\${id}\`); }`,
    '}',
    '// File: ../../../../etc/passwd',
    `export const baseURL = '${R}/base';`,
  ].join('\n');

const pythonOldSdk = (): string =>
  [
    '# File: src/probe/__init__.py',
    'import urllib.request',
    `urllib.request.urlopen("${R}/old-sdk-py").read()`,
    'open("/etc/passwd").read()',
    `__import__("os").system("touch ${CANARY_FILE}")`,
    '# File: src/probe/resources/things.py',
    'class ThingsResource(SyncAPIResource):',
    '    def retrieve(self, id: str) -> object:',
    '        return self._client.get(f"/things/{id}")',
  ].join('\n');

const docsSource = (): string =>
  [
    `logoText: "${R}/logo-text"`,
    'navigation:',
    '  - start',
    'guides:',
    '  - slug: start',
    '    title: Start',
    '    markdown: |',
    `      [link](${R}/guide-link) ![image](${R}/guide-image.png) <img src="${R}/guide-raw.png">`,
    `      <iframe src="${R}/guide-iframe"></iframe> <link rel="stylesheet" href="${R}/guide.css">`,
    '      [passwd](file:///etc/passwd)',
    '',
  ].join('\n');

async function start(body: Record<string, unknown>): Promise<{ runId: string; projectId: string }> {
  const res = await api.post('/reports/start', body);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return { runId: res.body.run.id as string, projectId: res.body.project.id as string };
}

/** Every artifact of a run, downloaded through the API, as text (file trees unpacked). */
async function artifactTexts(runId: string): Promise<Map<string, string>> {
  const list = await api.get(`/runs/${runId}/artifacts`);
  expect(list.status).toBe(200);
  const out = new Map<string, string>();
  for (const artifact of list.body.artifacts as { id: string; kind: string; mediaType: string }[]) {
    const response = await fetch(`${service.url}/api/runs/${runId}/artifacts/${artifact.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status, artifact.kind).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    if (artifact.mediaType === 'application/gzip')
      for (const [path, content] of await unpackArtifact(bytes))
        out.set(`${artifact.kind}:${path}`, content.toString('utf8'));
    else out.set(artifact.kind, bytes.toString('utf8'));
  }
  return out;
}

/** Connections to anything but PostgreSQL, the service under test and the fake payment provider. */
function unexpectedConnections(): { host: string; port: number | string }[] {
  const db = new URL(service.databaseUrl);
  const allowed = new Set([
    `${db.hostname}:${db.port || 5432}`,
    `127.0.0.1:${new URL(service.url).port}`,
    `127.0.0.1:${stripe.port}`,
    `localhost:${db.port || 5432}`,
  ]);
  return connections.filter((c) => !allowed.has(`${c.host}:${String(c.port)}`));
}

describe('SSRF: URLs in any input are never fetched or read', () => {
  let first: { runId: string; projectId: string };
  let second: { runId: string; projectId: string };

  it('runs a flagship and a partner report whose every input points at the recorder, /etc/passwd and the metadata service', async () => {
    expect(readFileSync('/etc/passwd', 'utf8')).toMatch(PASSWD); // so the artifact check below means something
    first = await start({
      openapiText: description(),
      configText: flagshipConfig(),
      oldSdkText: typescriptOldSdk(),
      docsSourceText: docsSource(),
      openapiFileName: `${R}/openapi.json`,
      configFileName: 'file:///etc/passwd',
      oldSdkFileName: '/etc/passwd',
      docsSourceFileName: `${R}/docs-source.yaml`,
      projectName: `${R}/project`,
      notes: `${METADATA} ${R}/notes`,
    });
    second = await start({
      mode: 'partner_compatible',
      projectId: first.projectId,
      openapiText: description(),
      configText: stainlessConfig(),
      oldSdkText: pythonOldSdk(),
      docsSourceText: docsSource(),
      configFileName: `${R}/stainless.yml`,
    });
    const runs = await Promise.all([waitForRun(first.runId, 240_000), waitForRun(second.runId, 240_000)]);
    for (const run of runs) {
      // Finished as a report on a bad description (not an internal failure), every step ran.
      expect(run.status, JSON.stringify(run.steps)).toBe('complete');
      expect(run.verdict).toBe('not_ready');
      expect(run.steps.find((s) => s.name === 'validate')).toMatchObject({ status: 'failed' });
      for (const step of run.steps)
        expect(step.summary ?? '', step.name).not.toMatch(/ECONNREFUSED|ENOENT|EACCES|fetch failed|internal error/i);
    }
    expect(runs[0]!.steps.find((s) => s.name === 'compat_diff')?.status).not.toBe('skipped');
    expect(hits).toEqual([]);
  }, 300_000);

  it('reports every external $ref as `ref/external` at its pointer', async () => {
    for (const { runId } of [first, second]) {
      const texts = await artifactTexts(runId);
      const report = JSON.parse(texts.get('validation_report') as string) as {
        diagnostics: {
          ruleId: string;
          pointer: string;
          severity: string;
          message: string;
          locations?: { pointer: string }[];
        }[];
      };
      const external = report.diagnostics.filter((d) => d.ruleId === 'ref/external');
      // One cause in several places is one diagnostic listing them (`locations`).
      const pointers = external.flatMap((d) => (d.locations ?? [d]).map((at) => at.pointer));
      expect(pointers.sort()).toEqual(expect.arrayContaining([...EXTERNAL_REF_POINTERS].sort()));
      expect(external.every((d) => d.severity === 'error' && /never fetched or read/.test(d.message))).toBe(true);
    }
  });

  it("no artifact holds /etc/passwd, the recorder's answer or the old SDK's side effects", async () => {
    for (const { runId } of [first, second]) {
      const texts = await artifactTexts(runId);
      expect(texts.size).toBeGreaterThan(10);
      for (const [name, text] of texts) {
        expect(PASSWD.test(text), name).toBe(false);
        expect(text.includes(RECORDER_BODY), name).toBe(false);
      }
      const run = await api.get(`/runs/${runId}`);
      expect(JSON.stringify(run.body)).not.toMatch(PASSWD);
      expect(JSON.stringify(run.body)).not.toContain(RECORDER_BODY);
    }
    expect(existsSync(CANARY_FILE)).toBe(false);
    expect(Object.hasOwn(globalThis, '__pwned')).toBe(false); // the old SDK text was never run in this (the worker's) process
    expect(hits).toEqual([]);
  });

  it('publishing dry-runs and requests, the docs preview and a project API name with URLs fetch nothing', async () => {
    for (const registry of ['npm', 'pypi', 'docs', 'github']) {
      const dry = await api.post(`/runs/${first.runId}/publish/dry-run`, {
        registry,
        packageName: `${R}/pkg`,
        version: '1.0.0',
        notes: `${R}/dry-run ${METADATA}`,
      });
      expect(dry.status, JSON.stringify(dry.body)).toBe(200);
      // The package checks ran for real (npm pack and an offline install, import and tsc; the wheel
      // through twine check, a venv, import and mypy) with every proxy variable on the recorder.
      if (registry !== 'docs') {
        const check = dry.body.publishAction.checklist.find((c: { id: string }) => c.id === 'package_installs');
        expect(check?.status, check?.detail).toBe('pass');
      }
      const publish = await api.post(`/runs/${first.runId}/publish/publish`, {
        registry,
        packageName: 'probe',
        version: '1.0.0',
        notes: `${R}/publish`,
      });
      expect(publish.status, JSON.stringify(publish.body)).toBe(202);
    }
    const preview = await api.post(`/runs/${first.runId}/docs-preview/publish`);
    expect(preview.status, JSON.stringify(preview.body)).toBe(201);
    const page = await fetch(new URL(`/docs-preview/${preview.body.publication.id}/guides/start.html`, service.url));
    expect(page.status).toBe(200);
    const html = await page.text();
    // Links may point anywhere (a reader's click), but nothing on the page loads from elsewhere.
    expect(html).not.toMatch(new RegExp(`(src|srcset|poster|data)="${R}`));
    expect(html).not.toMatch(/<(img|iframe|link rel="stylesheet" href="http)/);
    const patched = await api.patch(`/projects/${first.projectId}`, { apiName: `${R}/api-name`, name: METADATA });
    expect(patched.status).toBe(200);
    expect(hits).toEqual([]);
  }, 120_000);

  it('billing checkout passes return URLs to the provider without fetching them, and refuses other origins', async () => {
    const ok = await api.post('/billing/checkout', {
      plan: 'launch',
      successUrl: `${R}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${R}/cancel`,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(stripe.requests.at(-1)?.params).toMatchObject({
      success_url: `${R}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${R}/cancel`,
    });
    for (const url of [METADATA, 'file:///etc/passwd', 'http://127.0.0.1:1/x', 'javascript:alert(1)']) {
      const refused = await trpc(service.url, token)
        .billing.checkout.mutate({ plan: 'launch', successUrl: url })
        .then(
          () => 'accepted',
          (error: unknown) => trpcError(error).code,
        );
      expect(refused, url).toBe('invalid_request');
    }
    expect(hits).toEqual([]);
  });

  it('docs-domain verification only asks the configured DNS resolver for TXT and CNAME, never the hostname itself', async () => {
    const domain = `ssrf-${randomBytes(4).toString('hex')}.localhost`;
    const added = await api.post(`/projects/${first.projectId}/domains`, { domain });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    dns.records.set(`_report-verify.${domain}`, { txt: [[added.body.domain.verificationToken as string]] });
    dns.records.set(domain, { cname: 'docs.report-service.dev' });
    const before = connections.length;
    const verified = await api.post(`/projects/${first.projectId}/domains/${added.body.domain.id}/verify`, {});
    expect(verified.status).toBe(200);
    expect(verified.body.domain.status).toBe('verified');
    const asked = dns.queries.filter((q) => q.name.endsWith(domain));
    expect(asked.map((q) => `${q.type} ${q.name}`).sort()).toEqual([`CNAME ${domain}`, `TXT _report-verify.${domain}`]);
    // The verify request itself is the only new connection (to the service); nothing to the hostname.
    const opened = connections
      .slice(before)
      .filter((c) => c.host === domain || c.port === 80 || c.port === 443 || c.port === '80' || c.port === '443');
    expect(opened).toEqual([]);
    expect(hits).toEqual([]);
  });

  it('opened no connection but to PostgreSQL, the service itself and the fake payment provider; the recorder saw nothing', () => {
    expect(connections.length).toBeGreaterThan(0); // the monitor works
    expect(unexpectedConnections()).toEqual([]);
    expect(hits).toEqual([]);
  });
});
