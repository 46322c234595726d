// Description diff benchmark: two Stripe-sized descriptions (bench/synthetic-stripe-like.ts, ~455
// operations and ~770 schemas, against a seeded edit of itself) diffed by this checkout's code and,
// in the same run, by the untouched main checkout's code (`DIFF_BEFORE_ROOT`, default /work/main,
// skipped when absent) and by the code of the commit before #24's checks (`DIFF_PREVIOUS_COMMIT`,
// default c2e79d9, extracted with git archive into a temp dir: the previous figure); then the largest corpus pairs and a ~4 MB description
// against a lightly edited copy of itself. Prints time and peak RSS per case.
// Run: node bench/description-diff.ts

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { diffDescriptions } from '../workers/generators/diff/index.ts';
import { stripeLikeDescription } from './synthetic-stripe-like.ts';

const CORPUS = path.resolve(import.meta.dirname, '../../shared/corpus');
if (!existsSync(CORPUS)) {
  console.warn(`corpus not found at ${CORPUS}; only the synthetic case runs`);
}

function peakRssMb(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

function run(label: string, oldText: string, newText: string): void {
  const started = performance.now();
  const report = diffDescriptions(oldText, newText);
  const ms = Math.round(performance.now() - started);
  console.log(
    `${label.padEnd(58)} ${(oldText.length / 1e6).toFixed(2)} MB  ${String(ms).padStart(6)} ms  peak RSS ${peakRssMb()} MB  ` +
      `breaking ${report.counts.breaking}, non-breaking ${report.counts.nonBreaking}, info ${report.counts.info}, problems ${report.problems.length}  ${JSON.stringify(report.timings)}`,
  );
}

/** A synthetic 3.1 description with circular refs, ~`targetBytes` of JSON. */
function synthetic(targetBytes: number): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  for (let i = 0; JSON.stringify({ paths, schemas }).length < targetBytes || i < 10; i++) {
    schemas[`Item${i}`] = {
      type: 'object',
      required: ['id', 'name'],
      properties: {
        id: { type: 'string', format: 'uuid' },
        name: { type: ['string', 'null'], maxLength: 200, description: `Name of item ${i}. `.repeat(8) },
        status: { type: 'string', enum: ['active', 'archived', 'deleted'] },
        count: { type: 'integer', minimum: 0, maximum: 1000 },
        parent: { $ref: `#/components/schemas/Item${i}` },
        next: { $ref: `#/components/schemas/Item${Math.max(0, i - 1)}` },
        tags: { type: 'array', items: { type: 'string' }, maxItems: 20 },
      },
    };
    paths[`/items${i}/{id}`] = {
      get: {
        operationId: `getItem${i}`,
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'limit', in: 'query', schema: { type: 'integer', maximum: 100 } },
        ],
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: `#/components/schemas/Item${i}` } } },
          },
        },
      },
      put: {
        operationId: `putItem${i}`,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: `#/components/schemas/Item${i}` } } },
        },
        responses: { '204': { description: 'done' } },
      },
    };
  }
  return { openapi: '3.1.0', info: { title: 'synthetic', version: '1.0.0' }, paths, components: { schemas } };
}

function lightlyEdited(doc: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(doc) as {
    paths: Record<string, Record<string, unknown>>;
    components: {
      schemas: Record<string, { properties: Record<string, Record<string, unknown>>; required: string[] }>;
    };
  };
  const keys = Object.keys(copy.paths);
  delete copy.paths[keys[1]!]; // a removed path
  const s = copy.components.schemas;
  s['Item3']!.properties['count']!['maximum'] = 10; // narrowed
  s['Item5']!.properties['status']!['enum'] = ['active', 'archived']; // enum value removed
  s['Item7']!.required.push('status'); // new required property
  return copy;
}

// Stripe-sized: before (main's code) and after (this checkout), same inputs, same process.
// Two edits of the seed-1 description: a light release (a few line edits) and a busy one (another
// seed: shapes change throughout; the report's change cap is lifted so all of it is diffed).
{
  const oldText = stripeLikeDescription(330, 1);
  const light = oldText
    .replace(/maxLength: 5000/, 'maxLength: 500') // a narrowed parameter
    .replace(/\n {4}delete:\n/, '\n    x-removed-delete:\n') // an operation removed
    .replace(/schema: \{ type: integer \}/, 'schema: { type: string }'); // a parameter type changed
  const cases: [string, string, number][] = [
    ['light edit', light, 20_000],
    ['seed 1 → seed 2', stripeLikeDescription(330, 2), Number.MAX_SAFE_INTEGER],
  ];
  type Diff = typeof diffDescriptions;
  const load = async (root: string): Promise<Diff | undefined> => {
    const entry = path.join(root, 'workers/generators/diff/index.ts');
    if (!existsSync(entry) || path.resolve(root) === path.resolve(import.meta.dirname, '..')) return undefined;
    return ((await import(pathToFileURL(entry).href)) as { diffDescriptions: Diff }).diffDescriptions;
  };
  // Main's code (before this branch), and the code of the commit before the checks #24 added (the
  // figure the issue compares with), extracted from this repository's history into a temp dir.
  const mainRoot = process.env['DIFF_BEFORE_ROOT'] ?? '/work/main';
  const previousCommit = process.env['DIFF_PREVIOUS_COMMIT'] ?? 'c2e79d9';
  const previousRoot = extractCommit(previousCommit);
  const others: [string, Diff][] = [];
  const mainDiff = await load(mainRoot);
  if (mainDiff !== undefined) others.push([`main (${mainRoot})`, mainDiff]);
  else console.log(`main checkout not found at ${mainRoot}: not compared`);
  const previousDiff = previousRoot !== undefined ? await load(previousRoot) : undefined;
  if (previousDiff !== undefined) others.push([`before #24's checks (${previousCommit})`, previousDiff]);
  else console.log(`commit ${previousCommit} could not be extracted: not compared`);
  // Best of three, all implementations alternating, after one warm-up each (JIT, caches): the
  // machine is shared, and one sample of any is mostly noise.
  for (const [label, newText, maxChanges] of cases) {
    const impls: [string, Diff][] = [['after (this checkout)', diffDescriptions], ...others];
    const best = impls.map(() => ({ total: Number.POSITIVE_INFINITY, diff: Number.POSITIVE_INFINITY, changes: 0 }));
    let report = diffDescriptions(oldText, newText, { maxChanges });
    for (const [, f] of impls.slice(1)) f(oldText, newText, { maxChanges });
    for (let i = 0; i < 3; i++)
      impls.forEach(([, f], k) => {
        const started = performance.now();
        const r = f(oldText, newText, { maxChanges });
        const total = performance.now() - started;
        if (k === 0) report = r;
        const b = best[k]!;
        b.total = Math.min(b.total, total);
        b.diff = Math.min(b.diff, r.timings['diff'] ?? Number.NaN);
        b.changes = r.changes.length;
      });
    console.log(
      `Stripe-like 330 resources (${(oldText.length / 1e6).toFixed(2)} MB, ${report.counts.operationsOld} ops) ${label}: ` +
        `${JSON.stringify(report.counts)}; peak RSS ${peakRssMb()} MB`,
    );
    impls.forEach(([name], k) => {
      const b = best[k]!;
      console.log(
        `  ${name.padEnd(44)} diff phase ${String(Math.round(b.diff)).padStart(5)} ms (best of 3), whole ${String(Math.round(b.total)).padStart(5)} ms, ${b.changes} changes`,
      );
    });
  }
}

/** The diff code of `commit` (with what it imports) in a temp dir, node_modules linked; undefined when git cannot. */
function extractCommit(commit: string): string | undefined {
  const repo = path.resolve(import.meta.dirname, '..');
  const dir = mkdtempSync(path.join(tmpdir(), 'diff-previous-'));
  try {
    const tar = execFileSync('git', ['-C', repo, 'archive', commit, 'workers', 'shared'], {
      maxBuffer: 512 * 1024 * 1024,
    });
    execFileSync('tar', ['-x', '-C', dir], { input: tar });
    symlinkSync(realpathSync(path.join(repo, 'node_modules')), path.join(dir, 'node_modules'));
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
    return dir;
  } catch (error) {
    console.log(`git archive ${commit}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
}

const syntheticDoc = synthetic(2_600_000); // ~4 MB once pretty-printed
const syntheticText = JSON.stringify(syntheticDoc, null, 1);
run(
  'synthetic 3.1 JSON with circular refs vs light edit',
  syntheticText,
  JSON.stringify(lightlyEdited(syntheticDoc), null, 1),
);

const pairs: [string, string, string][] = [
  [
    'openai 04 v1.2.0 → v2.0.0 (largest real pair)',
    'breaking-changes/real-world-pairs/openai/04-v1.2.0-to-v2.0.0/base.yaml',
    'breaking-changes/real-world-pairs/openai/04-v1.2.0-to-v2.0.0/revision.yaml',
  ],
  [
    'openai 01 deprecated endpoints removed',
    'breaking-changes/real-world-pairs/openai/01-deprecated-endpoints-removed/base.yaml',
    'breaking-changes/real-world-pairs/openai/01-deprecated-endpoints-removed/revision.yaml',
  ],
  [
    'spotify official → fixed',
    'real-world/spotify/official-spotify-open-api.yml',
    'real-world/spotify/fixed-spotify-open-api.yml',
  ],
];
for (const [label, a, b] of pairs) {
  const pa = path.join(CORPUS, a);
  const pb = path.join(CORPUS, b);
  if (existsSync(pa) && existsSync(pb)) run(label, readFileSync(pa, 'utf8'), readFileSync(pb, 'utf8'));
}
const openai = path.join(CORPUS, 'real-world/openai/openapi.yaml');
if (existsSync(openai)) {
  const text = readFileSync(openai, 'utf8');
  // Light edit: one enum value less, one operation summary changed (line-level edits in YAML).
  const edited = text.replace(/\n(\s+)- auto\n/, '\n').replace(/summary: /, 'summary: (edited) ');
  run('openai 3.1 YAML (2.8 MB) vs light edit', text, edited);
}
