// The description diff against the oasdiff checker suite (breaking-changes/oasdiff in the shared
// corpus): every test pair whose files alone reproduce the expectation (`mutated_in_code: false`)
// is diffed, and we measure
// - recall: the share of expected ERR-level rule occurrences we report as `breaking` with the
//   same rule id (our ids follow oasdiff's; two aliases below) on the same path;
// - informational agreement: expected INFO occurrences we report as non-breaking/info;
// - false alarms: `breaking` changes of ours inside the rule family a test checks (its
//   single_check) that the test does not expect at ERR/WARN level, plus any breaking change in a
//   test that expects no changes at all. Tests whose expected ids the extraction could not read
//   are not used for false alarms (their expectation is unknown).
// Deliberate deviations: adding a security requirement where none was needed, or a required
// scope, is `breaking` for us (anonymous / under-scoped calls start failing); oasdiff says INFO.
// Thresholds are floors at what we reach; raise them when the diff gets better, never lower.

import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffDescriptions, type DescriptionChange } from '../../workers/generators/diff/index.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../shared/corpus/breaking-changes/oasdiff');
const hasSuite = existsSync(path.join(ROOT, 'EXPECTED-checker-tests.json'));
if (!hasSuite) console.warn(`[diff-oasdiff.test] oasdiff suite not found at ${ROOT}: skipped`);

const RECALL_FLOOR = 52 / 54;
const INFO_FLOOR = 0.85;
const FALSE_ALARM_CEILING = 6;

const ALIAS: Record<string, string[]> = {
  // oasdiff reports a parameter added at path-item level once per path; our model has it per operation.
  'new-required-request-parameter': ['new-required-request-default-parameter-to-existing-path'],
  'new-optional-request-parameter': ['new-optional-request-default-parameter-to-existing-path'],
};
const idsOf = (id: string): string[] => [id, ...(ALIAS[id] ?? [])];

interface CheckerTest {
  test: string;
  files: { file: string }[];
  mutated_in_code: boolean;
  expected_ids: string[];
  expected_paths: string[];
  expects_no_changes: boolean;
  single_check: string[];
}

describe.skipIf(!hasSuite)('description diff vs the oasdiff checker suite', () => {
  it('finds the expected breaking changes with few false alarms', () => {
    const rules = new Map<string, { level: string; check: string }>(
      (
        JSON.parse(readFileSync(path.join(ROOT, 'RULES.json'), 'utf8')) as {
          rules: { id: string; level: string; check: string }[];
        }
      ).rules.map((r) => [r.id, r]),
    );
    const tests = (
      JSON.parse(readFileSync(path.join(ROOT, 'EXPECTED-checker-tests.json'), 'utf8')) as { tests: CheckerTest[] }
    ).tests.filter(
      (t) =>
        !t.mutated_in_code &&
        t.files.length === 2 &&
        t.files.every((f) => existsSync(path.join(ROOT, f.file)) && statSync(path.join(ROOT, f.file)).isFile()),
    );
    const cache = new Map<string, string>();
    const read = (f: string): string => {
      if (!cache.has(f)) cache.set(f, readFileSync(path.join(ROOT, f), 'utf8'));
      return cache.get(f)!;
    };
    let positives = 0;
    let found = 0;
    let infoPositives = 0;
    let infoFound = 0;
    const falseAlarms: string[] = [];
    const misses: string[] = [];
    for (const t of tests) {
      const report = diffDescriptions(read(t.files[0]!.file), read(t.files[1]!.file));
      const family = new Set(
        [...rules.entries()].filter(([, r]) => t.single_check.includes(r.check)).map(([id]) => id),
      );
      const expectedBreaking = new Set(
        t.expected_ids.filter((id) => ['ERR', 'WARN'].includes(rules.get(id)?.level ?? '')),
      );
      t.expected_ids.forEach((id, i) => {
        const level = rules.get(id)?.level;
        const p = t.expected_paths.length === t.expected_ids.length ? t.expected_paths[i] : undefined;
        const match = (c: DescriptionChange): boolean =>
          idsOf(c.id).includes(id) && (p === undefined || c.path === p || c.oldPath === p);
        if (level === 'ERR') {
          positives++;
          if (report.changes.some((c) => c.level === 'breaking' && match(c))) found++;
          else misses.push(`${t.test}: ${id}`);
        } else if (level === 'INFO') {
          infoPositives++;
          if (report.changes.some((c) => c.level !== 'breaking' && match(c))) infoFound++;
        }
      });
      for (const c of report.changes) {
        if (c.level !== 'breaking') continue;
        const scoped = t.expects_no_changes || (t.expected_ids.length > 0 && idsOf(c.id).some((x) => family.has(x)));
        if (scoped && !idsOf(c.id).some((x) => expectedBreaking.has(x)))
          falseAlarms.push(`${t.test}: ${c.id} ${c.path ?? ''} ${c.property ?? ''}`);
      }
    }
    const recall = found / positives;
    console.log(
      `[oasdiff] ${tests.length} pairs; ERR recall ${found}/${positives} (${(recall * 100).toFixed(1)}%); INFO agreement ${infoFound}/${infoPositives}; false alarms ${falseAlarms.length}`,
    );
    console.log(`[oasdiff] misses: ${misses.join('; ')}`);
    console.log(`[oasdiff] false alarms: ${falseAlarms.join('; ')}`);
    expect(positives).toBeGreaterThanOrEqual(50);
    expect(recall).toBeGreaterThanOrEqual(RECALL_FLOOR);
    expect(infoFound / infoPositives).toBeGreaterThanOrEqual(INFO_FLOOR);
    expect(falseAlarms.length).toBeLessThanOrEqual(FALSE_ALARM_CEILING);
  }, 120_000);

  it('handles the circular and 3.1 pairs without hanging', () => {
    for (const [a, b] of [
      ['data/circular1.yaml', 'data/circular2.yaml'],
      ['data/openapi31-test1.yaml', 'data/openapi31-test2.yaml'],
    ] as const) {
      if (!existsSync(path.join(ROOT, a)) || !existsSync(path.join(ROOT, b))) continue;
      const r = diffDescriptions(readFileSync(path.join(ROOT, a), 'utf8'), readFileSync(path.join(ROOT, b), 'utf8'));
      expect(r.problems).toEqual([]);
      expect(r.kind).toBe('description_diff');
    }
  });
});
