// The generated MCP server drives this service: /api/openapi.json + tests/fixtures/self config ->
// the mcp_server step's work (emit, then the tsc gate that builds dist/), the artifact packed as
// stored and unpacked with tar, then as a user installs it with no registry: `npm pack` and
// `npm install -g --offline` into a temp prefix (dist/main.js is bundled with the MCP SDK, so there
// is nothing to fetch), and the installed command connected to by the official MCP SDK client over
// stdio, against the running service: it lists projects, starts a report from a description
// passed as an argument, and a 404 comes back as a tool error.

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeSpec } from '../../workers/generators/analyze.ts';
import { emitMcpServer } from '../../workers/generators/mcp/index.ts';
import { packArtifact } from '../../workers/pipeline/pack-artifact.ts';
import { compiledPackageOutcome, MCP_SDK_RESOLUTION } from '../../workers/pipeline/tsc-check.ts';
import { REPO_ROOT } from '../workers/generators/cli/helpers.ts';
import { connectStdio, resultText, schemaProblems, type Connected } from '../workers/generators/mcp/helpers.ts';
import { PETSTORE } from '../setup/http.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { newWorkspace } from '../setup/workspace.ts';

const CONFIG = readFileSync(join(REPO_ROOT, 'tests/fixtures/self/report-service.config.yaml'), 'utf8');

let service: TestService;
let root: string;
let mcp: Connected;

beforeAll(async () => {
  service = await startTestService({ ROLE: 'all' });
  const { token } = await newWorkspace(service);
  const text = await (await fetch(`${service.url}/api/openapi.json`)).text();
  const analysis = await analyzeSpec({ openapiText: text, configText: CONFIG, mode: 'flagship' });
  expect(analysis.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const files = emitMcpServer(analysis.model!);
  expect(JSON.parse(files.find((f) => f.path === 'package.json')!.content)).toMatchObject({
    bin: { 'report-service-mcp': './dist/main.js' },
  });
  root = mkdtempSync(join(tmpdir(), 'mcp-self-'));
  const outcome = await compiledPackageOutcome(
    'mcp_server',
    'mcp-server',
    files,
    new AbortController().signal,
    [MCP_SDK_RESOLUTION],
    'dist/main.js',
  );
  expect(outcome.summary).toMatch(/tsc --strict passes/);
  expect(outcome.status).toBe('passed');
  const packed = await packArtifact(outcome.artifacts![0]!);
  writeFileSync(join(root, packed.fileName), packed.content);
  const dir = join(root, 'unpacked');
  mkdirSync(dir);
  execFileSync('tar', ['-xzf', join(root, packed.fileName), '-C', dir]);
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
  expect(pkg.dependencies).toBeUndefined(); // nothing to fetch at install
  const npm = (args: string[]) =>
    execFileSync('npm', [...args, '--offline', '--no-audit', '--no-fund', '--cache', join(root, 'npm-cache')], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, npm_config_registry: 'http://127.0.0.1:9/' }, // unreachable: offline for real
    });
  const tarball = npm(['pack', '--ignore-scripts', '--pack-destination', root]).trim().split('\n').pop()!;
  const prefix = join(root, 'prefix');
  npm(['install', '-g', '--prefix', prefix, join(root, tarball)]);
  mcp = await connectStdio(
    join(prefix, 'bin', 'report-service-mcp'),
    ['--base-url', `${service.url}/api`, '--tools', 'static'],
    {
      REPORT_SERVICE_API_KEY: token,
    },
  );
}, 120_000);

afterAll(async () => {
  await mcp?.close();
  await service?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('the generated MCP server drives this service', () => {
  it('lists its tools with valid input schemas', async () => {
    const { tools } = await mcp.client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining(['reports_start', 'projects_list', 'runs_retrieve', 'projects_runs_list']),
    );
    for (const tool of tools) expect(schemaProblems(tool.inputSchema), tool.name).toEqual([]);
    const start = tools.find((t) => t.name === 'reports_start');
    expect(Object.keys(start?.inputSchema.properties ?? {})).toContain('openapiText');
  });

  it('starts a report from a description passed as an argument, then lists projects and the run', async () => {
    const started = await mcp.client.callTool({
      name: 'reports_start',
      arguments: { openapiText: PETSTORE, projectName: 'From MCP' },
    });
    expect(started.isError, resultText(started)).toBeFalsy();
    const body = JSON.parse(resultText(started)) as { run: { id: string }; project: { id: string; name: string } };
    expect(body.run.id).toMatch(/^run_/);
    expect(body.project.name).toBe('From MCP');

    const projects = await mcp.client.callTool({ name: 'projects_list', arguments: {} });
    expect(projects.isError, resultText(projects)).toBeFalsy();
    expect(resultText(projects)).toContain(body.project.id);
    expect(resultText(projects)).toContain('From MCP');

    const run = await mcp.client.callTool({ name: 'runs_retrieve', arguments: { runId: body.run.id } });
    expect(JSON.parse(resultText(run))).toMatchObject({ run: { id: body.run.id, projectId: body.project.id } });
    const runs = await mcp.client.callTool({
      name: 'projects_runs_list',
      arguments: { projectId: body.project.id, limit: 1, max_pages: 3 },
    });
    expect(JSON.parse(resultText(runs))).toMatchObject({ items: [{ id: body.run.id }], pages: 1, has_more: false });
  }, 60_000);

  it('returns a 404 as a tool error with its status and message', async () => {
    const missing = await mcp.client.callTool({ name: 'runs_retrieve', arguments: { runId: 'run_missing' } });
    expect(missing.isError).toBe(true);
    expect(resultText(missing)).toMatch(/^API error 404: /);
    const detail = JSON.parse(resultText(missing).split('\n').slice(1).join('\n')) as {
      status: number;
      body: { error: string; message: string };
    };
    expect(detail.status).toBe(404);
    expect(detail.body.error).toEqual(expect.any(String));
    expect(detail.body.message).toEqual(expect.any(String));
  });
});
