// The hostile-description corpus (tests/fixtures/hostile/cases.ts) through the pipeline's analysis,
// TypeScript SDK, CLI and docs generators (hostile-corpus-python.test.ts does the Python SDK):
// every case ends in bounded time without a crash; every artifact path stays inside its package
// (also once packed); every SDK and CLI compiles under --strict (ONE native tsc run for all SDKs,
// one for all CLIs); no description text ever runs as code (no canary identifier in the code, and
// importing every SDK, calling every method, every CLI command, `--help` and the sourced bash
// completion leave no trace); docs pages carry no script, handler or script URL of the
// description's making.

import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANARY_FILE, HOSTILE_CASES } from '../fixtures/hostile/cases.ts';
import { siteScript } from '../../workers/generators/docs/bundle-files.ts';
import { cliCheckOptions, runTscNative } from '../workers/generators/cli/helpers.ts';
import { checkOptions } from '../workers/generators/typescript/helpers.ts';
import {
  docsPageProblems,
  generateAll,
  packedEntries,
  treeProblems,
  tsCanaryHits,
  type CaseResult,
  type GeneratedFile,
} from './hostile-pipeline.ts';

const PER_CASE_MS = 20_000;
const BASE_URL = 'http://127.0.0.1:9/base';

let results: CaseResult[] = [];
const root = mkdtempSync(join(tmpdir(), 'hostile-corpus-'));
/** Cases whose SDK / CLI compiled (the runtime checks run on those). */
const compiled = { typescript: [] as string[], cli: [] as string[] };

const byName = (name: string): CaseResult => results.find((r) => r.name === name) as CaseResult;
const generated = (kind: 'typescript' | 'cli' | 'docs'): [string, GeneratedFile[]][] =>
  results.flatMap((r) => (r.files[kind] !== undefined ? [[r.name, r.files[kind]] as [string, GeneratedFile[]]] : []));

beforeAll(async () => {
  rmSync(CANARY_FILE, { force: true });
  results = await generateAll(['typescript', 'cli', 'docs'], PER_CASE_MS);
}, 900_000);

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

function writeTree(dir: string, files: readonly GeneratedFile[]): void {
  for (const file of files) {
    const target = join(dir, file.path);
    mkdirSync(join(target, '..'), { recursive: true });
    writeFileSync(target, file.content);
  }
}

/** tsc errors per case: the lines naming `/<case>/src/`. */
function errorsOf(output: string, names: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of output.split('\n').filter((l) => /error TS\d+/.test(l))) {
    const name = names.find((n) => line.includes(`/${n}/src/`) || line.startsWith(`${n}/src/`)) ?? '(unattributed)';
    out.set(name, [...(out.get(name) ?? []), line]);
  }
  return out;
}

describe('the hostile corpus', () => {
  it('has at least 40 named cases with unique kebab-case names', () => {
    expect(HOSTILE_CASES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(HOSTILE_CASES.map((c) => c.name)).size).toBe(HOSTILE_CASES.length);
    for (const c of HOSTILE_CASES) expect(c.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(results).toHaveLength(HOSTILE_CASES.length);
  });

  it('every case ends within the time limit, without a crash, with a model exactly when it should and the rules it must raise', () => {
    const failures: string[] = [];
    for (const c of HOSTILE_CASES) {
      const r = byName(c.name);
      if (r.hung) {
        failures.push(`${c.name}: did not finish within ${PER_CASE_MS} ms (stopped in ${r.hungIn ?? '?'})`);
        continue;
      }
      for (const [phase, error] of Object.entries(r.crashes)) failures.push(`${c.name}: ${phase} crashed: ${error}`);
      if (r.hasModel !== c.model) failures.push(`${c.name}: model ${r.hasModel ? 'built' : 'missing'}`);
      for (const rule of c.rules ?? [])
        if (!r.diagnostics.some((d) => d.ruleId === rule))
          failures.push(
            `${c.name}: no ${rule} diagnostic (got ${[...new Set(r.diagnostics.map((d) => d.ruleId))].join(', ')})`,
          );
      if (r.diagnostics.some((d) => d.ruleId.startsWith('internal/')))
        failures.push(
          `${c.name}: internal diagnostic ${JSON.stringify(r.diagnostics.find((d) => d.ruleId.startsWith('internal/')))}`,
        );
      if (c.model)
        for (const kind of ['typescript', 'cli', 'docs'] as const)
          if (r.files[kind] === undefined && r.crashes[kind] === undefined)
            failures.push(`${c.name}: no ${kind} output`);
    }
    const slowest = [...results].sort((a, b) => total(b) - total(a)).slice(0, 3);
    console.log(
      `hostile corpus: ${results.length} cases generated; slowest: ${slowest.map((r) => `${r.name} ${Math.round(total(r))} ms`).join(', ')}`,
    );
    expect(failures).toEqual([]);
  });

  it('keeps every artifact path relative, normalized and inside its package, also inside the packed .tar.gz', async () => {
    const failures: string[] = [];
    for (const kind of ['typescript', 'cli', 'docs'] as const) {
      for (const [name, files] of generated(kind)) {
        const problems = treeProblems(files);
        for (const p of problems) failures.push(`${name} ${kind}: ${p}`);
        if (problems.length > 0) continue;
        const entries = await packedEntries(`${name}-${kind}`, files).catch((error: unknown) => {
          failures.push(`${name} ${kind}: packing failed: ${String(error)}`);
          return [];
        });
        for (const entry of entries)
          if (entry.type !== 'file' || treeProblems([{ path: entry.name, content: '' }]).length > 0)
            failures.push(`${name} ${kind}: packed entry ${entry.type} ${JSON.stringify(entry.name.slice(0, 120))}`);
        if (entries.length > 0)
          expect(entries.map((e) => e.name).sort(), `${name} ${kind}`).toEqual(files.map((f) => f.path).sort());
      }
    }
    expect(failures).toEqual([]);
  });

  it('every TypeScript SDK compiles under --strict (ONE tsc run for all cases), and so does every CLI (one more run)', async () => {
    const runs = (['typescript', 'cli'] as const).map(async (kind) => {
      const dir = join(root, kind);
      mkdirSync(dir, { recursive: true });
      const names: string[] = [];
      for (const [name, files] of generated(kind)) {
        if (treeProblems(files).length > 0) continue; // reported by the path check; such a tree cannot be written
        writeTree(join(dir, name), files);
        names.push(name);
      }
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
      const options =
        kind === 'typescript'
          ? checkOptions({ rootDir: '.', outDir: 'out' })
          : cliCheckOptions({ rootDir: '.', outDir: 'out' });
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({ compilerOptions: options, include: names.map((n) => `${n}/src/**/*.ts`) }),
      );
      const started = performance.now();
      const result = await runTscNative(join(dir, 'tsconfig.json'), 300_000);
      const errors = errorsOf(result.output, names);
      if (result.code !== 0 && errors.size === 0) errors.set('(tsc)', [result.output.slice(0, 3000)]);
      mkdirSync(join(dir, 'out'), { recursive: true });
      writeFileSync(join(dir, 'out', 'package.json'), JSON.stringify({ type: 'module' }));
      compiled[kind] = names.filter((n) => !errors.has(n));
      console.log(
        `hostile corpus: ${kind} ${compiled[kind].length}/${names.length} packages compile (tsc ${Math.round(performance.now() - started)} ms)`,
      );
      return [...errors].map(([name, lines]) => `${kind} ${name}:\n  ${lines.slice(0, 5).join('\n  ')}`);
    });
    const failures = (await Promise.all(runs)).flat();
    expect(failures).toEqual([]);
    expect(compiled.typescript.length).toBeGreaterThan(0);
  }, 600_000);

  it('never turns description text into TypeScript code: no canary identifier outside strings and comments', () => {
    const hits: string[] = [];
    for (const kind of ['typescript', 'cli'] as const) {
      for (const [name, files] of generated(kind)) {
        for (const file of files) {
          // The bundled runtime is copied verbatim (asserted by the generator suites), not generated.
          if (!file.path.endsWith('.ts') || /\/(core|cli)\//.test(file.path)) continue;
          hits.push(...tsCanaryHits(`${name}/${kind}/${file.path}`, file.content));
        }
      }
    }
    expect(hits).toEqual([]);
  });

  it('imports every SDK, calls every method and every CLI command without running description text; requests stay under the base URL', async () => {
    const script = join(root, 'exercise.mjs');
    writeFileSync(script, EXERCISE_SCRIPT);
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [script, root, JSON.stringify(compiled.typescript), JSON.stringify(compiled.cli), BASE_URL],
      {
        maxBuffer: 64 * 1024 * 1024,
        timeout: 240_000,
        cwd: root,
      },
    );
    const report = JSON.parse(stdout) as ExerciseReport;
    const failures: string[] = [];
    if (report.pwned !== false) failures.push(`globalThis.__pwned was set to ${report.pwned} ${stderr}`);
    if (report.polluted) failures.push('Object.prototype was polluted');
    for (const [name, entry] of Object.entries(report.cases)) {
      if (!entry.imported) failures.push(`${name}: not imported: ${entry.errors.join(' | ')}`);
      if (entry.unsettled.length > 0)
        failures.push(`${name}: calls that did not settle within 2 s: ${entry.unsettled.join(', ')}`);
      if (entry.timersLeft > 0)
        failures.push(
          `${name}: ${entry.timersLeft} timers left pending after its calls ended (a failed request did not clear its timeout; a CLI would wait for it before exiting)`,
        );
      for (const url of entry.urls) {
        const parsed = new URL(url);
        if (
          parsed.origin !== new URL(BASE_URL).origin ||
          !parsed.pathname.startsWith('/base/') ||
          /\/\.\.?(\/|$|\?|#)/.test(url.split('?')[0] as string)
        )
          failures.push(`${name}: request left the base URL: ${url}`);
      }
    }
    const calls = Object.values(report.cases).reduce((n, e) => n + e.calls, 0);
    const requests = Object.values(report.cases).reduce((n, e) => n + e.urls.length, 0);
    console.log(
      `hostile corpus: ${Object.keys(report.cases).length} SDKs / CLI tables exercised, ${calls} calls, ${requests} requests`,
    );
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(100);
    expect(existsSync(CANARY_FILE)).toBe(false);
  }, 300_000);

  it('runs every CLI (`--help`, `completion bash` sourced by bash) without running description text or printing control characters', async () => {
    const preload = join(root, 'preload.mjs');
    writeFileSync(
      preload,
      "process.on('exit', () => { if (Object.hasOwn(globalThis, '__pwned')) process.stderr.write('PWNED ' + String(globalThis.__pwned)); });\n",
    );
    const failures: string[] = [];
    const completions: string[] = [];
    const queue = [...compiled.cli];
    const runOne = async (name: string): Promise<void> => {
      const main = join(root, 'cli', 'out', name, 'src', 'main.js');
      const run = (args: string[]) =>
        promisify(execFile)(process.execPath, ['--import', preload, main, ...args], {
          cwd: root,
          timeout: 30_000,
          env: { PATH: process.env.PATH ?? '' },
          maxBuffer: 16 * 1024 * 1024,
        }).catch((error: { stdout?: string; stderr?: string; code?: number }) => ({
          stdout: error.stdout ?? '',
          stderr: `${error.stderr ?? ''} (exit ${String(error.code)})`,
        }));
      const help = await run(['--help']);
      if (!/Usage/.test(help.stdout) || help.stderr !== '')
        failures.push(`${name}: --help -> ${help.stderr.slice(0, 300)}`);
      const bad = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e]/.exec(help.stdout);
      if (bad) failures.push(`${name}: --help printed control character U+${bad[0].codePointAt(0)!.toString(16)}`);
      const completion = await run(['completion', 'bash']);
      if (completion.stderr !== '') failures.push(`${name}: completion bash -> ${completion.stderr.slice(0, 300)}`);
      const file = join(root, `completion-${name}.bash`);
      writeFileSync(file, completion.stdout);
      completions.push(file);
    };
    await Promise.all(
      [0, 1].map(async () => {
        for (let name = queue.shift(); name !== undefined; name = queue.shift()) await runOne(name);
      }),
    );
    // One bash sources every completion script and runs its completion function at the root and
    // for every word it offers there (compgen -W expands its word list: a `$(...)` in it would run).
    const bashScript = [
      'for f in "$@"; do',
      '  line=$(grep -E "^complete -F " "$f") || { echo "NO COMPLETE LINE $f"; continue; }',
      '  read -r _ _ fn bin <<< "$line"',
      '  source "$f" || { echo "SOURCE FAILED $f"; continue; }',
      '  complete -p "$bin" > /dev/null || { echo "NOT REGISTERED $bin"; continue; }',
      '  COMP_WORDS=("$bin" ""); COMP_CWORD=1; COMPREPLY=(); "$fn"',
      '  [ "${#COMPREPLY[@]}" -gt 0 ] || echo "NO WORDS $bin"',
      '  for w in "${COMPREPLY[@]}"; do COMP_WORDS=("$bin" "$w" ""); COMP_CWORD=2; "$fn"; done',
      '  echo "OK $bin"',
      'done',
    ].join('\n');
    const sourced = await promisify(execFile)('bash', ['-c', bashScript, 'bash', ...completions], {
      cwd: root,
      timeout: 120_000,
    }).catch((error: { stdout?: string; stderr?: string }) => ({
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? 'bash failed',
    }));
    const notOk = sourced.stdout.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('OK '));
    if (notOk.length > 0 || sourced.stderr.trim() !== '')
      failures.push(`bash completion: ${notOk.join(' | ').slice(0, 1000)} ${sourced.stderr.slice(0, 1000)}`);
    expect(failures).toEqual([]);
    expect(sourced.stdout.split('\n').filter((l) => l.startsWith('OK '))).toHaveLength(compiled.cli.length);
    expect(existsSync(CANARY_FILE)).toBe(false);
  }, 300_000);

  it("docs pages carry only the generator's own script, no event-handler attributes, no javascript:/data: links; site.js (bundled from bundle/) and the search index are the generator's", () => {
    const failures: string[] = [];
    const siteJs = siteScript();
    let pages = 0;
    for (const [name, files] of generated('docs')) {
      for (const file of files) {
        if (file.path.endsWith('.html')) {
          pages += 1;
          failures.push(...docsPageProblems(name, file.path, file.content));
        }
      }
      if (files.find((f) => f.path === 'assets/site.js')?.content !== siteJs)
        failures.push(`${name}: assets/site.js is not the bundle file`);
      const js = files.filter((f) => f.path.endsWith('.js')).map((f) => f.path);
      if (js.join() !== 'assets/site.js') failures.push(`${name}: script files ${js.join(', ')}`);
      const index = JSON.parse(files.find((f) => f.path === 'search-index.json')?.content ?? '{"items":[]}') as {
        items: { u: string }[];
      };
      for (const item of index.items)
        if (!/^[a-z0-9._/-]*(#[a-z0-9._-]*)?$/.test(item.u) || item.u.split('#')[0]!.split('/').includes('..'))
          failures.push(`${name}: search index URL ${JSON.stringify(item.u)}`);
    }
    console.log(`hostile corpus: ${pages} docs pages checked`);
    expect(failures).toEqual([]);
    expect(pages).toBeGreaterThan(HOSTILE_CASES.length);
  });

  it("package manifests keep the generator's scripts and safe bin names whatever the description says", () => {
    const failures: string[] = [];
    for (const kind of ['typescript', 'cli'] as const) {
      for (const [name, files] of generated(kind)) {
        const manifest = JSON.parse(files.find((f) => f.path === 'package.json')?.content ?? '{}') as {
          name?: string;
          scripts?: Record<string, string>;
          bin?: Record<string, string>;
        };
        if (
          !/^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/.test(manifest.name ?? '') ||
          (manifest.name ?? '').length > 214
        )
          failures.push(`${name} ${kind}: package name ${JSON.stringify(manifest.name)}`);
        // The generator's own scripts only: the build, and the SDK's shipped wire tests (#29).
        const allowed: Record<string, string> = {
          build: 'tsc -p tsconfig.json',
          prepublishOnly: 'tsc -p tsconfig.json',
          test: kind === 'cli' ? 'node --test tests/cli.test.mjs' : 'node --test tests/api.test.mjs',
        };
        for (const [script, command] of Object.entries(manifest.scripts ?? {}))
          if (allowed[script] !== command) failures.push(`${name} ${kind}: script ${script}: ${command}`);
        for (const [bin, target] of Object.entries(manifest.bin ?? {})) {
          if (!/^[a-z0-9][a-z0-9._-]*$/.test(bin) || bin.length > 214)
            failures.push(`${name} ${kind}: bin name ${JSON.stringify(bin)}`);
          if (target !== './dist/main.js') failures.push(`${name} ${kind}: bin target ${target}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('the hostile corpus, starter config', () => {
  it("is data: it parses as YAML with only the generator's keys whatever the names in the description", () => {
    const failures: string[] = [];
    for (const r of results.filter((x) => x.starterConfigYaml !== undefined)) {
      let parsed: unknown;
      try {
        parsed = parseYaml(r.starterConfigYaml as string, { maxAliasCount: 0 });
      } catch (error) {
        failures.push(`${r.name}: ${(error as Error).message}`);
        continue;
      }
      const keys = Object.keys(parsed as object);
      const extra = keys.filter(
        (k) => !['client_name', 'organization', 'packages', 'env_prefix', 'environments', 'resources'].includes(k),
      );
      if (extra.length > 0) failures.push(`${r.name}: top-level keys ${extra.join(', ')}`);
    }
    expect(failures).toEqual([]);
    expect(results.filter((x) => x.starterConfigYaml !== undefined).length).toBeGreaterThanOrEqual(40);
  });
});

function total(r: CaseResult): number {
  return Object.values(r.ms).reduce((a, b) => a + (b ?? 0), 0);
}

interface ExerciseReport {
  pwned: string | false;
  polluted: boolean;
  cases: Record<
    string,
    {
      imported: boolean;
      methods: number;
      calls: number;
      urls: string[];
      errors: string[];
      unsettled: string[];
      timersLeft: number;
    }
  >;
}

/**
 * Runs in a child node process: imports each compiled SDK, makes a client with a recording `fetch`,
 * calls every method of every resource with hostile arguments (`..`, an encoded-traversal string,
 * a plain value; as positional values and as every key of a params object), then every command
 * of each compiled CLI's command table the same way; prints the URLs requested, calls that never
 * settled, timers left behind, and whether anything set `globalThis.__pwned` or polluted
 * Object.prototype.
 */
const EXERCISE_SCRIPT = String.raw`
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
const [root, sdkNames, cliNames, baseURL] = [process.argv[2], JSON.parse(process.argv[3]), JSON.parse(process.argv[4]), process.argv[5]];
const ARGS = ['..', '../../evil?x=1#y', '%2e%2e%2f', 'x'];
const report = { pwned: false, polluted: false, cases: {} };
const settle = async (value) => {
  if (!value || typeof value.then !== 'function') return undefined;
  let timer;
  const result = await Promise.race([Promise.resolve(value).catch(() => undefined), new Promise((r) => { timer = setTimeout(() => r('unsettled'), 2000); })]);
  clearTimeout(timer);
  return result;
};
/** A params object whose every (own-looking) key holds the hostile value. */
const hostileParams = (arg) => new Proxy({}, { get: (_, key) => (typeof key === 'string' && !(key in Object.prototype) && key !== 'then' && key !== 'toJSON' ? arg : undefined) });
// Timers still pending after a case's calls ended: a request that failed without cleaning up.
const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
function recorder(entry) {
  return async (url) => {
    entry.urls.push(String(url));
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  };
}
for (const name of sdkNames) {
  const entry = (report.cases['sdk ' + name] = { imported: false, methods: 0, calls: 0, urls: [], errors: [], unsettled: [], timersLeft: 0 });
  const timersBefore = timers();
  try {
    const sdk = await import(pathToFileURL(join(root, 'typescript', 'out', name, 'src', 'index.js')).href);
    entry.imported = true;
    const client = new sdk.default({ apiKey: 'k', baseURL, fetch: recorder(entry), maxRetries: 0, timeout: 2000 });
    const resources = [];
    const seen = new Set();
    const walk = (object, depth) => {
      for (const key of Object.getOwnPropertyNames(object)) {
        let value;
        try { value = object[key]; } catch { continue; }
        if (value && typeof value === 'object' && '_client' in value && !seen.has(value) && depth < 10) { seen.add(value); resources.push(value); walk(value, depth + 1); }
      }
    };
    walk(client, 0);
    for (const resource of resources) {
      const proto = Object.getPrototypeOf(resource);
      for (const method of Object.getOwnPropertyNames(proto)) {
        if (method === 'constructor' || typeof proto[method] !== 'function') continue;
        entry.methods += 1;
        // Parameter names of the compiled method: \`(id, params = {}, options)\`.
        const names = (/^[^(]*\(([^)]*)\)/.exec(String(proto[method]))?.[1] ?? '').split(',').map((p) => p.split('=')[0].trim()).filter(Boolean);
        const paramsAt = names.findIndex((n) => /^params\d*$/.test(n));
        const arity = names.at(-1) === 'options' ? names.length - 1 : names.length; // \`options\` is the caller's, not the description's
        for (const arg of ARGS) {
          // Every argument a hostile string; then \`params\` an object answering it for every key.
          const variants = [Array.from({ length: arity }, () => arg)];
          if (paramsAt >= 0) variants.push(Array.from({ length: paramsAt + 1 }, (_, i) => (i === paramsAt ? hostileParams(arg) : arg)));
          for (const args of variants) {
            entry.calls += 1;
            try { if ((await settle(proto[method].apply(resource, args))) === 'unsettled') entry.unsettled.push(method); } catch {}
          }
        }
      }
    }
  } catch (error) { entry.errors.push(String(error && error.stack || error).slice(0, 500)); }
  await new Promise((r) => setImmediate(r));
  entry.timersLeft = timers() - timersBefore;
}
for (const name of cliNames) {
  const entry = (report.cases['cli ' + name] = { imported: false, methods: 0, calls: 0, urls: [], errors: [], unsettled: [], timersLeft: 0 });
  const timersBefore = timers();
  try {
    const { program } = await import(pathToFileURL(join(root, 'cli', 'out', name, 'src', 'commands.js')).href);
    entry.imported = true;
    const client = program.createClient({ credentials: program.credentials.map(() => 'k'), baseURL, fetch: recorder(entry), maxRetries: 0 });
    const visit = async (group) => {
      for (const method of group.methods ?? []) {
        entry.methods += 1;
        for (const arg of ARGS) {
          entry.calls += 1;
          const params = Object.fromEntries(method.flags.map((f) => [f.key, arg]));
          try { if ((await settle(method.call(client, method.flags.filter((f) => f.in === 'path').map(() => arg), params))) === 'unsettled') entry.unsettled.push(method.name); } catch {}
        }
      }
      for (const child of group.groups ?? []) await visit(child);
    };
    await visit(program);
  } catch (error) { entry.errors.push(String(error && error.stack || error).slice(0, 500)); }
  await new Promise((r) => setImmediate(r));
  entry.timersLeft = timers() - timersBefore;
}
report.pwned = Object.hasOwn(globalThis, '__pwned') ? String(globalThis.__pwned) : false;
report.polluted = ({}).polluted !== undefined || Object.hasOwn(Object.prototype, 'polluted');
// Exit at once: timers a failed request left behind must not keep this process waiting.
process.stdout.write(JSON.stringify(report), () => process.exit(0));
`;
