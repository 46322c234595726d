// The corpus check, split into shards (one test file each, so vitest runs them in parallel):
// every description in ../shared/corpus that the model builder accepts is generated into one
// temp dir and all packages are checked by ONE `tsc --strict --noEmit` run.
//
// The bundled core is identical in every package (asserted byte for byte) and is type-checked
// as .ts by compile.test.ts; here each package's `src/core/*.ts` is replaced by the
// core's declaration files, so the checker reads it as an API rather than re-checking 860 copies
// of the same code (that alone took 70% of the compile time).

import { expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import { emitTypeScriptSdk } from '../../../../workers/generators/typescript/index.ts';
import { CORPUS, HAS_CORPUS } from '../corpus-helpers.ts';
import { BUNDLE_DIR, checkOptions, errorsByPackage, runTsc, writeFiles } from './helpers.ts';

export function corpusDescriptions(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ya?ml|json)$/i.test(name)) out.push(p);
    }
  };
  walk(CORPUS);
  // Root descriptions only (DigitalOcean's per-operation files and the like have no `openapi` key).
  return out.filter((file) => /^\s*["']?openapi["']?\s*:/m.test(readFileSync(file, 'utf8').slice(0, 200_000)));
}

const OPTIONAL_BUNDLE: ReadonlySet<string> = new Set(['src/core/oauth.ts', 'src/core/webhooks.ts']);

export interface ShardResult {
  considered: number;
  accepted: number;
  passed: number;
  failures: { description: string; errors: string[] }[];
  /** Packages that got the OAuth2 client-credentials / webhook runtime. */
  oauthPackages: number;
  webhookPackages: number;
  emitMs: number;
  tscMs: number;
}

export async function runCorpusShard(shard: number, shards: number): Promise<ShardResult> {
  const root = mkdtempSync(join(tmpdir(), `ts-sdk-corpus-${shard}-`));
  try {
    // Declarations of the core, compiled once.
    const coreDir = join(root, '_core');
    mkdirSync(coreDir);
    const bundle = readdirSync(BUNDLE_DIR)
      .filter((n) => n.endsWith('.ts'))
      .sort();
    for (const name of bundle) writeFileSync(join(coreDir, name), readFileSync(join(BUNDLE_DIR, name), 'utf8'));
    writeFileSync(join(coreDir, 'package.json'), JSON.stringify({ type: 'module' }));
    writeFileSync(
      join(coreDir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: checkOptions({ declaration: true, emitDeclarationOnly: true, outDir: 'd' }),
        include: ['*.ts'],
      }),
    );
    const core = await runTsc(join(coreDir, 'tsconfig.json'));
    if (core.code !== 0) throw new Error(`bundle declarations failed:\n${core.output}`);
    const declarations = bundle.map((name) => ({
      path: `src/core/${name.replace(/\.ts$/, '.d.ts')}`,
      content: readFileSync(join(coreDir, 'd', name.replace(/\.ts$/, '.d.ts')), 'utf8'),
    }));
    const bundleText = new Map(
      bundle.map((name) => [`src/core/${name}`, readFileSync(join(BUNDLE_DIR, name), 'utf8')]),
    );

    const all = corpusDescriptions();
    const mine = all.filter((_, i) => i % shards === shard);
    const packages = new Map<string, string>();
    let emitMs = 0;
    let oauthPackages = 0;
    let webhookPackages = 0;
    for (const file of mine) {
      const result = await analyzeSpec({ openapiText: readFileSync(file, 'utf8'), mode: 'flagship' });
      if (!result.model) continue;
      const started = performance.now();
      const files = emitTypeScriptSdk(result.model);
      emitMs += performance.now() - started;
      for (const [path, text] of bundleText) {
        const copied = files.find((f) => f.path === path);
        // The OAuth and webhook runtimes are copied only into packages that use them.
        if (copied === undefined && OPTIONAL_BUNDLE.has(path)) continue;
        if (copied?.content !== text) throw new Error(`${file}: ${path} is not the bundle file verbatim`);
        if (path === 'src/core/oauth.ts') oauthPackages++;
        if (path === 'src/core/webhooks.ts') webhookPackages++;
      }
      const dir = `p${String(packages.size).padStart(4, '0')}`;
      packages.set(dir, relative(CORPUS, file));
      writeFiles(join(root, dir), [...files.filter((f) => !f.path.startsWith('src/core/')), ...declarations]);
    }
    writeFileSync(
      join(root, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: checkOptions({ noEmit: true }), include: ['p*/src/**/*.ts'] }),
    );
    const started = performance.now();
    const { code, output } = await runTsc(join(root, 'tsconfig.json'));
    const tscMs = performance.now() - started;
    const byPackage = errorsByPackage(output);
    if (code !== 0 && byPackage.size === 0)
      throw new Error(`tsc failed without per-package errors:\n${output.slice(0, 5000)}`);
    const failures = [...byPackage].map(([dir, errors]) => ({
      description: packages.get(dir) ?? dir,
      errors: errors.slice(0, 5),
    }));
    return {
      considered: mine.length,
      accepted: packages.size,
      passed: packages.size - failures.length,
      failures,
      oauthPackages,
      webhookPackages,
      emitMs,
      tscMs,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * The TypeScript SDK over the corpus, slice `slice + 1` of `slices` (every `slices`-th description; one test
 * file per slice so vitest runs them in parallel): the one test of a corpus-slice-N-of-M file, and
 * a loud warning when the suite is skipped.
 */
export function typescriptCorpusTest(slice: number, slices: number): void {
  if (!HAS_CORPUS) console.warn(`!!! The TypeScript SDK corpus suite is SKIPPED: no corpus at ${CORPUS}`);
  it('every accepted description gives a package that passes tsc --strict', async () => {
    const r = await runCorpusShard(slice, slices);
    const rate = r.accepted === 0 ? 0 : (100 * r.passed) / r.accepted;
    console.log(
      `[typescript corpus shard ${slice + 1}/${slices}] ${r.passed}/${r.accepted} packages pass tsc --strict (${rate.toFixed(1)}%); ` +
        `${r.considered} root descriptions, ${r.considered - r.accepted} rejected by the model builder; ${r.oauthPackages} with OAuth2 client credentials, ${r.webhookPackages} with webhooks; emit ${Math.round(r.emitMs)} ms, tsc ${Math.round(r.tscMs)} ms`,
    );
    for (const failure of r.failures)
      console.log(`  FAIL ${failure.description}\n    ${failure.errors.join('\n    ')}`);
    expect(r.accepted).toBeGreaterThan(100);
    expect(r.failures).toEqual([]);
  }, 240_000);
}
