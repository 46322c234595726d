// Runs a shipped Stainless SDK's own tests (`../shared/corpus/migration/<triple>/sdk-typescript-tests`)
// against an SDK package and a Prism mock of the triple's description, as Stainless's CI runs
// them: the tests unchanged but for `test.skip(` → `test(` (most are skipped in the source with
// "Prism tests are disabled") and the package import when our package name differs. They run in
// a child vitest with jest-compatible globals (`jest` is vitest's `vi`, set in a setup file).
//
// Two SDKs per triple: ours (the partner-mode package, built by tsc, installed as
// `node_modules/<name>` so its `package.json` `exports` decide what resolves) and the shipped one
// (its `src/` through an alias, to find the tests that fail in this harness whatever the SDK is).
// Environment, the same for both: `node-fetch` (the old Stainless tests' and shims' fetch) is the
// platform's own fetch; the old `_shims/index` (hand-written JavaScript not in the triple) is a
// module that installs the web runtime, as that file does when no shim was chosen.

import { type ChildProcess, execFile, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './helpers.ts';

export const MIGRATION = join(REPO_ROOT, '../shared/corpus/migration');
const VITEST = join(REPO_ROOT, 'node_modules/vitest/vitest.mjs');
const PRISM = join(REPO_ROOT, 'node_modules/@stoplight/prism-cli/dist/index.js');

export interface TestOutcome {
  /** `<file>: <full test name>` */
  id: string;
  passed: boolean;
  message: string;
}

export function descriptionOf(dir: string): string {
  const file = ['openapi.yaml', 'openapi.json'].map((f) => join(dir, f)).find(existsSync);
  if (!file) throw new Error(`no openapi.yaml or openapi.json in ${dir}`);
  return file;
}

export function shippedPackageName(dir: string): string {
  return (JSON.parse(readFileSync(join(dir, 'sdk-typescript/package.json'), 'utf8')) as { name: string }).name;
}

async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface Prism {
  baseURL: string;
  stop(): void;
}

/** Prism (`@stoplight/prism-cli`) mocking `description` on 127.0.0.1; resolves once it listens. */
export async function startPrism(description: string, timeoutMs = 60_000): Promise<Prism> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [PRISM, 'mock', '-h', '127.0.0.1', '-p', String(port), description],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`Prism did not start in ${timeoutMs} ms:\n${output.slice(-2000)}`));
    }, timeoutMs);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (/Prism is listening/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited (${code}):\n${output.slice(-2000)}`));
    });
  });
  child.stdout?.removeAllListeners('data');
  child.stderr?.removeAllListeners('data');
  child.stdout?.resume();
  child.stderr?.resume();
  return { baseURL: `http://127.0.0.1:${port}`, stop: () => void child.kill() };
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = join(dir, entry);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Copies the shipped tests into `runDir/tests`, un-skipped, with imports of `shippedName` (and its
 * subpaths) pointed at `ourName`. Returns the test files' paths relative to `runDir`.
 */
function copyTests(tripleDir: string, runDir: string, shippedName: string, ourName: string): string[] {
  const from = join(tripleDir, 'sdk-typescript-tests');
  const to = join(runDir, 'tests');
  cpSync(from, to, { recursive: true });
  const importOf = new RegExp(`(from\\s+['"])${escapeRegExp(shippedName)}(['"/])`, 'g');
  return listFiles(to)
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => {
      let text = readFileSync(file, 'utf8').replace(/\btest\.skip\(/g, 'test(');
      if (ourName !== shippedName) text = text.replace(importOf, `$1${ourName}$2`);
      writeFileSync(file, text);
      return relative(runDir, file);
    });
}

const NODE_FETCH_SHIM = [
  'const f = globalThis.fetch;',
  'export default f;',
  'export const Response = globalThis.Response;',
  'export const Request = globalThis.Request;',
  'export const Headers = globalThis.Headers;',
  'export const FormData = globalThis.FormData;',
  'export const Blob = globalThis.Blob;',
  '',
].join('\n');

/**
 * A runtime dependency of the shipped SDK that is not installed here (inbound's custom
 * `src/lib/render.ts` imports `@react-email/render`): a module exporting the names the SDK imports
 * from it, each throwing when called. Returns vite aliases.
 */
function stubMissingDependencies(tripleDir: string, src: string, runDir: string): string[] {
  const pkg = JSON.parse(readFileSync(join(tripleDir, 'sdk-typescript/package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const sources = listFiles(src)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  const aliases: string[] = [];
  for (const dep of Object.keys(pkg.dependencies ?? {})) {
    if (dep.startsWith('@types/') || existsSync(join(REPO_ROOT, 'node_modules', dep))) continue;
    const names = new Set<string>();
    for (const m of sources.matchAll(
      new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*['"]${escapeRegExp(dep)}['"]`, 'g'),
    ))
      for (const part of (m[1] ?? '').split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]
          ?.trim();
        if (name) names.add(name);
      }
    const file = join(runDir, `stub-${dep.replace(/[^a-z0-9]+/gi, '-')}.mjs`);
    writeFileSync(
      file,
      [...names]
        .map((n) => `export function ${n}() { throw new Error(${JSON.stringify(`${dep} is not installed`)}); }\n`)
        .join(''),
    );
    aliases.push(
      `{ find: new RegExp(${JSON.stringify(`^${escapeRegExp(dep)}$`)}), replacement: ${JSON.stringify(file)} }`,
    );
  }
  return aliases;
}

export interface RunOptions {
  tripleDir: string;
  runDir: string;
  baseURL: string;
  /** Our package: its built directory (installed under node_modules). */
  packageDir?: string;
  /** The shipped SDK: its `src/` reached through an alias of the package name. */
  shippedSrc?: string;
  timeoutMs?: number;
}

/** Runs the triple's shipped tests in a child vitest; one outcome per test. */
export async function runShippedTests(options: RunOptions): Promise<TestOutcome[]> {
  const { tripleDir, runDir } = options;
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(runDir, { recursive: true });
  const shippedName = shippedPackageName(tripleDir);
  let ourName = shippedName;
  const alias: string[] = [
    `{ find: /^node-fetch$/, replacement: ${JSON.stringify(join(runDir, 'node-fetch-shim.mjs'))} }`,
  ];
  writeFileSync(join(runDir, 'node-fetch-shim.mjs'), NODE_FETCH_SHIM);
  if (options.packageDir !== undefined) {
    ourName = (JSON.parse(readFileSync(join(options.packageDir, 'package.json'), 'utf8')) as { name: string }).name;
    const link = join(runDir, 'node_modules', ourName);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(options.packageDir, link, 'dir');
  } else if (options.shippedSrc !== undefined) {
    const src = options.shippedSrc;
    if (existsSync(join(src, '_shims/registry.ts'))) {
      // The old runtime shims: `_shims/index` is JavaScript Stainless writes by hand.
      const shim = join(runDir, 'shims-index.mjs');
      writeFileSync(
        shim,
        [
          `import * as shims from ${JSON.stringify(join(src, '_shims/registry.ts'))};`,
          `import * as auto from ${JSON.stringify(join(src, '_shims/web-runtime.ts'))};`,
          'export function init() { if (!shims.kind) shims.setShims(auto.getRuntime(), { auto: true }); }',
          'init();',
          `export * from ${JSON.stringify(join(src, '_shims/registry.ts'))};`,
          '',
        ].join('\n'),
      );
      alias.push(`{ find: /^(?:\\.\\.?\\/)+_shims\\/index$/, replacement: ${JSON.stringify(shim)} }`);
    }
    alias.push(...stubMissingDependencies(options.tripleDir, src, runDir));
    alias.push(
      `{ find: new RegExp(${JSON.stringify(`^${escapeRegExp(shippedName)}$`)}), replacement: ${JSON.stringify(join(src, 'index.ts'))} }`,
      `{ find: new RegExp(${JSON.stringify(`^${escapeRegExp(shippedName)}/`)}), replacement: ${JSON.stringify(`${src}/`)} }`,
    );
  }
  const files = copyTests(tripleDir, runDir, shippedName, ourName);
  writeFileSync(join(runDir, 'setup.mjs'), 'globalThis.jest = vi;\n');
  writeFileSync(
    join(runDir, 'vitest.config.mjs'),
    [
      'export default {',
      `  resolve: { alias: [${alias.join(', ')}] },`,
      "  test: { include: ['tests/**/*.test.ts'], globals: true, setupFiles: ['./setup.mjs'], testTimeout: 30000, pool: 'forks', maxWorkers: 1, minWorkers: 1 },",
      '};',
      '',
    ].join('\n'),
  );
  try {
    await promisify(execFile)(process.execPath, [VITEST, 'run', '--reporter=json', '--outputFile=results.json'], {
      cwd: runDir,
      env: { ...process.env, TEST_API_BASE_URL: options.baseURL, NODE_ENV: 'test', CI: '' },
      timeout: options.timeoutMs ?? 300_000,
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch {
    // A failing test exits non-zero; the JSON report says which.
  }
  const reportFile = join(runDir, 'results.json');
  if (!existsSync(reportFile)) throw new Error(`vitest wrote no report in ${runDir}`);
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as {
    testResults: {
      name: string;
      message?: string;
      assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
    }[];
  };
  const outcomes: TestOutcome[] = [];
  for (const file of report.testResults) {
    const rel = relative(join(runDir, 'tests'), file.name);
    if (file.assertionResults.length === 0) {
      // The file did not load (an import that does not resolve, a missing export): its tests
      // are unknown here; one entry stands for all of them (`scoreAgainst` expands it).
      outcomes.push({
        id: `${rel}: *`,
        passed: false,
        message: `file did not load: ${(file.message ?? '').split('\n')[0]}`,
      });
      continue;
    }
    for (const test of file.assertionResults) {
      outcomes.push({
        id: `${rel}: ${test.fullName}`,
        passed: test.status === 'passed',
        message: (test.failureMessages ?? []).join('\n').split('\n')[0] ?? '',
      });
    }
  }
  if (files.length !== report.testResults.length)
    throw new Error(`vitest ran ${report.testResults.length} of ${files.length} test files in ${runDir}`);
  return outcomes;
}

export interface Score {
  passed: number;
  total: number;
  /** Tests that fail against the shipped SDK in this harness too: id → its failure. */
  excluded: Map<string, string>;
  failures: TestOutcome[];
}

/** Our outcomes counted over the tests the shipped SDK passes (the rest excluded with their reason). */
export function scoreAgainst(ours: TestOutcome[], shipped: TestOutcome[]): Score {
  const byId = new Map(ours.map((o) => [o.id, o]));
  const excluded = new Map<string, string>();
  const failures: TestOutcome[] = [];
  let passed = 0;
  let total = 0;
  for (const test of shipped) {
    if (!test.passed) {
      excluded.set(test.id, test.message);
      continue;
    }
    total++;
    const file = test.id.slice(0, test.id.indexOf(': '));
    const mine = byId.get(test.id) ?? byId.get(`${file}: *`);
    if (mine?.passed) passed++;
    else
      failures.push(
        mine && mine.id === test.id ? mine : { id: test.id, passed: false, message: mine?.message ?? 'not run' },
      );
  }
  return { passed, total, excluded, failures };
}
