/**
 * Corpus report for the diagnostics (issue 23), printed, not asserted: run with
 * `node bench/lint-corpus.ts` (needs ../shared/corpus; `--before <checkout>` compares with the
 * analysis of another checkout, default /work/main when present).
 *
 * For every real description of ../shared/corpus/real-world and ../shared/corpus/apis-guru:
 * 1. The verdict the validate step leads to, before (every warning → needs_review, one diagnostic
 *    per place) and after (only warnings that change the SDK → needs_review, one per cause), with
 *    the number of diagnostics a reader sees. The verdict assumes the generating steps pass: it
 *    is the part of the verdict that the description decides.
 * 2. Agreement with Redocly CLI (`@redocly/openapi-core` lint, `recommended` plus every rule we map
 *    turned on) for each Redocly rule we have an equivalent for: in how many descriptions both
 *    report it, only Redocly, only us; and the same by place (JSON pointers, one a prefix of the
 *    other).
 * 3. Which rules hold descriptions at needs_review.
 * Spectral is not installed here: its rules are mapped (docs/diagnostics.md) but agreement is not measured.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createConfig, lint } from '@redocly/openapi-core';
import { analyzeSpec } from '../workers/generators/analyze.ts';
import { REDOCLY_RULES } from '../workers/generators/model/lint/foreign-rules.ts';
import type { Diagnostic } from '../workers/generators/model/types.ts';

const ROOT = join(import.meta.dirname, '..');
const CORPUS = join(ROOT, '..', 'shared', 'corpus');
const beforeArg = process.argv.indexOf('--before');
const BEFORE_ROOT = beforeArg > 0 ? process.argv[beforeArg + 1]! : '/work/main';

type Verdict = 'ready' | 'needs_review' | 'not_ready';

function descriptions(): string[] {
  const out: string[] = [];
  const walk = (dir: string, depth: number): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        // A multi-file description (digitalocean): only its root file, as a user would send it.
        if (name === 'specification') {
          const root = readdirSync(path).find((f) => /public.*\.ya?ml$/i.test(f));
          if (root) out.push(join(path, root));
          continue;
        }
        if (depth < 4) walk(path, depth + 1);
      } else if (/\.(ya?ml|json)$/.test(name)) out.push(path);
    }
  };
  for (const part of ['real-world', 'apis-guru']) if (existsSync(join(CORPUS, part))) walk(join(CORPUS, part), 0);
  return out;
}

function verdictAfter(counts: { errors: number; review: number }): Verdict {
  return counts.errors > 0 ? 'not_ready' : counts.review > 0 ? 'needs_review' : 'ready';
}

function verdictBefore(diagnostics: readonly { severity: string }[]): Verdict {
  if (diagnostics.some((d) => d.severity === 'error')) return 'not_ready';
  return diagnostics.some((d) => d.severity === 'warning') ? 'needs_review' : 'ready';
}

function places(d: Diagnostic): string[] {
  return (d.locations ?? [d]).map((l) => l.pointer);
}

const near = (a: string, b: string): boolean => a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);

async function main(): Promise<void> {
  const files = descriptions();
  if (files.length === 0) {
    console.log('no corpus at', CORPUS);
    return;
  }
  const beforeModule = join(BEFORE_ROOT, 'workers', 'generators', 'analyze.ts');
  const before = existsSync(beforeModule)
    ? ((await import(pathToFileURL(beforeModule).href)) as { analyzeSpec: typeof analyzeSpec }).analyzeSpec
    : undefined;
  const mapped = Object.entries(REDOCLY_RULES).filter(([, r]) => r.ours.length > 0);
  const config = await createConfig({
    extends: ['recommended'],
    rules: Object.fromEntries(mapped.filter(([name]) => name !== 'spec').map(([name]) => [name, 'warn'])),
  });

  const reviewRules = new Map<string, number>();
  const tally = {
    before: { ready: 0, needs_review: 0, not_ready: 0 },
    after: { ready: 0, needs_review: 0, not_ready: 0 },
  };
  const agreement = new Map<
    string,
    {
      both: number;
      redoclyOnly: number;
      oursOnly: number;
      placesBoth: number;
      placesRedocly: number;
      placesOurs: number;
    }
  >();
  console.log(
    '| description | before: verdict (diagnostics) | after: verdict (diagnostics, places) | review / style warnings |',
  );
  console.log('| --- | --- | --- | --- |');
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const after = await analyzeSpec({ openapiText: text, mode: 'flagship' });
    const old = before ? await before({ openapiText: text, mode: 'flagship' }) : undefined;
    const vBefore = verdictBefore(old?.diagnostics ?? after.diagnostics);
    const vAfter = verdictAfter(after.counts);
    for (const d of after.diagnostics)
      if (d.severity === 'warning' && (d.impact === 'sdk' || d.configured === 'warn'))
        reviewRules.set(d.ruleId, (reviewRules.get(d.ruleId) ?? 0) + 1);
    tally.before[vBefore]++;
    tally.after[vAfter]++;
    const name = relative(CORPUS, file);
    console.log(
      `| ${name} | ${vBefore} (${old ? old.diagnostics.length : '?'}) | ${vAfter} (${after.diagnostics.length}, ${after.counts.places}) | ${after.counts.review} / ${after.counts.warnings - after.counts.review} |`,
    );

    // Redocly on the same file (it reads the file itself, following external refs).
    let problems: Awaited<ReturnType<typeof lint>> = [];
    try {
      problems = await lint({ ref: file, config });
    } catch (error) {
      console.log(`  redocly failed on ${name}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    for (const [redoclyName, rule] of mapped) {
      if (redoclyName === 'spec') continue; // counted with struct
      const theirs = problems
        .filter((p) => p.ruleId === redoclyName || (redoclyName === 'struct' && p.ruleId === 'spec'))
        .map((p) => (p.location[0]?.pointer ?? '').replace(/^#/, ''));
      const ours = after.diagnostics.filter((d) => rule.ours.includes(d.ruleId)).flatMap(places);
      const a = agreement.get(redoclyName) ?? {
        both: 0,
        redoclyOnly: 0,
        oursOnly: 0,
        placesBoth: 0,
        placesRedocly: 0,
        placesOurs: 0,
      };
      if (theirs.length > 0 && ours.length > 0) a.both++;
      else if (theirs.length > 0) a.redoclyOnly++;
      else if (ours.length > 0) a.oursOnly++;
      a.placesRedocly += theirs.length;
      a.placesOurs += ours.length;
      a.placesBoth += theirs.filter((t) => ours.some((o) => near(o, t))).length;
      agreement.set(redoclyName, a);
    }
  }
  const share = (n: number) => `${n} (${Math.round((100 * n) / files.length)}%)`;
  console.log(`\n${files.length} descriptions`);
  console.log('| verdict | before | after |\n| --- | --- | --- |');
  for (const v of ['ready', 'needs_review', 'not_ready'] as const)
    console.log(`| ${v} | ${share(tally.before[v])} | ${share(tally.after[v])} |`);
  console.log('\nWarnings that made a description needs_review (causes, all descriptions):');
  console.log(
    [...reviewRules]
      .sort((a, b) => b[1] - a[1])
      .map(([id, n]) => `${id} ${n}`)
      .join(', '),
  );
  console.log(
    "\nAgreement with Redocly, per mapped rule (descriptions: both / Redocly only / ours only; places: Redocly's found by ours of Redocly's, ours)",
  );
  console.log(
    '| Redocly rule | ours | both | Redocly only | ours only | places matched / Redocly / ours |\n| --- | --- | --- | --- | --- | --- |',
  );
  for (const [name, rule] of mapped) {
    const a = agreement.get(name);
    if (!a) continue;
    console.log(
      `| ${name} | ${rule.ours.join(', ')} | ${a.both} | ${a.redoclyOnly} | ${a.oursOnly} | ${a.placesBoth} / ${a.placesRedocly} / ${a.placesOurs} |`,
    );
  }
}

await main();
