// The MCP server corpus check: every description in ../shared/corpus that the model builder
// accepts is generated into one temp dir and all MCP server packages are compiled to JavaScript by
// ONE TypeScript 7 run. The SDK core and the MCP runtime are identical in every package (asserted
// byte for byte); they are compiled once (declarations for the big check, JavaScript linked into
// every package's output). Then an MCP SDK client lists every package's server's tools (all in one
// node process, over the SDK's in-memory transport; one package in STDIO_SAMPLE_EVERY also started
// with node over stdio, as users start it: the same tools), and every tool's input schema is
// checked as JSON Schema draft 2020-12 with ajv. (Starting every server over stdio took about 240 s
// of CPU per run of both shards: 280 ms of node start-up each.)

import { expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import { emitMcpServer, MCP_BUNDLE_DIR, type GeneratedFile } from '../../../../workers/generators/mcp/index.ts';
import { cliCheckOptions, REPO_ROOT, runTscNative, writeFiles } from '../cli/helpers.ts';
import { CORPUS, HAS_CORPUS } from '../corpus-helpers.ts';
import { connectStdio, schemaProblems } from './helpers.ts';
import { corpusDescriptions } from '../typescript/corpus-check.ts';
import { BUNDLE_DIR, errorsByPackage } from '../typescript/helpers.ts';

export interface McpCorpusResult {
  considered: number;
  accepted: number;
  passed: number;
  failures: { description: string; errors: string[] }[];
  listed: number;
  tools: number;
  listFailures: string[];
  schemaFailures: string[];
  /** Servers of the sample started with node and listed over stdio. */
  stdioListed: number;
  emitMs: number;
  tscMs: number;
  listMs: number;
}

/** The runtime files every package shares: `src/sdk/core/*.ts` and `src/mcp/*.ts`, as the generator copies them. */
function sharedFiles(): GeneratedFile[] {
  const read = (dir: string, prefix: string): GeneratedFile[] =>
    readdirSync(dir)
      .filter((n) => n.endsWith('.ts'))
      .sort()
      .map((n) => ({ path: `${prefix}/${n}`, content: readFileSync(join(dir, n), 'utf8') }));
  return [...read(BUNDLE_DIR, 'src/sdk/core'), ...read(MCP_BUNDLE_DIR, 'src/mcp')];
}

/** Runs `task` over `items` with at most `limit` at a time. */
async function pool<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await task(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** One package in this many (and the first) is also started with node and listed over stdio. */
const STDIO_SAMPLE_EVERY = 20;

/** The child that lists every package's tools in one process (see listInProcess). */
const LIST_SCRIPT = `
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
const [input, output] = process.argv.slice(2);
const results = [];
for (const src of JSON.parse(readFileSync(input, 'utf8'))) {
  try {
    const { spec } = await import(pathToFileURL(src + '/tools.js').href);
    const { createServer, loadTools } = await import(pathToFileURL(src + '/mcp/server.js').href);
    const server = createServer(spec, loadTools(spec), { mode: 'static', env: {}, baseURL: undefined });
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'corpus-check', version: '1.0.0' });
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    const { tools } = await client.listTools();
    results.push({ tools: tools.map((t) => ({ name: t.name, inputSchema: t.inputSchema })) });
    await client.close();
    await server.close();
  } catch (error) {
    results.push({ error: String(error?.stack ?? error).slice(0, 300) });
  }
}
writeFileSync(output, JSON.stringify(results));
`;

type Listed = { tools: { name: string; inputSchema: unknown }[] } | { error: string };

/** Lists the tools of the servers in `srcDirs` (compiled `src` folders) in one node process. */
async function listInProcess(root: string, srcDirs: string[]): Promise<Listed[]> {
  const script = join(root, 'list-tools.mjs');
  writeFileSync(script, LIST_SCRIPT);
  writeFileSync(join(root, 'list-input.json'), JSON.stringify(srcDirs));
  const output = join(root, 'list-output.json');
  const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [script, join(root, 'list-input.json'), output], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on('close', (exit) => resolve({ code: exit, stderr: err }));
  });
  if (code !== 0) throw new Error(`listing the tools in process failed (exit ${code}): ${stderr.slice(0, 2000)}`);
  return JSON.parse(readFileSync(output, 'utf8')) as Listed[];
}

/** Servers started at a time (each is a node process: CPU-bound, so about the number of cores). */
const CONCURRENCY = Number(process.env.MCP_CORPUS_CONCURRENCY ?? 2);

/** SDK runtime files only some packages get (an OAuth2 client-credentials flow, webhooks). */
const OPTIONAL_SDK_RUNTIME: ReadonlySet<string> = new Set(['src/sdk/core/oauth.ts', 'src/sdk/core/webhooks.ts']);

export async function runMcpCorpus(shard: number, shards: number, concurrency = CONCURRENCY): Promise<McpCorpusResult> {
  const root = mkdtempSync(join(tmpdir(), `mcp-corpus-${shard}-`));
  try {
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
    writeFileSync(join(root, 'package.json'), JSON.stringify({ type: 'module', private: true }));
    // The shared runtime, compiled once: declarations for the check, JavaScript for the runs.
    const shared = sharedFiles();
    const coreDir = join(root, '_core');
    writeFiles(coreDir, shared);
    writeFileSync(
      join(coreDir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: cliCheckOptions({ declaration: true, rootDir: 'src', outDir: 'js' }),
        include: ['src'],
      }),
    );
    const core = await runTscNative(join(coreDir, 'tsconfig.json'));
    if (core.code !== 0) throw new Error(`runtime compile failed:\n${core.output}`);
    const declarations = shared.map((file) => ({
      path: file.path.replace(/\.ts$/, '.d.ts'),
      content: readFileSync(join(coreDir, 'js', file.path.slice(4).replace(/\.ts$/, '.d.ts')), 'utf8'),
    }));
    const sharedText = new Map(shared.map((f) => [f.path, f.content]));

    const mine = corpusDescriptions().filter((_, i) => i % shards === shard);
    const packages = new Map<string, string>();
    let emitMs = 0;
    const pkgRoot = join(root, 'all');
    mkdirSync(pkgRoot);
    for (const file of mine) {
      const result = await analyzeSpec({ openapiText: readFileSync(file, 'utf8'), mode: 'flagship' });
      if (!result.model) continue;
      const started = performance.now();
      const files = emitMcpServer(result.model);
      emitMs += performance.now() - started;
      for (const [path, text] of sharedText) {
        const copied = files.find((f) => f.path === path);
        // The SDK's OAuth and webhook runtimes are copied only into packages whose API uses them.
        if (copied === undefined && OPTIONAL_SDK_RUNTIME.has(path)) continue;
        if (copied?.content !== text) throw new Error(`${file}: ${path} is not the bundle file verbatim`);
      }
      const dir = `p${String(packages.size).padStart(4, '0')}`;
      packages.set(dir, relative(CORPUS, file));
      writeFiles(join(pkgRoot, dir), [...files.filter((f) => !sharedText.has(f.path)), ...declarations]);
    }
    writeFileSync(
      join(pkgRoot, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: cliCheckOptions({ rootDir: '.', outDir: 'out', declaration: false, sourceMap: false }),
        include: ['p*/src/**/*.ts'],
      }),
    );
    let started = performance.now();
    const { code, output } = await runTscNative(join(pkgRoot, 'tsconfig.json'));
    const tscMs = performance.now() - started;
    const byPackage = errorsByPackage(output);
    if (code !== 0 && byPackage.size === 0)
      throw new Error(`tsc failed without per-package errors:\n${output.slice(0, 5000)}`);
    const failures = [...byPackage].map(([dir, errors]) => ({
      description: packages.get(dir) ?? dir,
      errors: errors.slice(0, 5),
    }));

    // Every package that compiled: its server's tools listed by an MCP SDK client, every one in
    // ONE node process over the SDK's in-memory transport (the server each package's main.js
    // creates, from its own tools.js), and a sample started as users start them, with node over stdio.
    started = performance.now();
    const listFailures: string[] = [];
    const schemaFailures: string[] = [];
    let listed = 0;
    let tools = 0;
    const runnable = [...packages.keys()].filter((dir) => !byPackage.has(dir));
    for (const dir of runnable) {
      const src = join(pkgRoot, 'out', dir, 'src');
      symlinkSync(join(coreDir, 'js', 'mcp'), join(src, 'mcp'), 'dir');
      symlinkSync(join(coreDir, 'js', 'sdk', 'core'), join(src, 'sdk', 'core'), 'dir');
    }
    const checkTools = (name: string, listedTools: { name: string; inputSchema: unknown }[]): void => {
      listed += 1;
      tools += listedTools.length;
      for (const tool of listedTools) {
        const problems = schemaProblems(tool.inputSchema, false);
        if (problems.length > 0) schemaFailures.push(`${name}: ${tool.name}: ${problems.slice(0, 3).join('; ')}`);
      }
    };
    const inProcess = await listInProcess(
      root,
      runnable.map((dir) => join(pkgRoot, 'out', dir, 'src')),
    );
    runnable.forEach((dir, i) => {
      const name = packages.get(dir) ?? dir;
      const result = inProcess[i];
      if (result === undefined || 'error' in result) listFailures.push(`${name}: ${result?.error ?? 'not listed'}`);
      else checkTools(name, result.tools);
    });
    // The sample over stdio: its tools must be the ones listed in process.
    const sample = runnable.filter((_, i) => i % STDIO_SAMPLE_EVERY === 0);
    let stdioListed = 0;
    await pool(sample, concurrency, async (dir) => {
      const name = packages.get(dir) ?? dir;
      try {
        // Node's compile cache: the MCP SDK's modules are compiled once for all the servers of the shard.
        const connected = await connectStdio(join(pkgRoot, 'out', dir, 'src', 'main.js'), ['--tools', 'static'], {
          NODE_COMPILE_CACHE: join(root, '.compile-cache'),
        });
        try {
          const names = (await connected.client.listTools()).tools.map((t) => t.name);
          const fromProcess = inProcess[runnable.indexOf(dir)];
          const expected = fromProcess && 'tools' in fromProcess ? fromProcess.tools.map((t) => t.name) : [];
          if (names.join() !== expected.join())
            listFailures.push(`${name}: over stdio ${names.length} tools, in process ${expected.length}`);
          stdioListed += 1;
        } finally {
          await connected.close();
        }
      } catch (error) {
        listFailures.push(`${name} (stdio): ${(error as Error).message.slice(0, 300)}`);
      }
    });
    const listMs = performance.now() - started;
    return {
      considered: mine.length,
      accepted: packages.size,
      passed: packages.size - failures.length,
      failures,
      listed,
      tools,
      listFailures,
      schemaFailures,
      stdioListed,
      emitMs,
      tscMs,
      listMs,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * The MCP server over the corpus, slice `slice + 1` of `slices` (every `slices`-th description; one test
 * file per slice so vitest runs them in parallel): the one test of a corpus-slice-N-of-M file, and
 * a loud warning when the suite is skipped.
 */
export function mcpCorpusTest(slice: number, slices: number): void {
  if (!HAS_CORPUS) console.warn(`!!! The MCP server corpus suite is SKIPPED: no corpus at ${CORPUS}`);
  it('every accepted description gives a package that compiles and a server that lists valid tools', async () => {
    const r = await runMcpCorpus(slice, slices);
    const rate = r.accepted === 0 ? 0 : (100 * r.passed) / r.accepted;
    console.log(
      `[mcp corpus shard ${slice + 1}/${slices}] ${r.passed}/${r.accepted} MCP server packages pass tsc --strict (${rate.toFixed(1)}%); ${r.considered} root descriptions, ` +
        `${r.considered - r.accepted} rejected by the model builder; ${r.listed} servers listed ${r.tools} tools (${r.stdioListed} also over stdio), ${r.listFailures.length} failed; ` +
        `${r.schemaFailures.length} invalid input schemas; emit ${Math.round(r.emitMs)} ms, tsc ${Math.round(r.tscMs)} ms, list ${Math.round(r.listMs)} ms`,
    );
    for (const failure of r.failures)
      console.log(`  FAIL ${failure.description}\n    ${failure.errors.join('\n    ')}`);
    for (const failure of r.listFailures) console.log(`  LIST FAIL ${failure}`);
    for (const failure of r.schemaFailures.slice(0, 50)) console.log(`  SCHEMA FAIL ${failure}`);
    expect(r.accepted).toBeGreaterThan(100);
    expect(r.failures).toEqual([]);
    expect(r.listed).toBe(r.accepted);
    expect(r.stdioListed).toBeGreaterThan(10);
    expect(r.listFailures).toEqual([]);
    expect(r.schemaFailures).toEqual([]);
  }, 900_000);
}
