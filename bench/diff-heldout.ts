// Held-out measure of the description diff: description pairs that OTHER differs' own test suites
// label breaking or compatible, diffed blind by the entry the report uses (diffDescriptions, the
// compat_diff step's call), scored on the pair's verdict.
//
// The labels live in bench/diff-heldout-*.labels.json: paths into a snapshot of the peer's
// repository at a recorded commit and the verdict its test asserts; no spec content is copied
// into this repository. The snapshot is not part of the repository: pass its location as
// `name=path` arguments or through the env var each label file names (snapshotEnv). A path may be
// a bare git directory (files read with `git show <commit>:<path>`) or a checkout at that commit.
// A suite whose snapshot is absent is reported as SKIPPED, loudly.
//
// Verdict: we call a pair breaking when the diff reports at least one change at level `breaking`.
// A second line counts `potentially-breaking` (oasdiff's WARN) as an alarm too.
// Recall = labelled-breaking pairs we call breaking / labelled-breaking pairs;
// precision = of the pairs we call breaking, the share labelled breaking.
// Run: npm run bench:diff-heldout -- openapi-diff=/path/to/OpenAPITools+openapi-diff/repo

import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type DescriptionChange, diffDescriptions } from '../workers/generators/diff/index.ts';

interface LabelCase {
  test: string;
  family: string;
  old: string;
  new: string;
  expected: 'breaking' | 'compatible';
  peerProp?: string;
  /** The peer calls the change compatible by default; its test asserts breaking with an opt-in flag. */
  peerOptIn?: boolean;
  /** Why we read this label as a difference of taxonomy (set after the first run, reasoned from oasdiff's levels). */
  taxonomy?: string;
  /**
   * The peer's label translated message by message into oasdiff's rules (the label file's
   * `oasdiffViewRules` says how): the highest oasdiff level among them, `unrated` when oasdiff has
   * no rule for what decides the pair, `none` for a pair the peer calls compatible.
   */
  oasdiffView?: { level: 'ERR' | 'WARN' | 'INFO' | 'unrated' | 'none'; rules: string[] };
}

interface LabelFile {
  name: string;
  suite: string;
  repo: string;
  commit: string;
  commitDate: string;
  snapshotEnv: string;
  cases: LabelCase[];
}

interface Outcome {
  c: LabelCase;
  breaking: DescriptionChange[];
  warnings: DescriptionChange[];
  problems: string[];
  ms: number;
}

const BENCH = import.meta.dirname;

function snapshotReader(root: string, commit: string): (file: string) => string {
  const isGitDir = existsSync(path.join(root, 'objects')) && existsSync(path.join(root, 'HEAD'));
  if (isGitDir) {
    execFileSync('git', ['--git-dir', root, 'cat-file', '-e', `${commit}^{commit}`]); // throws when absent
    return (file) =>
      execFileSync('git', ['--git-dir', root, 'show', `${commit}:${file}`], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
  }
  try {
    const head = execFileSync('git', ['-C', root, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    if (head !== commit) console.warn(`WARNING: ${root} is at ${head}, the labels were read at ${commit}`);
  } catch {
    console.warn(`WARNING: ${root} is not a git checkout; cannot confirm it is at ${commit}`);
  }
  return (file) => readFileSync(path.join(root, file), 'utf8');
}

const pct = (n: number, d: number): string => (d === 0 ? '  n/a' : `${((100 * n) / d).toFixed(1)}%`);

interface Score {
  tp: number;
  fn: number;
  fp: number;
  tn: number;
}
const score = (outcomes: Outcome[], flagged: (o: Outcome) => boolean): Score => {
  const s = { tp: 0, fn: 0, fp: 0, tn: 0 };
  for (const o of outcomes) {
    const want = o.c.expected === 'breaking';
    const got = flagged(o);
    if (want && got) s.tp++;
    else if (want) s.fn++;
    else if (got) s.fp++;
    else s.tn++;
  }
  return s;
};
const line = (s: Score): string =>
  `recall ${s.tp}/${s.tp + s.fn} = ${pct(s.tp, s.tp + s.fn)}, precision ${s.tp}/${s.tp + s.fp} = ${pct(s.tp, s.tp + s.fp)} ` +
  `(compatible pairs called breaking: ${s.fp} of ${s.fp + s.tn})`;

/**
 * The same pairs scored against the peer's labels translated into oasdiff's levels, the levels our
 * diff follows: at the breaking level a pair is breaking when a translated rule is ERR and
 * compatible when they are all INFO (or the peer calls it compatible), WARN pairs left out; with
 * potentially-breaking counted, ERR and WARN pairs are breaking. `unrated` pairs are left out of both.
 */
function printOasdiffView(outcomes: Outcome[], strict: (o: Outcome) => boolean, alarm: (o: Outcome) => boolean): void {
  const level = (o: Outcome) => o.c.oasdiffView?.level;
  const relabel = (o: Outcome, breaking: boolean): Outcome => ({
    ...o,
    c: { ...o.c, expected: breaking ? 'breaking' : 'compatible' },
  });
  const counts = ['ERR', 'WARN', 'INFO', 'none', 'unrated'].map(
    (l) => `${l} ${outcomes.filter((o) => level(o) === l).length}`,
  );
  console.log(`labels translated into oasdiff's levels (${counts.join(', ')}):`);
  const errOrInfo = outcomes
    .filter((o) => ['ERR', 'INFO', 'none'].includes(level(o) ?? ''))
    .map((o) => relabel(o, level(o) === 'ERR'));
  console.log(`  breaking level (ERR vs INFO):             ${line(score(errOrInfo, strict))}`);
  const rated = outcomes
    .filter((o) => ['ERR', 'WARN', 'INFO', 'none'].includes(level(o) ?? ''))
    .map((o) => relabel(o, level(o) === 'ERR' || level(o) === 'WARN'));
  console.log(`  breaking or potentially (ERR+WARN vs INFO): ${line(score(rated, alarm))}`);
  const missed = errOrInfo.filter((o) => o.c.expected === 'breaking' && !strict(o));
  for (const o of missed)
    console.log(
      `    missed ERR: ${o.c.test} (oasdiff: ${o.c.oasdiffView?.rules.join('; ')}; we said: ${o.warnings.length > 0 ? `potentially-breaking ${ids(o.warnings)}` : 'nothing alarming'})`,
    );
  const alarmed = rated.filter((o) => o.c.expected === 'compatible' && alarm(o));
  for (const o of alarmed)
    console.log(
      `    alarm on an INFO pair: ${o.c.test} (oasdiff: ${o.c.oasdiffView?.rules.join('; ') || 'compatible'}; we said: ${ids([...o.breaking, ...o.warnings])})`,
    );
}

const ids = (changes: DescriptionChange[]): string =>
  [...new Set(changes.map((c) => `${c.id}${c.where !== undefined ? ` @${c.where}` : ''}`))].slice(0, 4).join('; ') ||
  '—';

function runSuite(labels: LabelFile, root: string): void {
  const read = snapshotReader(root, labels.commit);
  const outcomes: Outcome[] = [];
  for (const c of labels.cases) {
    const oldText = read(c.old);
    const newText = read(c.new);
    const started = performance.now();
    const report = diffDescriptions(oldText, newText);
    outcomes.push({
      c,
      breaking: report.changes.filter((x) => x.level === 'breaking'),
      warnings: report.changes.filter((x) => x.level === 'potentially-breaking'),
      problems: report.problems.map((p) => `${p.document}: ${p.message}`),
      ms: performance.now() - started,
    });
  }
  const strict = (o: Outcome): boolean => o.breaking.length > 0;
  const alarm = (o: Outcome): boolean => o.breaking.length > 0 || o.warnings.length > 0;
  const positives = outcomes.filter((o) => o.c.expected === 'breaking').length;
  console.log(
    `\n== ${labels.suite}: ${labels.repo} @ ${labels.commit} (${labels.commitDate}); ${outcomes.length} pairs, ` +
      `${positives} labelled breaking, ${outcomes.length - positives} compatible; run ${new Date().toISOString()}`,
  );
  console.log(`breaking level:              ${line(score(outcomes, strict))}`);
  console.log(`breaking or potentially:     ${line(score(outcomes, alarm))}`);
  const defaults = outcomes.filter((o) => o.c.peerOptIn !== true);
  console.log(
    `without the peer's opt-in labels (${outcomes.length - defaults.length} pairs), breaking level: ${line(score(defaults, strict))}`,
  );
  const agreed = outcomes.filter((o) => o.c.taxonomy === undefined);
  if (agreed.length < outcomes.length)
    console.log(
      `without the ${outcomes.length - agreed.length} labels we read as taxonomy differences (the label file says why), breaking level: ${line(score(agreed, strict))}`,
    );
  if (outcomes.some((o) => o.c.oasdiffView !== undefined)) printOasdiffView(outcomes, strict, alarm);
  const readable = outcomes.filter((o) => o.problems.length === 0);
  if (readable.length < outcomes.length)
    console.log(
      `without the ${outcomes.length - readable.length} pairs we could not read, breaking level: ${line(score(readable, strict))}`,
    );
  console.log('per family (breaking level):');
  const families = [...new Set(outcomes.map((o) => o.c.family))].sort();
  for (const f of families)
    console.log(
      `  ${f.padEnd(20)} ${line(
        score(
          outcomes.filter((o) => o.c.family === f),
          strict,
        ),
      )}`,
    );
  const misses = outcomes.filter((o) => o.c.expected === 'breaking' && !strict(o));
  console.log(`misses (${misses.length}): labelled breaking, no breaking change reported`);
  for (const o of misses)
    console.log(
      `  ${o.c.test}${o.c.peerOptIn === true ? ' [peer opt-in]' : ''}${o.c.taxonomy !== undefined ? ' [taxonomy]' : ''}  ${o.c.old} → ${o.c.new}  ` +
        `(we said: ${o.warnings.length > 0 ? `potentially-breaking ${ids(o.warnings)}` : 'nothing alarming'})`,
    );
  const falseAlarms = outcomes.filter((o) => o.c.expected === 'compatible' && strict(o));
  console.log(`false alarms (${falseAlarms.length}): labelled compatible, reported breaking`);
  for (const o of falseAlarms)
    console.log(
      `  ${o.c.test}${o.c.taxonomy !== undefined ? ' [taxonomy]' : ''}  ${o.c.old} → ${o.c.new}  (${ids(o.breaking)})`,
    );
  const problems = outcomes.filter((o) => o.problems.length > 0);
  if (problems.length > 0) {
    console.log(`pairs a description of which could not be read (${problems.length}):`);
    for (const o of problems) console.log(`  ${o.c.test}: ${o.problems.join(' | ')}`);
  }
  const total = outcomes.reduce((a, o) => a + o.ms, 0);
  console.log(`diff time: ${Math.round(total)} ms for ${outcomes.length} pairs`);
}

const fromArgs = new Map(
  process.argv
    .slice(2)
    .filter((a) => a.includes('='))
    .map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] as const),
);
const labelFiles = readdirSync(BENCH)
  .filter((f) => /^diff-heldout-.*\.labels\.json$/.test(f))
  .sort();
let ran = 0;
for (const f of labelFiles) {
  const labels = JSON.parse(readFileSync(path.join(BENCH, f), 'utf8')) as LabelFile;
  const root = fromArgs.get(labels.name) ?? process.env[labels.snapshotEnv];
  if (root === undefined || !existsSync(root)) {
    console.warn(
      `\n!!! SKIPPED ${labels.suite} (${f}): no snapshot of ${labels.repo} @ ${labels.commit}. ` +
        `Pass ${labels.name}=<git dir or checkout> or set ${labels.snapshotEnv}${root !== undefined ? ` (${root} does not exist)` : ''}. !!!`,
    );
    continue;
  }
  runSuite(labels, root);
  ran++;
}
if (ran === 0) console.warn('\n!!! No held-out suite ran: every snapshot was absent. Nothing was measured. !!!');
