// The generated CLI drives this service: /api/openapi.json + tests/fixtures/self config -> the
// CLI package, compiled with TypeScript 7 and run with node as a subprocess against the running
// service (start a report from a file, get the run as json and table, list runs with --all,
// a 404 exits 1, a bad flag exits 2).

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import { emitCli } from '../../../../workers/generators/cli/index.ts';
import { PETSTORE } from '../../../setup/http.ts';
import { startTestService, type TestService } from '../../../setup/service.ts';
import { newWorkspace } from '../../../setup/workspace.ts';
import { compilePackages, REPO_ROOT, runCli, type RunResult } from './helpers.ts';

const CONFIG = readFileSync(join(REPO_ROOT, 'tests/fixtures/self/report-service.config.yaml'), 'utf8');

let service: TestService;
let root: string;
let token: string;

beforeAll(async () => {
  service = await startTestService({ ROLE: 'all' });
  token = (await newWorkspace(service)).token;
  const text = await (await fetch(`${service.url}/api/openapi.json`)).text();
  const analysis = await analyzeSpec({ openapiText: text, configText: CONFIG, mode: 'flagship' });
  expect(analysis.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const files = emitCli(analysis.model!);
  expect(JSON.parse(files.find((f) => f.path === 'package.json')!.content)).toMatchObject({
    bin: { 'report-service': './dist/main.js' },
  });
  root = mkdtempSync(join(tmpdir(), 'cli-live-'));
  const compiled = await compilePackages(root, new Map([['report-service', files]]));
  expect(compiled.output).toBe('');
  expect(compiled.code).toBe(0);
}, 120_000);

afterAll(async () => {
  await service?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** The CLI with the workspace token in `REPORT_SERVICE_API_KEY` and the service's base URL. */
const cli = (args: string[], env: Record<string, string> = {}): Promise<RunResult> =>
  runCli(join(root, 'out/report-service/src/main.js'), [...args, '--base-url', `${service.url}/api`], {
    env: { REPORT_SERVICE_API_KEY: token, ...env },
    cwd: root,
  });

function ok(result: RunResult): string {
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return result.stdout;
}

describe('the generated CLI drives this service', () => {
  it('starts a report from a file, gets the run as json and table, lists runs with --all', async () => {
    const body = join(root, 'start.json');
    writeFileSync(body, JSON.stringify({ openapiText: PETSTORE, projectName: 'From the CLI' }));
    const started = JSON.parse(ok(await cli(['reports', 'start', '--data', `@${body}`]))) as {
      run: { id: string; status: string };
      project: { id: string };
    };
    expect(started.run.id).toMatch(/^run_/);
    const ids = [started.run.id];
    for (let i = 0; i < 2; i += 1) {
      const more = JSON.parse(
        ok(await cli(['reports', 'start', '--openapi-text', PETSTORE, '--project-id', started.project.id])),
      ) as { run: { id: string } };
      ids.push(more.run.id);
    }

    const asJson = JSON.parse(ok(await cli(['runs', 'retrieve', '--run-id', started.run.id, '--format', 'json']))) as {
      run: { id: string; projectId: string };
    };
    expect(asJson.run).toMatchObject({ id: started.run.id, projectId: started.project.id });
    const table = ok(await cli(['runs', 'retrieve', started.run.id, '--format', 'table']));
    expect(table.split('\n')[0]).toMatch(/^KEY\s+VALUE$/);
    expect(table).toMatch(new RegExp(`^run\\.id\\s+${started.run.id}$`, 'm'));
    expect(table).toMatch(/^run\.status\s+\w+$/m);

    const all = JSON.parse(
      ok(await cli(['projects', 'runs', 'list', started.project.id, '--limit', '1', '--all'])),
    ) as { id: string }[];
    expect(all.map((r) => r.id).sort()).toEqual([...ids].sort());
    const onePage = JSON.parse(
      ok(await cli(['projects', 'runs', 'list', '--project-id', started.project.id, '--limit', '1'])),
    ) as { runs: unknown[]; nextCursor: string | null };
    expect(onePage.runs).toHaveLength(1);
    expect(typeof onePage.nextCursor).toBe('string');
  }, 60_000);

  it('exits 1 with the status on stderr for a 404, and 2 with a suggestion for a bad flag', async () => {
    const missing = await cli(['runs', 'retrieve', 'run_missing']);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toMatch(/status: 404/);
    const bad = await cli(['runs', 'retrieve', 'run_x', '--run-idd', 'y']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/Unknown flag '--run-idd'\. Did you mean '--run-id'\?/);
    const noKey = await cli(['me', 'retrieve'], { REPORT_SERVICE_API_KEY: '' });
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toMatch(/status: 401/);
    const dry = ok(await cli(['me', 'retrieve', '--dry-run']));
    expect(dry).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/api\/me\n/);
    expect(dry).toContain('authorization: [REDACTED]');
    expect(dry).not.toContain(token);
  }, 60_000);
});
