// The description diff's rule catalogue (workers/generators/diff/description/rules.ts): every id the diff emits
// on the oasdiff suite and our fixtures is catalogued (so its level is a decision, not a fallback),
// every oasdiff rule is either checked or declined with a reason, and the coverage table in
// docs/diff-rules.md is the one the catalogue makes (npm run docs:diff-rules rewrites it).

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  renderCoverageTable,
  withCoverageTable,
} from '../../../../../workers/generators/diff/description/coverage-table.ts';
import { diffDescriptions } from '../../../../../workers/generators/diff/index.ts';
import { OASDIFF_RULES } from '../../../../../workers/generators/diff/description/oasdiff-rules.ts';
import { coverage, EMITTED_IDS, levelOf } from '../../../../../workers/generators/diff/description/rules.ts';

const TABLE_DOC = path.resolve(import.meta.dirname, '../../../../../docs/diff-rules.md');
const FIXTURES = path.resolve(import.meta.dirname, '../../../../fixtures/diff');
const OASDIFF = path.resolve(import.meta.dirname, '../../../../../../shared/corpus/breaking-changes/oasdiff/data');

describe('description diff rule catalogue', () => {
  it('the coverage table in docs/diff-rules.md is up to date (run npm run docs:diff-rules)', () => {
    const doc = readFileSync(TABLE_DOC, 'utf8');
    expect(withCoverageTable(doc)).toBe(doc);
    expect(doc).toContain(renderCoverageTable());
  });

  it('every oasdiff rule is checked under an id of ours or declined with a reason', () => {
    const rows = coverage();
    expect(rows).toHaveLength(OASDIFF_RULES.length);
    const unexplained = rows.filter(
      (r) => r.ours === undefined && (r.declined ?? 'not checked yet') === 'not checked yet',
    );
    expect(unexplained.map((r) => r.oasdiff)).toEqual([]);
    // Levels follow oasdiff's where no deviation is recorded: ERR ids we check are breaking.
    for (const r of rows.filter((x) => x.ours === x.oasdiff && x.level === 'ERR'))
      expect([r.oasdiff, levelOf(r.ours!)]).toEqual([r.oasdiff, 'breaking']);
  });

  it.skipIf(!existsSync(OASDIFF))(
    'every id emitted on the oasdiff data and our fixtures is catalogued',
    () => {
      const files = (dir: string): string[] =>
        readdirSync(dir).flatMap((f) => {
          const p = path.join(dir, f);
          return statSync(p).isDirectory() ? files(p) : /\.(ya?ml|json)$/.test(f) ? [p] : [];
        });
      // Pairs: files named *base* / *revision* side by side, and our own fixtures.
      const pairs: [string, string][] = [];
      for (const f of files(OASDIFF)) {
        const r = f.replace(/base(\.ya?ml)$/, 'revision$1');
        if (r !== f && existsSync(r)) pairs.push([f, r], [r, f]);
      }
      for (const name of ['families', 'refactor'])
        pairs.push([path.join(FIXTURES, `${name}-base.yaml`), path.join(FIXTURES, `${name}-revision.yaml`)]);
      expect(pairs.length).toBeGreaterThan(100);
      const unknown = new Set<string>();
      for (const [a, b] of pairs)
        for (const c of diffDescriptions(readFileSync(a, 'utf8'), readFileSync(b, 'utf8')).changes)
          if (!EMITTED_IDS.has(c.id)) unknown.add(c.id);
      expect([...unknown].sort()).toEqual([]);
    },
    120_000,
  );
});
