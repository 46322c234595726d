// The description diff's output, pinned byte for byte. The reports of our fixture pairs (both ways)
// are golden files (tests/fixtures/diff/golden/); the reports of the pairs the other diff suites
// and the bench read (oasdiff's base/revision pairs both ways, the openai history pairs from the
// shared corpus, the bench's Stripe-sized light edit) are pinned by one sha256 each
// (tests/fixtures/diff/golden/digests.json), so a failure names the pairs whose report changed.
// A refactoring leaves them all as they are; a deliberate change of the diff rewrites them with
// UPDATE_GOLDEN=1 (then read the change with git diff). Timings are left out.

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { stripeLikeDescription } from '../../../../../bench/synthetic-stripe-like.ts';
import { diffDescriptions } from '../../../../../workers/generators/diff/index.ts';
import { expectGoldenFiles, expectGoldenText } from '../../../../setup/golden.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../fixtures/diff');
const GOLDEN = path.join(FIXTURES, 'golden');
const BREAKING = path.resolve(import.meta.dirname, '../../../../../../shared/corpus/breaking-changes');
const HAS_BREAKING = existsSync(path.join(BREAKING, 'oasdiff/data'));
if (!HAS_BREAKING) console.warn(`!!! diff-pinned: corpus pairs SKIPPED, no corpus at ${BREAKING}`);

const read = (p: string): string => readFileSync(p, 'utf8');

/** The report as JSON, without its timings (they differ run to run). */
function report(oldText: string, newText: string, maxChanges?: number): string {
  const { timings: _, ...rest } = diffDescriptions(oldText, newText, maxChanges !== undefined ? { maxChanges } : {});
  return `${JSON.stringify(rest, null, 1)}\n`;
}

const sha = (text: string): string => createHash('sha256').update(text).digest('hex');

describe('description diff output, pinned', () => {
  it('our fixture pairs, both ways, match their golden reports', () => {
    const files = ['families', 'refactor'].flatMap((name) => {
      const a = read(path.join(FIXTURES, `${name}-base.yaml`));
      const b = read(path.join(FIXTURES, `${name}-revision.yaml`));
      return [
        { path: `${name}.json`, content: report(a, b) },
        { path: `${name}-reversed.json`, content: report(b, a) },
      ];
    });
    expectGoldenFiles(path.join(GOLDEN, 'reports'), files);
  });

  it.skipIf(!HAS_BREAKING)(
    "the corpus pairs and the bench's Stripe-sized edit match their pinned digests",
    () => {
      const digests: Record<string, string> = {};
      const files = (dir: string): string[] =>
        readdirSync(dir)
          .sort()
          .flatMap((f) => {
            const p = path.join(dir, f);
            return statSync(p).isDirectory() ? files(p) : /\.(ya?ml|json)$/.test(f) ? [p] : [];
          });
      const oasdiff = path.join(BREAKING, 'oasdiff');
      for (const f of files(path.join(oasdiff, 'data'))) {
        const r = f.replace(/base(\.ya?ml)$/, 'revision$1');
        if (r === f || !existsSync(r)) continue;
        const name = path.relative(oasdiff, f);
        digests[name] = sha(report(read(f), read(r)));
        digests[`${name} reversed`] = sha(report(read(r), read(f)));
      }
      const openai = path.join(BREAKING, 'real-world-pairs/openai');
      for (const d of readdirSync(openai).sort()) {
        const base = path.join(openai, d, 'base.yaml');
        if (existsSync(base))
          digests[`openai/${d}`] = sha(report(read(base), read(path.join(openai, d, 'revision.yaml'))));
      }
      // bench/description-diff.ts's light release of the seed-1 description.
      const stripe = stripeLikeDescription(330, 1);
      const light = stripe
        .replace(/maxLength: 5000/, 'maxLength: 500')
        .replace(/\n {4}delete:\n/, '\n    x-removed-delete:\n')
        .replace(/schema: \{ type: integer \}/, 'schema: { type: string }');
      digests['bench stripe-like light edit'] = sha(report(stripe, light, 20_000));
      expectGoldenText(path.join(GOLDEN, 'digests.json'), `${JSON.stringify(digests, null, 1)}\n`);
    },
    120_000,
  );
});
