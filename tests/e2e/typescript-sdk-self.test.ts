import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeSpec } from '../../workers/generators/analyze.ts';
import { GENERATED_TSCONFIG } from '../../workers/generators/typescript/emit-package.ts';
import { emitTypeScriptSdk, type GeneratedFile } from '../../workers/generators/typescript/index.ts';
import { writeTree } from '../../workers/pipeline/check-with-tool.ts';
import { PETSTORE } from '../setup/http.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { newWorkspace } from '../setup/workspace.ts';
import { readmeExamples } from '../workers/generators/typescript/helpers.ts';

// Our TypeScript SDK generator on our own API: /api/openapi.json + tests/fixtures/self config →
// an SDK, compiled to JS and driven against the running service.
const ROOT = join(import.meta.dirname, '..', '..');
const CONFIG = readFileSync(join(ROOT, 'tests/fixtures/self/report-service.config.yaml'), 'utf8');
const TSC = join(ROOT, 'node_modules', 'typescript-native', 'bin', 'tsc');

/* The compiled SDK is loaded at run time; this is the part of its surface the test uses. */
interface SdkError extends Error {
  status?: number;
  body?: { error?: string };
  requestId?: string;
}
interface Client {
  apiKeys: {
    create(p: { name?: string; scopes?: string[] }): Promise<{ token: string; apiKey: { tokenPrefix: string } }>;
  };
  reports: {
    start(p: {
      openapiText: string;
      projectId?: string;
      projectName?: string;
    }): Promise<{ run: { id: string; projectId: string }; project: { id: string } }>;
  };
  runs: {
    retrieve(
      runId: string,
    ): Promise<{ run: { id: string; status: string; steps: Array<{ name: string; status: string }> } }>;
  };
  projects: { runs: { list(projectId: string, p?: { limit?: number }): AsyncIterable<{ id: string }> } };
  me: { retrieve(): Promise<{ organization?: { name: string } }> };
}
interface Sdk {
  ReportService: new (options: {
    bearerToken?: string;
    baseURL?: string;
    fetch?: typeof fetch;
    maxRetries?: number;
  }) => Client;
  NotFoundError: new (...args: never[]) => SdkError;
}

let service: TestService;
let sdk: Sdk;
let outDir: string;
let files: GeneratedFile[];

beforeAll(async () => {
  service = await startTestService({ ROLE: 'all', REPORT_RATE_LIMIT: '4', REPORT_RATE_WINDOW_SECONDS: '8' });
  const text = await (await fetch(`${service.url}/api/openapi.json`)).text();
  const analysis = await analyzeSpec({ openapiText: text, configText: CONFIG, mode: 'flagship' });
  expect(analysis.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  files = emitTypeScriptSdk(analysis.model!);
  outDir = await writeTree(files, 'report-service-sdk-');
  await promisify(execFile)(process.execPath, [TSC, '-p', join(outDir, 'tsconfig.json')], { cwd: outDir });
  sdk = (await import(pathToFileURL(join(outDir, 'dist', 'index.js')).href)) as Sdk;
}, 120_000);
afterAll(async () => {
  await service?.stop();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('the generated TypeScript SDK drives this service', () => {
  it('creates a key, starts reports, polls a run, pages through runs, gets a typed 404', async () => {
    const owner = new sdk.ReportService({
      bearerToken: (await newWorkspace(service)).token,
      baseURL: `${service.url}/api`,
    });
    const created = await owner.apiKeys.create({
      name: 'sdk',
      scopes: ['workspace:read', 'runs:write', 'projects:write', 'api_keys:write'],
    });
    expect(created.token.startsWith(created.apiKey.tokenPrefix)).toBe(true);
    const client = new sdk.ReportService({ bearerToken: created.token, baseURL: `${service.url}/api` });

    const first = await client.reports.start({ openapiText: PETSTORE, projectName: 'From the SDK' });
    const ids = [first.run.id];
    for (let i = 0; i < 2; i += 1)
      ids.push((await client.reports.start({ openapiText: PETSTORE, projectId: first.project.id })).run.id);
    let run = (await client.runs.retrieve(first.run.id)).run;
    for (let i = 0; i < 300 && !['complete', 'ready', 'failed', 'blocked'].includes(run.status); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      run = (await client.runs.retrieve(first.run.id)).run;
    }
    expect(run.status).toBe('complete');
    expect(run.steps[0]).toMatchObject({ name: 'validate', status: 'passed' });

    const paged: string[] = [];
    for await (const item of client.projects.runs.list(first.project.id, { limit: 1 })) paged.push(item.id);
    expect(paged.sort()).toEqual([...ids].sort());

    const error = await client.runs.retrieve('run_missing').catch((e: unknown) => e as SdkError);
    expect(error).toBeInstanceOf(sdk.NotFoundError);
    expect(error).toMatchObject({ status: 404, body: { error: 'not_found' } });
  }, 60_000);

  it('retries a 429 after Retry-After with the same idempotency key, and the start succeeds once', async () => {
    const calls: Array<{ status: number; key: string | null }> = [];
    const recording: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (String(input).endsWith('/reports/start'))
        calls.push({ status: response.status, key: new Headers(init?.headers).get('idempotency-key') });
      return response;
    };
    const client = new sdk.ReportService({
      bearerToken: (await newWorkspace(service)).token,
      baseURL: `${service.url}/api`,
      fetch: recording,
      maxRetries: 3,
    });
    const started = [];
    for (let i = 0; i < 5; i += 1) started.push(await client.reports.start({ openapiText: PETSTORE }));
    expect(new Set(started.map((s) => s.run.id)).size).toBe(5);
    const limited = calls.findIndex((c) => c.status === 429);
    expect(limited).toBeGreaterThanOrEqual(0);
    expect(calls[limited + 1]).toMatchObject({ status: 202, key: calls[limited]!.key });
  }, 60_000);

  it("type-checks every ```ts block of the SDK's README against the package (tsc --strict)", async () => {
    const examples = readmeExamples(files.find((f) => f.path === 'README.md')!.content);
    expect(examples.length).toBeGreaterThan(10);
    await mkdir(join(outDir, 'examples'), { recursive: true });
    for (const [i, code] of examples.entries())
      await writeFile(join(outDir, 'examples', `example-${i + 1}.ts`), `${code}\n`);
    const name = (JSON.parse(files.find((f) => f.path === 'package.json')!.content) as { name: string }).name;
    const compilerOptions = {
      ...GENERATED_TSCONFIG.compilerOptions,
      noEmit: true,
      rootDir: '.',
      allowImportingTsExtensions: true,
      paths: { [name]: ['./src/index.ts'] },
    };
    await writeFile(
      join(outDir, 'tsconfig.examples.json'),
      JSON.stringify({ compilerOptions, include: ['src', 'examples'] }),
    );
    const result = await promisify(execFile)(process.execPath, [TSC, '-p', join(outDir, 'tsconfig.examples.json')], {
      cwd: outDir,
    }).then(
      () => ({ code: 0, output: '' }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({
        code: error.code ?? 1,
        output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
      }),
    );
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  }, 60_000);
});
