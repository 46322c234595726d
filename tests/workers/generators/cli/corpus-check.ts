// The CLI corpus check: every description in ../shared/corpus that the model builder accepts is
// generated into one temp dir and all CLI packages are checked by ONE TypeScript 7 run. The SDK
// core and the CLI runtime are identical in every package (asserted byte for byte) and are
// type-checked as .ts by run.test.ts; here they are replaced by their declaration files.
// Then a sample of packages is compiled to JS and `--help` is run at the root, for groups and for
// methods.

import { expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import { CLI_BUNDLE_DIR, emitCli, type GeneratedFile } from '../../../../workers/generators/cli/index.ts';
import { cliCheckOptions, compilePackages, runCli, runTscNative, writeFiles } from './helpers.ts';
import { CORPUS, HAS_CORPUS } from '../corpus-helpers.ts';
import { corpusDescriptions } from '../typescript/corpus-check.ts';
import { BUNDLE_DIR, errorsByPackage } from '../typescript/helpers.ts';

export interface CliCorpusResult {
  considered: number;
  accepted: number;
  passed: number;
  failures: { description: string; errors: string[] }[];
  helpRuns: number;
  helpFailures: string[];
  sampled: number;
  emitMs: number;
  tscMs: number;
  helpMs: number;
}

/** The runtime files every package shares: `src/sdk/core/*.ts` and `src/cli/*.ts`, as the generator copies them. */
function sharedFiles(): GeneratedFile[] {
  const read = (dir: string, prefix: string): GeneratedFile[] =>
    readdirSync(dir)
      .filter((n) => n.endsWith('.ts'))
      .sort()
      .map((n) => ({ path: `${prefix}/${n}`, content: readFileSync(join(dir, n), 'utf8') }));
  return [...read(BUNDLE_DIR, 'src/sdk/core'), ...read(CLI_BUNDLE_DIR, 'src/cli')];
}

/** Command words of a help screen's `Commands:` section. */
function commandsOf(help: string): string[] {
  const section = help.split('Commands:')[1]?.split('Global flags:')[0] ?? '';
  return [...section.matchAll(/^ {2}(\S+)/gm)].map((m) => m[1] as string).filter((w) => w !== 'completion');
}

/** SDK runtime files only some packages get (an OAuth2 client-credentials flow, webhooks). */
const OPTIONAL_SDK_RUNTIME: ReadonlySet<string> = new Set(['src/sdk/core/oauth.ts', 'src/sdk/core/webhooks.ts']);

export async function runCliCorpus(shard: number, shards: number, sampleEvery: number): Promise<CliCorpusResult> {
  const root = mkdtempSync(join(tmpdir(), `cli-corpus-${shard}-`));
  try {
    // Declarations of the shared runtime, compiled once.
    const shared = sharedFiles();
    const coreDir = join(root, '_core');
    writeFiles(coreDir, shared);
    writeFileSync(join(coreDir, 'package.json'), JSON.stringify({ type: 'module' }));
    writeFileSync(
      join(coreDir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: cliCheckOptions({ declaration: true, emitDeclarationOnly: true, rootDir: 'src', outDir: 'd' }),
        include: ['src'],
      }),
    );
    const core = await runTscNative(join(coreDir, 'tsconfig.json'));
    if (core.code !== 0) throw new Error(`runtime declarations failed:\n${core.output}`);
    const declarations = shared.map((file) => ({
      path: file.path.replace(/\.ts$/, '.d.ts'),
      content: readFileSync(join(coreDir, 'd', file.path.slice(4).replace(/\.ts$/, '.d.ts')), 'utf8'),
    }));
    const sharedText = new Map(shared.map((f) => [f.path, f.content]));

    const mine = corpusDescriptions().filter((_, i) => i % shards === shard);
    const packages = new Map<string, string>();
    const sample = new Map<string, readonly GeneratedFile[]>();
    let emitMs = 0;
    const pkgRoot = join(root, 'all');
    mkdirSync(pkgRoot);
    for (const file of mine) {
      const result = await analyzeSpec({ openapiText: readFileSync(file, 'utf8'), mode: 'flagship' });
      if (!result.model) continue;
      const started = performance.now();
      const files = emitCli(result.model);
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
      if (packages.size % sampleEvery === 1) sample.set(dir, files);
    }
    writeFileSync(join(pkgRoot, 'package.json'), JSON.stringify({ type: 'module' }));
    writeFileSync(
      join(pkgRoot, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: cliCheckOptions({ noEmit: true }), include: ['p*/src/**/*.ts'] }),
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

    // The sample, compiled to JS with its real runtime, run with node: --help at every level sampled.
    started = performance.now();
    const runRoot = join(root, 'run');
    mkdirSync(runRoot);
    const compiled = await compilePackages(runRoot, sample);
    if (compiled.code !== 0) throw new Error(`sample compile failed:\n${compiled.output.slice(0, 5000)}`);
    const helpFailures: string[] = [];
    let helpRuns = 0;
    for (const dir of sample.keys()) {
      const main = join(runRoot, 'out', dir, 'src', 'main.js');
      const help = async (args: string[]): Promise<string> => {
        helpRuns += 1;
        const r = await runCli(main, [...args, '--help'], { cwd: runRoot });
        if (r.code !== 0 || r.stderr !== '' || !/Usage/.test(r.stdout))
          helpFailures.push(
            `${packages.get(dir) ?? dir}: ${[...args, '--help'].join(' ')} -> exit ${String(r.code)} ${r.stderr.slice(0, 300)}`,
          );
        return r.stdout;
      };
      const top = await help([]);
      for (const group of commandsOf(top).slice(0, 2)) {
        const inner = await help([group]);
        for (const child of commandsOf(inner).slice(0, 2)) await help([group, child]);
      }
    }
    const helpMs = performance.now() - started;
    return {
      considered: mine.length,
      accepted: packages.size,
      passed: packages.size - failures.length,
      failures,
      helpRuns,
      helpFailures,
      sampled: sample.size,
      emitMs,
      tscMs,
      helpMs,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * The CLI over the corpus, slice `slice + 1` of `slices` (every `slices`-th description; one test
 * file per slice so vitest runs them in parallel): the one test of a corpus-slice-N-of-M file, and
 * a loud warning when the suite is skipped.
 */
export function cliCorpusTest(slice: number, slices: number): void {
  if (!HAS_CORPUS) console.warn(`!!! The CLI corpus suite is SKIPPED: no corpus at ${CORPUS}`);
  it('every accepted description gives a CLI package that compiles, and sampled ones print help', async () => {
    const r = await runCliCorpus(slice, slices, 70);
    const rate = r.accepted === 0 ? 0 : (100 * r.passed) / r.accepted;
    console.log(
      `[cli corpus shard ${slice + 1}/${slices}] ${r.passed}/${r.accepted} CLI packages pass tsc --strict (${rate.toFixed(1)}%); ${r.considered} root descriptions, ` +
        `${r.considered - r.accepted} rejected by the model builder; --help ran ${r.helpRuns} times over ${r.sampled} sampled packages, ${r.helpFailures.length} failed; ` +
        `emit ${Math.round(r.emitMs)} ms, tsc ${Math.round(r.tscMs)} ms, help ${Math.round(r.helpMs)} ms`,
    );
    for (const failure of r.failures)
      console.log(`  FAIL ${failure.description}\n    ${failure.errors.join('\n    ')}`);
    for (const failure of r.helpFailures) console.log(`  HELP FAIL ${failure}`);
    expect(r.accepted).toBeGreaterThan(100);
    expect(r.sampled).toBeGreaterThan(3);
    expect(r.helpRuns).toBeGreaterThanOrEqual(2 * r.sampled);
    expect(r.helpFailures).toEqual([]);
    expect(r.failures).toEqual([]);
  }, 400_000);
}
