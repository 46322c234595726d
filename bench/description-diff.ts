// Description diff benchmark: two Stripe-sized descriptions (bench/synthetic-stripe-like.ts, ~455
// operations and ~770 schemas, against a seeded edit of itself) diffed by this checkout's code and,
// in the same run, by the untouched main checkout's code (the previous figure; `DIFF_BEFORE_ROOT`,
// default /work/main, skipped when absent); then the largest corpus pairs and a ~4 MB description
// against a lightly edited copy of itself. Prints time and peak RSS per case.
// Run: node bench/description-diff.ts

import { existsSync, readFileSync } from 'node:fs';
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
  const beforeRoot = process.env['DIFF_BEFORE_ROOT'] ?? '/work/main';
  const beforeEntry = path.join(beforeRoot, 'workers/generators/diff/index.ts');
  const before =
    existsSync(beforeEntry) && path.resolve(beforeRoot) !== path.resolve(import.meta.dirname, '..')
      ? ((await import(pathToFileURL(beforeEntry).href)) as { diffDescriptions: typeof diffDescriptions })
          .diffDescriptions
      : undefined;
  // Best of three, before and after alternating, after one warm-up each (JIT, caches): the machine
  // is shared, and one sample of either is mostly noise.
  for (const [label, newText, maxChanges] of cases) {
    const best = { after: Number.POSITIVE_INFINITY, before: Number.POSITIVE_INFINITY };
    let phases = { after: {} as Record<string, number>, before: {} as Record<string, number> };
    let report = diffDescriptions(oldText, newText, { maxChanges });
    let beforeChanges = 0;
    if (before !== undefined) beforeChanges = before(oldText, newText, { maxChanges }).changes.length;
    for (let i = 0; i < 3; i++) {
      let started = performance.now();
      report = diffDescriptions(oldText, newText, { maxChanges });
      const a = performance.now() - started;
      if (a < best.after) phases = { ...phases, after: report.timings };
      best.after = Math.min(best.after, a);
      if (before === undefined) continue;
      started = performance.now();
      const b = before(oldText, newText, { maxChanges });
      const bt = performance.now() - started;
      if (bt < best.before) phases = { ...phases, before: b.timings };
      best.before = Math.min(best.before, bt);
    }
    const beforeText =
      before === undefined
        ? 'before: (main checkout not found)'
        : `before (${beforeRoot}) ${Math.round(best.before)} ms ${JSON.stringify(phases.before)}, ${beforeChanges} changes`;
    console.log(
      `Stripe-like 330 resources (${(oldText.length / 1e6).toFixed(2)} MB, ${report.counts.operationsOld} ops) ${label}: ` +
        `after ${Math.round(best.after)} ms ${JSON.stringify(phases.after)}, ${report.changes.length} changes (${JSON.stringify(report.counts)}); ${beforeText}; peak RSS ${peakRssMb()} MB`,
    );
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
