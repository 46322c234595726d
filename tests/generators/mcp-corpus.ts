// The MCP server corpus check: every description in ../shared/corpus that the model builder
// accepts is generated into one temp dir and all MCP server packages are compiled to JavaScript by
// ONE TypeScript 7 run. The SDK core and the MCP runtime are identical in every package (asserted
// byte for byte); they are compiled once (declarations for the big check, JavaScript linked into
// every package's output). Then every package's server is started with node and an MCP SDK client
// connected over stdio lists its tools (a few servers at a time), and every tool's input schema is
// checked as JSON Schema draft 2020-12 with ajv.

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { analyzeSpec } from '../../workers/generators/analyze.ts';
import { emitMcpServer, MCP_BUNDLE_DIR, type GeneratedFile } from '../../workers/generators/mcp/index.ts';
import { cliCheckOptions, REPO_ROOT, runTscNative, writeFiles } from './cli-helpers.ts';
import { CORPUS } from './corpus-helpers.ts';
import { connectStdio, schemaProblems } from './mcp-helpers.ts';
import { corpusDescriptions } from './typescript-corpus.ts';
import { BUNDLE_DIR, errorsByPackage } from './typescript-helpers.ts';

export interface McpCorpusResult {
  considered: number;
  accepted: number;
  passed: number;
  failures: { description: string; errors: string[] }[];
  listed: number;
  tools: number;
  listFailures: string[];
  schemaFailures: string[];
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

    // Every package that compiled: its server started with node, its tools listed over stdio.
    started = performance.now();
    const listFailures: string[] = [];
    const schemaFailures: string[] = [];
    let listed = 0;
    let tools = 0;
    const runnable = [...packages.keys()].filter((dir) => !byPackage.has(dir));
    await pool(runnable, concurrency, async (dir) => {
      const src = join(pkgRoot, 'out', dir, 'src');
      symlinkSync(join(coreDir, 'js', 'mcp'), join(src, 'mcp'), 'dir');
      symlinkSync(join(coreDir, 'js', 'sdk', 'core'), join(src, 'sdk', 'core'), 'dir');
      const name = packages.get(dir) ?? dir;
      try {
        // Node's compile cache: the MCP SDK's modules are compiled once for all the servers of the shard.
        const connected = await connectStdio(join(src, 'main.js'), ['--tools', 'static'], {
          NODE_COMPILE_CACHE: join(root, '.compile-cache'),
        });
        try {
          const listedTools = (await connected.client.listTools()).tools;
          listed += 1;
          tools += listedTools.length;
          for (const tool of listedTools) {
            const problems = schemaProblems(tool.inputSchema, false);
            if (problems.length > 0) schemaFailures.push(`${name}: ${tool.name}: ${problems.slice(0, 3).join('; ')}`);
          }
        } finally {
          await connected.close();
        }
        if (listed % 100 === 0) console.log(`[mcp corpus ${shard + 1}/${shards}] ${listed} servers listed`);
      } catch (error) {
        listFailures.push(`${name}: ${(error as Error).message.slice(0, 300)}`);
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
      emitMs,
      tscMs,
      listMs,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
