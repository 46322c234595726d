// The HTML of the rule documentation pages (`/rules`, `/rules/<ruleId>`): pure, every string escaped.
// The route that serves them is server/rule-docs-route.ts (through workers/for-api.ts).

import { REDOCLY_RULES, SPECTRAL_RULES } from './foreign-rules.ts';
import { impactOf, isConfigurableRule, ruleIds } from './rule-catalogue.ts';
import { FAMILY_DOCS, RULE_DOCS } from './rule-docs.ts';
import { docsUrlOf } from './finalize-diagnostics.ts';
import { ALL_RULES } from '../rules/all-rules.ts';

const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe in element content and in quoted attribute values. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ENTITY[ch] as string);
}

/** A rule id as reports spell them (`family/name`); anything else is not a rule. */
const RULE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*\/[a-z0-9]+(?:-[a-z0-9]+)*$/;

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1b1f24}
code,pre{font-family:ui-monospace,monospace}pre{background:#f4f5f7;padding:.75rem;overflow:auto;border-radius:6px}
.badge{display:inline-block;padding:0 .5rem;border-radius:999px;background:#e8eaee;font-size:.85rem}
table{border-collapse:collapse}td,th{padding:.25rem .75rem;border-bottom:1px solid #e3e5e8;text-align:left}
@media (prefers-color-scheme:dark){body{background:#111418;color:#e6e8eb}pre{background:#1c2026}.badge{background:#2a2f37}td,th{border-color:#2a2f37}}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

function equivalents(id: string): { redocly: string[]; spectral: string[] } {
  const of = (table: typeof REDOCLY_RULES) =>
    Object.entries(table)
      .filter(([, rule]) => rule.ours.includes(id))
      .map(([name]) => name);
  return { redocly: of(REDOCLY_RULES), spectral: of(SPECTRAL_RULES) };
}

/** The page of one rule (or of a family of fixed findings); undefined when `id` is not one. */
export function rulePage(id: string): string | undefined {
  if (!RULE_ID.test(id)) return undefined;
  const doc = Object.hasOwn(RULE_DOCS, id) ? RULE_DOCS[id] : undefined;
  const family = id.split('/')[0] as string;
  const e = escapeHtml;
  if (doc === undefined) {
    const fam = Object.hasOwn(FAMILY_DOCS, family) ? FAMILY_DOCS[family] : undefined;
    if (fam === undefined) return undefined;
    return layout(
      id,
      `<p><a href="/rules">All rules</a></p><h1><code>${e(id)}</code></h1><p class="badge">${e(fam.title)}</p>` +
        `<h2>What it checks</h2><p>${e(fam.checks)}</p><h2>Why</h2><p>${e(fam.why)}</p>` +
        `<h2>Turning it off</h2><p>Findings of this family are not rules a project sets: they are about reading the inputs, the config itself, or our own faults.</p>`,
    );
  }
  const rule = ALL_RULES.find((r) => r.id === id);
  const impact = impactOf({ ruleId: id, pointer: '' });
  const { redocly, spectral } = equivalents(id);
  const list = (names: string[]) => (names.length ? names.map((n) => `<code>${e(n)}</code>`).join(', ') : 'none');
  const off = isConfigurableRule(id)
    ? `<p>In the flagship config (the run's <code>configText</code>):</p><pre>lint:\n  rules:\n    ${e(id)}: off    # or error, warn, info</pre>` +
      `<p>Or import your Redocly or Spectral file under <code>lint.redocly</code> / <code>lint.spectral</code>: their names above map to this rule. A severity you set decides the verdict: <code>error</code> makes a run not_ready, <code>warn</code> needs_review, <code>info</code> only reports.</p>`
    : '<p>This finding cannot be turned off: nothing can be built past it.</p>';
  return layout(
    id,
    `<p><a href="/rules">All rules</a></p><h1><code>${e(id)}</code></h1>` +
      `<p><span class="badge">${rule ? `default: ${e(rule.severity)}` : 'error'}</span> <span class="badge">${impact === 'sdk' ? 'changes the SDK' : 'style'}</span></p>` +
      (rule ? `<p>${e(rule.description)}</p>` : '') +
      `<h2>What it checks</h2><p>${e(doc.checks)}</p><h2>Why it matters</h2><p>${e(doc.why)}</p>` +
      `<h2>Fails</h2><pre>${e(doc.fail)}</pre><h2>Passes</h2><pre>${e(doc.pass)}</pre>` +
      `<h2>Verdict</h2><p>${
        impact === 'sdk'
          ? 'A warning of this rule changes what the generated SDKs do: it makes the run <code>needs_review</code>.'
          : 'A warning of this rule is style: it stays in the report and does not keep the run from <code>ready</code>.'
      } An error always makes it <code>not_ready</code>.</p>` +
      `<h2>Equivalents</h2><p>Redocly: ${list(redocly)}. Spectral (<code>spectral:oas</code>): ${list(spectral)}.</p>` +
      `<h2>Setting or turning it off</h2>${off}`,
  );
}

/** Every rule, with its class and default severity. */
export function rulesIndexPage(): string {
  const rows = ruleIds()
    .filter((id) => Object.hasOwn(RULE_DOCS, id))
    .map((id) => {
      const rule = ALL_RULES.find((r) => r.id === id);
      return `<tr><td><a href="${escapeHtml(docsUrlOf(id))}"><code>${escapeHtml(id)}</code></a></td><td>${impactOf({ ruleId: id, pointer: '' })}</td><td>${escapeHtml(rule?.severity ?? 'error')}</td></tr>`;
    })
    .join('');
  const families = Object.keys(FAMILY_DOCS)
    .map((f) => `<li><code>${escapeHtml(f)}/…</code>: ${escapeHtml(FAMILY_DOCS[f]?.title ?? '')}</li>`)
    .join('');
  return layout(
    'Rules',
    `<h1>Rules</h1><p>Every finding of a validation report names its rule and links here. Set a rule's severity with <code>lint: rules:</code> in the flagship config.</p>` +
      `<table><thead><tr><th>Rule</th><th>Class</th><th>Default</th></tr></thead><tbody>${rows}</tbody></table>` +
      `<h2>Other findings</h2><ul>${families}</ul>`,
  );
}
