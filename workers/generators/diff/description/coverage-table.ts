// The table of oasdiff rules (docs/diff-rules.md) against ours, made from the rule catalogue (rules.ts):
// every oasdiff rule id, whether we check it and under which id and level, or why we do not.
// `npm run docs:diff-rules` writes it between the markers; a test fails when that file is stale.

import { coverage, LEVEL_DEVIATIONS, OWN_RULES } from './rules.ts';

export const COVERAGE_BEGIN = '<!-- diff-rules:begin (npm run docs:diff-rules writes this table) -->';
export const COVERAGE_END = '<!-- diff-rules:end -->';

const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderCoverageTable(): string {
  const rows = coverage();
  const count = (level: string, checked: boolean): number =>
    rows.filter((r) => r.level === level && (r.ours !== undefined) === checked).length;
  const lines: string[] = [];
  lines.push(
    `oasdiff's ${rows.length} rules: ERR ${count('ERR', true)} of ${count('ERR', true) + count('ERR', false)} checked, ` +
      `WARN ${count('WARN', true)} of ${count('WARN', true) + count('WARN', false)}, ` +
      `INFO ${count('INFO', true)} of ${count('INFO', true) + count('INFO', false)}. ` +
      `Levels: ERR → breaking, WARN → potentially breaking, INFO → non-breaking or info, except the ${Object.keys(LEVEL_DEVIATIONS).length} deviations marked below.`,
    '',
    '<details><summary>Every oasdiff rule and ours</summary>',
    '',
    '| oasdiff rule | oasdiff level | our id | our level | note |',
    '| --- | --- | --- | --- | --- |',
  );
  for (const r of rows) {
    const deviation = r.ours !== undefined ? LEVEL_DEVIATIONS[r.ours] : undefined;
    const note =
      r.declined !== undefined
        ? `not checked: ${r.declined}`
        : deviation !== undefined
          ? `deviation: ${deviation.why}`
          : r.ours !== r.oasdiff
            ? 'reported under our id'
            : '';
    lines.push(
      `| \`${r.oasdiff}\` | ${r.level} | ${r.ours !== undefined ? `\`${r.ours}\`` : '—'} | ${r.ourLevel ?? '—'} | ${cell(note)} |`,
    );
  }
  lines.push('', '</details>', '', '<details><summary>Our rules oasdiff has no id for</summary>', '');
  lines.push('| our id | level | why |', '| --- | --- | --- |');
  for (const [id, r] of Object.entries(OWN_RULES).sort(([a], [b]) => a.localeCompare(b)))
    lines.push(`| \`${id}\` | ${r.level} | ${cell(r.why)} |`);
  lines.push(
    '| bounds oasdiff names no rule for (`request-body-max-items-decreased`, `response-property-min-contains-unset`, …) | by direction | a request that accepts less is breaking (`-set`: potentially breaking); a response that may send more is breaking; the rest non-breaking |',
  );
  lines.push('', '</details>');
  return lines.join('\n');
}

/** The document with the table between the markers replaced; undefined when the markers are missing. */
export function withCoverageTable(readme: string): string | undefined {
  const a = readme.indexOf(COVERAGE_BEGIN);
  const b = readme.indexOf(COVERAGE_END);
  if (a < 0 || b < a) return undefined;
  return `${readme.slice(0, a + COVERAGE_BEGIN.length)}\n${renderCoverageTable()}\n${readme.slice(b)}`;
}
