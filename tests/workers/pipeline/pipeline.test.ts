import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PETSTORE, rest } from '../../setup/http.ts';
import { waitForRun } from '../../setup/runs.ts';
import { startTestService, type TestService } from '../../setup/service.ts';
import { newWorkspace } from '../../setup/workspace.ts';

let service: TestService;
let api: ReturnType<typeof rest>;
let token: string;

beforeAll(async () => {
  service = await startTestService({ ROLE: 'all', REPORT_RATE_LIMIT: '1000' });
  token = (await newWorkspace(service)).token;
  api = rest(service.url, token);
});
afterAll(async () => service?.stop());

async function start(body: Record<string, unknown>) {
  const res = await api.post('/reports/start', body);
  expect(res.status).toBe(202);
  return res.body.run.id as string;
}

// Each run now includes wire_tests (a Prism mock and the SDKs' tests): 60 s a run on a busy 2-core machine.
describe('report pipeline', { timeout: 60_000 }, () => {
  it('a sound description: validate passes with its report and a starter config, the TypeScript and Python SDKs and the CLI pass their checks; docs are built; with nothing to compare, compat_diff is skipped, so the verdict is needs_review', async () => {
    const runId = await start({ openapiText: PETSTORE });
    const run = await waitForRun(runId);
    expect(run.status).toBe('complete');
    expect(run.verdict).toBe('needs_review');
    expect(run.currentStep).toBeNull();
    const [validate, typescript, python, go, cli, ...rest] = run.steps;
    expect(validate).toMatchObject({
      name: 'validate',
      status: 'passed',
      counts: expect.objectContaining({ errors: 0 }),
    });
    expect(validate!.durationMs).toBeGreaterThanOrEqual(0);
    expect(validate!.startedAt && validate!.completedAt).toBeTruthy();
    expect(typescript).toMatchObject({
      name: 'typescript_sdk',
      status: 'passed',
      summary: expect.stringContaining('tsc --strict passes'),
      counts: expect.objectContaining({ compileErrors: 0 }),
    });
    expect(python).toMatchObject({
      name: 'python_sdk',
      status: 'passed',
      summary: expect.stringContaining('mypy --strict and pyright (strict) pass'),
    });
    expect(go).toMatchObject({
      name: 'go_sdk',
      status: 'passed',
      summary: expect.stringContaining('go vet, go build, staticcheck and go test pass'),
    });
    expect(cli).toMatchObject({
      name: 'cli',
      status: 'passed',
      summary: expect.stringContaining('tsc --strict passes'),
    });
    expect(rest.find((s) => s.name === 'mcp_server')).toMatchObject({
      status: 'passed',
      summary: expect.stringContaining('tsc --strict passes'),
    });
    expect(rest.find((s) => s.name === 'docs')).toMatchObject({
      status: 'passed',
      counts: expect.objectContaining({ pages: expect.any(Number) }),
    });
    expect(run.steps.find((s) => s.name === 'compat_diff')).toMatchObject({
      status: 'skipped',
      summary: expect.stringContaining('nothing to compare'),
    });
    // The Python wire suite waited for python_sdk's compile and was given its bytecode.
    expect(run.steps.find((s) => s.name === 'wire_tests')).toMatchObject({
      status: 'passed',
      counts: expect.objectContaining({ pythonPassed: expect.any(Number), pythonBytecodeFiles: expect.any(Number) }),
    });
    expect(run.steps.find((s) => s.name === 'wire_tests')?.counts?.pythonBytecodeFiles).toBeGreaterThan(5);

    const got = await api.get(`/runs/${runId}`);
    expect(got.body.run.artifactManifest.artifacts.map((a: { kind: string }) => a.kind).sort()).toEqual([
      'cli',
      'docs',
      'go_sdk',
      'mcp_server',
      'python_sdk',
      'starter_config',
      'typescript_sdk',
      'validation_report',
      'wire_tests',
    ]);
    const sdk = got.body.run.artifactManifest.artifacts.find((a: { kind: string }) => a.kind === 'typescript_sdk');
    expect(sdk).toMatchObject({ mediaType: 'application/gzip', name: 'typescript-sdk.tar.gz' });
    const tarball = Buffer.from(
      await (
        await fetch(`${service.url}/api/runs/${runId}/artifacts/${sdk.id}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).arrayBuffer(),
    );
    const tar = gunzipSync(tarball);
    expect(tar.includes(Buffer.from('package.json'))).toBe(true);
    expect(tar.includes(Buffer.from('src/client.ts'))).toBe(true);
    const list = await api.get(`/runs/${runId}/artifacts`);
    expect(list.status).toBe(200);
    const report = list.body.artifacts.find((a: { kind: string }) => a.kind === 'validation_report');
    const download = await fetch(`${service.url}/api/runs/${runId}/artifacts/${report.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await download.json()) as { summary: { errors: number }; diagnostics: unknown[] };
    expect(body.summary.errors).toBe(0);
    const config = list.body.artifacts.find((a: { kind: string }) => a.kind === 'starter_config');
    const yaml = await (
      await fetch(`${service.url}/api/runs/${runId}/artifacts/${config.id}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).text();
    expect(yaml).toMatch(/resources:/);
  });

  it('a clean description with nothing to compare is ready: every applicable step passed', async () => {
    const clean =
      "openapi: 3.0.3\ninfo:\n  title: Clean\n  version: 1.0.0\nservers:\n  - url: https://api.example.com\ntags:\n  - name: pets\npaths:\n  /pets:\n    get:\n      operationId: listPets\n      tags: [pets]\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema:\n                type: array\n                items:\n                  type: string\n";
    const run = await waitForRun(await start({ openapiText: clean }));
    expect(run).toMatchObject({ status: 'ready', verdict: 'ready' });
    expect(run.steps.map((s) => s.status)).toEqual([
      'passed',
      'passed',
      'passed',
      'passed',
      'passed',
      'passed',
      'passed',
      'skipped',
      'passed',
    ]);
    expect(run.artifactManifest?.quality).toMatchObject({ errors: 0, warnings: 0 });
  });

  // Whole pipeline runs (eight steps each, wire_tests among them) plus an old SDK's surface: more than 60 s on a busy 2-core machine.
  it("compat_diff: the customer's SDK against ours, and the project's previous description against this one", async () => {
    const { analyzeSpec } = await import('../../../workers/generators/analyze.ts');
    const { emitTypeScriptSdk } = await import('../../../workers/generators/typescript/index.ts');
    const before = `${PETSTORE}    post:\n      operationId: createPet\n      responses:\n        '201':\n          description: created\n`;
    const model = (await analyzeSpec({ openapiText: before, mode: 'flagship' })).model!;
    // The SDK "they ship today": ours for the old description, as one text with // File: headers.
    const oldSdkText = emitTypeScriptSdk(model)
      .filter((f) => f.path.endsWith('.ts'))
      .map((f) => `// File: ${f.path}\n${f.content}`)
      .join('\n');
    const first = await api.post('/reports/start', { openapiText: before, oldSdkText, projectName: 'Compat' });
    const firstRun = await waitForRun(first.body.run.id);
    expect(firstRun.steps.find((s) => s.name === 'compat_diff')).toMatchObject({
      status: 'passed',
      counts: expect.objectContaining({ removed: 0, added: 0 }),
    });
    // The next version drops POST /pets: the SDK loses a method, and the description diff calls it breaking.
    const second = await api.post('/reports/start', {
      openapiText: PETSTORE,
      oldSdkText,
      projectId: first.body.project.id,
    });
    const run = await waitForRun(second.body.run.id);
    const step = run.steps.find((s) => s.name === 'compat_diff')!;
    expect(step.status).toBe('passed');
    expect(step.counts).toMatchObject({ removed: 1, breaking: expect.any(Number) });
    expect(step.counts!.breaking).toBeGreaterThanOrEqual(1);
    const artifact = (await api.get(`/runs/${run.id}/artifacts`)).body.artifacts.find(
      (a: { kind: string }) => a.kind === 'compat_diff',
    );
    const tar = gunzipSync(
      Buffer.from(
        await (
          await fetch(`${service.url}/api/runs/${run.id}/artifacts/${artifact.id}`, {
            headers: { authorization: `Bearer ${token}` },
          })
        ).arrayBuffer(),
      ),
    );
    expect(tar.includes(Buffer.from('compat-diff.md'))).toBe(true);
    expect(tar.includes(Buffer.from('"kind": "description_diff"'))).toBe(true);
  }, 180_000);

  // As above: a whole run plus the old Python SDK's surface.
  it('compat_diff reads a Python SDK too (parsed with ast, never imported)', async () => {
    const { analyzeSpec } = await import('../../../workers/generators/analyze.ts');
    const { emitPythonSdk } = await import('../../../workers/generators/python/index.ts');
    const before = `${PETSTORE}    post:\n      operationId: createPet\n      responses:\n        '201':\n          description: created\n`;
    const model = (await analyzeSpec({ openapiText: before, mode: 'flagship' })).model!;
    const oldSdkText = emitPythonSdk(model)
      .filter((f) => f.path.endsWith('.py'))
      .map((f) => `# File: ${f.path}\n${f.content}`)
      .join('\n');
    const run = await waitForRun(await start({ openapiText: PETSTORE, oldSdkText }));
    const step = run.steps.find((s) => s.name === 'compat_diff')!;
    expect(step).toMatchObject({ status: 'passed', counts: expect.objectContaining({ removed: 1 }) });
    expect(step.summary).toMatch(/migration risk/);
  }, 120_000);

  it('the docs of a run publish as a hosted preview: 201, served noindex with the CSP, search index and assets included', async () => {
    const runId = await start({
      openapiText: PETSTORE,
      docsSourceText: 'logoText: Pet Docs\ntheme:\n  primary: "#0f766e"\n',
    });
    const run = await waitForRun(runId);
    expect(run.steps.find((s) => s.name === 'docs')).toMatchObject({
      status: 'passed',
      summary: expect.stringContaining('styled by the docs source'),
    });
    const published = await api.post(`/runs/${runId}/docs-preview/publish`);
    expect(published.status).toBe(201);
    const page = await fetch(published.body.publication.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    const html = await page.text();
    expect(html).toContain('<meta name="robots" content="noindex,nofollow">');
    expect(html).toContain('Pet Docs');
    const index = await fetch(`${published.body.publication.url}search-index.json`);
    expect(index.status).toBe(200);
    expect(index.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(JSON.stringify(await index.json())).toMatch(/listPets|pets/i);
  });

  it('an invalid docs source is reported and the site is built without it', async () => {
    const run = await waitForRun(
      await start({ openapiText: PETSTORE, docsSourceText: 'theme:\n  primary: "red; } body { display: none"\n' }),
    );
    expect(run.steps.find((s) => s.name === 'docs')).toMatchObject({
      status: 'failed',
      summary: expect.stringContaining('docsSourceText was not used'),
    });
    expect(run.artifactManifest?.artifacts.some((a) => a.kind === 'docs')).toBe(true);
  });

  it('an invalid description ends complete + not_ready with located diagnostics (a report, not a crash)', async () => {
    const runId = await start({
      openapiText: 'openapi: 3.0.3\ninfo:\n  title: Broken\npaths:\n  /pets:\n    get:\n      responses: {}\n',
    });
    const run = await waitForRun(runId);
    expect(run).toMatchObject({ status: 'complete', verdict: 'not_ready' });
    expect(run.steps[0]).toMatchObject({ name: 'validate', status: 'failed' });
    const list = await api.get(`/runs/${runId}/artifacts`);
    const report = list.body.artifacts.find((a: { kind: string }) => a.kind === 'validation_report');
    const body = (await (
      await fetch(`${service.url}/api/runs/${runId}/artifacts/${report.id}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as {
      diagnostics: Array<{ ruleId: string; severity: string; pointer: string; line: number; column: number }>;
    };
    const error = body.diagnostics.find((d) => d.severity === 'error');
    expect(error).toMatchObject({
      ruleId: expect.any(String),
      pointer: expect.any(String),
      line: expect.any(Number),
      column: expect.any(Number),
    });
    expect(error!.line).toBeGreaterThan(0);
  });

  it('text that is not YAML or JSON at all is a diagnostic too', async () => {
    const run = await waitForRun(await start({ openapiText: '{{{ not yaml: [' }));
    expect(run).toMatchObject({ status: 'complete', verdict: 'not_ready' });
  });

  it('a partner run whose config lacks what it needs ends blocked + needs_setup', async () => {
    const run = await waitForRun(
      await start({ openapiText: PETSTORE, mode: 'partner_compatible', configText: 'organization:\n  name: acme\n' }),
    );
    expect(run).toMatchObject({ status: 'blocked', verdict: 'needs_setup' });
    expect(run.steps.slice(1).every((s) => s.status === 'skipped' && /needs setup/.test(s.summary ?? ''))).toBe(true);
  });

  it('downloads answer 404 across workspaces and 410 once purged', async () => {
    const runId = await start({ openapiText: PETSTORE });
    await waitForRun(runId);
    const artifacts = (await api.get(`/runs/${runId}/artifacts`)).body.artifacts as Array<{ id: string }>;
    const other = await newWorkspace(service, 'Other');
    const foreign = await fetch(`${service.url}/api/runs/${runId}/artifacts/${artifacts[0]!.id}`, {
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(foreign.status).toBe(404);
    expect(await rest(service.url, other.token).get(`/runs/${runId}/artifacts`)).toMatchObject({ status: 404 });
    await service.deps.db.sequelize.query('UPDATE artifacts SET object_key = NULL WHERE run_id = $1', {
      bind: [runId],
    });
    const gone = await fetch(`${service.url}/api/runs/${runId}/artifacts/${artifacts[0]!.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(gone.status).toBe(410);
    expect(await gone.json()).toMatchObject({ error: 'artifact_expired' });
  });

  it('file-tree artifacts are deterministic gzip tarballs', async () => {
    const { packArtifact } = await import('../../../workers/pipeline/pack-artifact.ts');
    const files = [
      { path: 'b.txt', content: 'two' },
      { path: 'a/one.ts', content: 'export const one = 1;\n' },
    ];
    const first = await packArtifact({ kind: 'typescript_sdk', name: 'sdk', files });
    const second = await packArtifact({ kind: 'typescript_sdk', name: 'sdk', files: [...files].reverse() });
    expect(first.sha256).toBe(second.sha256);
    expect(first.fileCount).toBe(2);
    expect(gunzipSync(first.content).includes(Buffer.from('export const one'))).toBe(true);
    await expect(packArtifact({ kind: 'cli', name: 'x', files: [{ path: '../escape', content: '' }] })).rejects.toThrow(
      /unsafe path/,
    );
  });
});
