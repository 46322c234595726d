// A readable Markdown page for the `compat_diff` artifact. Every string that came from a customer's
// SDK or description goes through `md()` (inline code with backticks neutralised, or escaped text),
// so a hostile name cannot inject markup or HTML into the page.

import type { CompatReport, DescriptionDiffReport, MethodDiff, SdkDiffReport } from './types.ts';

/** Inline code that cannot be broken out of: backticks, angle brackets and line breaks are replaced
 * by look-alikes, so the page stays inert even under a renderer that passes raw HTML through. */
function code(text: string): string {
  const clean = text
    .replace(/[\r\n]+/g, ' ')
    .replace(/`/g, 'ˋ')
    .replace(/</g, '‹')
    .replace(/>/g, '›');
  return `\`${clean}\``;
}

/** Plain text with Markdown and HTML metacharacters escaped. */
function md(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/[\\`*_{}[\]()#+\-.!|<>&]/g, (c) =>
      c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : `\\${c}`,
    );
}

function loc(l: { file: string; line: number } | undefined): string {
  return l === undefined ? '' : `${md(l.file)}:${l.line}`;
}

function methodRow(m: MethodDiff): string {
  const changes = m.changes.map((c) => `${c.breaking ? '**breaking**: ' : ''}${md(c.message)}`).join('<br>');
  return `| ${m.status} | ${m.oldCall !== undefined ? code(m.oldCall) : ''} | ${m.newCall !== undefined ? code(m.newCall) : ''} | ${m.endpoint !== undefined ? code(m.endpoint) : ''} | ${[changes, m.reason !== undefined ? md(m.reason) : ''].filter((x) => x !== '').join('<br>')} |`;
}

function sdkSection(r: SdkDiffReport): string[] {
  const lines: string[] = [];
  lines.push('## SDK surface', '');
  lines.push(`Migration risk: **${r.risk.level}** (score ${r.risk.score}).`, '', md(r.risk.explanation), '');
  lines.push('| factor | count | weight | points |', '| --- | ---: | ---: | ---: |');
  for (const f of r.risk.factors) lines.push(`| ${f.label} | ${f.count} | ${f.weight} | ${f.points} |`);
  lines.push('');
  const c = r.counts;
  lines.push(
    `Methods: ${c.oldMethods} in the current SDK, ${c.newMethods} in the new one — ${c.kept} kept, ${c.renamed} renamed, ${c.changed} changed, ${c.removed} removed, ${c.added} added.`,
    '',
  );
  lines.push('| status | current call | new call | endpoint | notes |', '| --- | --- | --- | --- | --- |');
  const order = { removed: 0, renamed: 1, changed: 2, added: 3, kept: 4 } as const;
  for (const m of [...r.methods].sort((a, b) => order[a.status] - order[b.status])) lines.push(methodRow(m));
  lines.push('');
  const named = (title: string, d: { kept: string[]; removed: string[]; added: string[] }): void => {
    if (d.removed.length + d.added.length + d.kept.length === 0) return;
    lines.push(`### ${title}`, '', `${d.kept.length} kept, ${d.removed.length} removed, ${d.added.length} added.`);
    if (d.removed.length > 0) lines.push('', `Removed: ${d.removed.map(code).join(', ')}`);
    if (d.added.length > 0) lines.push('', `Added: ${d.added.map(code).join(', ')}`);
    lines.push('');
  };
  named('Client options', r.clientOptions);
  named('Resources', r.resources);
  named('Error classes', r.errors);
  named('Pagination helpers', r.pagination);
  named('Streaming helpers', r.streaming);
  named('Model types', r.models);
  if (r.problems.length > 0) {
    lines.push('### Could not read', '');
    for (const p of r.problems)
      lines.push(
        `- ${p.kind}: ${md(p.message)}${p.file !== undefined ? ` (${md(p.file)}${p.line !== undefined ? `:${p.line}` : ''})` : ''}`,
      );
    lines.push('');
  }
  void loc;
  return lines;
}

function descriptionSection(r: DescriptionDiffReport): string[] {
  const lines: string[] = ['## Description changes', ''];
  lines.push(
    `${md(r.oldVersion ?? '?')} → ${md(r.newVersion ?? '?')}: ${r.counts.breaking} breaking, ${r.counts.potentiallyBreaking ?? 0} potentially breaking, ${r.counts.nonBreaking} non-breaking, ${r.counts.info} informational (${r.counts.operationsOld} → ${r.counts.operationsNew} operations).`,
    '',
  );
  for (const p of r.problems)
    lines.push(`- The ${p.document} description could not be read: ${md(p.message)} (${p.line}:${p.column})`);
  if (r.changes.length === 0) return [...lines, 'No changes.', ''];
  lines.push(
    '| level | rule | oasdiff | operation | where | change | old | new |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const c of r.changes) {
    const at = (l: typeof c.old): string => (l === undefined ? '' : `${l.line}:${l.column} ${code(l.pointer)}`);
    lines.push(
      `| ${c.level.replace('-', ' ')} | ${code(c.id)} | ${c.oasdiff !== undefined ? code(c.oasdiff) : ''} | ${c.operation !== undefined ? code(c.operation) : ''} | ${md([c.where, c.property].filter((x) => x !== undefined).join(' '))} | ${md(c.message)} | ${at(c.old)} | ${at(c.new)} |`,
    );
  }
  lines.push('');
  return lines;
}

export function renderCompatMarkdown(report: CompatReport | SdkDiffReport | DescriptionDiffReport): string {
  const r: CompatReport =
    'kind' in report ? (report.kind === 'sdk_surface_diff' ? { sdk: report } : { description: report }) : report;
  const lines: string[] = ['# Compatibility report', ''];
  if (r.sdk !== undefined) lines.push(...sdkSection(r.sdk));
  if (r.description !== undefined) lines.push(...descriptionSection(r.description));
  if (r.sdk === undefined && r.description === undefined)
    lines.push('Nothing to compare: no current SDK and no earlier run.', '');
  return lines.join('\n');
}
