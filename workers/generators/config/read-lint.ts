// Reads a flagship config's `lint:` section: the project's rule settings.
//
//   lint:
//     redocly: |                 # the text of a redocly.yaml (or the same content as a mapping)
//       rules: { no-unused-components: off, operation-operationId: error }
//     spectral: |                # the text of a .spectral.yaml (or a mapping)
//       extends: spectral:oas
//       rules: { oas3-unused-component: off }
//     rules:                     # ours, by rule id; wins over the imported files
//       tags/declared: off
//       components/unused: error
//
// Runs receive text, not files, so a Redocly or Spectral file reaches a run inside the config.
// Their `rules:` are mapped to our rule ids (model/lint/foreign-rules.ts); a rule we have no
// equivalent for is listed as not applied (`config/rule-not-applied`), an id we do not know is
// reported (`config/unknown-rule`).

import { parseDocument } from '../model/parse/parse-document.ts';
import { joinPointer } from '../model/parse/pointer.ts';
import { asRecord, entries, isRecord } from '../model/json-guards.ts';
import { isConfigurableRule, isKnownRule, ruleIds } from '../model/lint/rule-catalogue.ts';
import { foreignRules, REDOCLY_RULES, SPECTRAL_RULES, type ForeignLinter } from '../model/lint/foreign-rules.ts';
import type { LintSettings } from '../model/generator-config.ts';
import type { RuleSetting } from '../model/types.ts';
import type { ConfigReader } from './config-reader.ts';
import { closestName } from '../model/lint/closest-name.ts';

const LINT_KEYS = ['rules', 'redocly', 'spectral'];
const LINTER_NAME: Record<ForeignLinter, string> = { redocly: 'Redocly', spectral: 'Spectral' };
/** Bounds on an imported file (it is parsed inside the config's own limits as well). */
const FOREIGN_TEXT_LIMIT = 1_000_000;

export function readLint(reader: ConfigReader, raw: unknown, pointer: string): LintSettings | undefined {
  if (raw === undefined || raw === null) return undefined;
  const lint = asRecord(raw);
  if (lint === undefined) {
    reader.report(
      'config/invalid-lint',
      'warning',
      pointer,
      '`lint` must be a mapping (`rules`, `redocly`, `spectral`); it is ignored.',
    );
    return undefined;
  }
  reader.checkKeys(lint, pointer, LINT_KEYS, '`lint`');
  const settings: LintSettings = { rules: Object.create(null) as LintSettings['rules'] };
  for (const linter of ['redocly', 'spectral'] as const) {
    if (lint[linter] !== undefined) importForeign(reader, linter, lint[linter], joinPointer(pointer, linter), settings);
  }
  const rulesPointer = joinPointer(pointer, 'rules');
  if (lint.rules !== undefined && !isRecord(lint.rules)) {
    reader.report(
      'config/invalid-lint',
      'warning',
      rulesPointer,
      '`lint.rules` must map rule ids to error, warn, info or off.',
    );
  }
  for (const [id, value] of entries(lint.rules)) {
    const at = joinPointer(rulesPointer, id);
    const setting = ourSetting(value);
    if (setting === undefined) {
      reader.report(
        'config/invalid-rule-setting',
        'warning',
        at,
        `Rule "${id}" is set to ${JSON.stringify(value)}; use error, warn, info or off. The setting is ignored.`,
      );
      continue;
    }
    if (!isKnownRule(id)) {
      reader.report('config/unknown-rule', 'warning', at, unknownRuleMessage(id));
      continue;
    }
    if (!isConfigurableRule(id)) {
      reader.report(
        'config/unknown-rule',
        'warning',
        at,
        `Rule "${id}" reports a description that cannot be read or modelled at all; its severity cannot be set.`,
      );
      continue;
    }
    settings.rules[id] = { setting, from: 'lint.rules' };
  }
  return settings;
}

function ourSetting(value: unknown): RuleSetting | undefined {
  if (value === 'error' || value === 'warn' || value === 'info' || value === 'off') return value;
  if (value === 'warning') return 'warn';
  return undefined;
}

/** A Redocly (`error|warn|off`, or `{severity}`) or Spectral (`error|warn|info|hint|off`, 0-3, true/false, `{severity}`) setting. */
function foreignSetting(value: unknown, linter: ForeignLinter): RuleSetting | 'custom' | undefined {
  const record = asRecord(value);
  if (record !== undefined) {
    // A Spectral rule with `given`/`then`, or a Redocly configurable rule, is a rule of its own.
    if ('given' in record || 'then' in record || 'subject' in record || 'assertions' in record) return 'custom';
    return record.severity === undefined ? 'warn' : foreignSetting(record.severity, linter);
  }
  if (value === 'error' || value === 'warn' || value === 'info' || value === 'off') return value;
  if (value === 'hint' || value === 'information') return 'info';
  if (value === 'warning') return 'warn';
  if (linter === 'spectral') {
    if (value === false) return 'off';
    if (value === true) return 'warn';
    if (value === 0) return 'error';
    if (value === 1) return 'warn';
    if (value === 2 || value === 3) return 'info';
    if (value === -1) return 'off';
  }
  return undefined;
}

function importForeign(
  reader: ConfigReader,
  linter: ForeignLinter,
  raw: unknown,
  pointer: string,
  settings: LintSettings,
): void {
  const name = LINTER_NAME[linter];
  let doc: unknown = raw;
  if (typeof raw === 'string') {
    if (raw.length > FOREIGN_TEXT_LIMIT) {
      reader.report('config/invalid-lint', 'warning', pointer, `The ${name} file is larger than 1 MB; it is ignored.`);
      return;
    }
    const parsed = parseDocument(raw, { maxBytes: FOREIGN_TEXT_LIMIT });
    if (parsed.document === undefined) {
      const first = parsed.diagnostics[0]?.message ?? 'it is not YAML';
      reader.report(
        'config/invalid-lint',
        'warning',
        pointer,
        `The ${name} file could not be read (${first}); it is ignored.`,
      );
      return;
    }
    doc = parsed.document.value;
  }
  const root = asRecord(doc);
  if (root === undefined) {
    reader.report(
      'config/invalid-lint',
      'warning',
      pointer,
      `The ${name} file must be a YAML mapping with \`rules:\`; it is ignored.`,
    );
    return;
  }
  // Inline text has no locations of its own: its findings point at the `lint.<linter>` key.
  const inline = typeof raw === 'string';
  const where = (...segments: string[]): string => (inline ? pointer : joinPointer(pointer, ...segments));
  if (root.extends !== undefined) {
    reader.report(
      'config/rule-not-applied',
      'info',
      where('extends'),
      `${name}'s \`extends\` is not applied: our rules' own severities are the base, and only the \`rules:\` listed are mapped.`,
    );
  }
  if (linter === 'redocly' && root.apis !== undefined) {
    reader.report(
      'config/rule-not-applied',
      'info',
      where('apis'),
      "Redocly's per-API settings (`apis:`) are not applied; put shared settings under the file's top-level `rules:`.",
    );
  }
  const table = foreignRules(linter);
  for (const [foreignName, value] of entries(root.rules)) {
    const at = where('rules', foreignName);
    const setting = foreignSetting(value, linter);
    if (setting === 'custom') {
      reader.report(
        'config/rule-not-applied',
        'info',
        at,
        `${name} rule "${foreignName}" is a custom rule of your ruleset; it is not applied here.`,
      );
      continue;
    }
    if (setting === undefined) {
      reader.report(
        'config/invalid-rule-setting',
        'warning',
        at,
        `${name} rule "${foreignName}" has a severity we do not understand (${JSON.stringify(value)}); it is ignored.`,
      );
      continue;
    }
    const mapped = Object.hasOwn(table, foreignName) ? table[foreignName] : undefined;
    if (mapped === undefined || mapped.ours.length === 0) {
      // Turning off a rule we do not have changes nothing; anything else is a check the team expects.
      if (setting === 'off') continue;
      reader.report(
        'config/rule-not-applied',
        'info',
        at,
        mapped === undefined
          ? `${name} rule "${foreignName}" is not one we know; it is not applied.`
          : `${name} rule "${foreignName}" has no equivalent here; it is not applied.`,
      );
      continue;
    }
    for (const ours of mapped.ours) settings.rules[ours] = { setting, from: `${linter}:${foreignName}` };
  }
}

function unknownRuleMessage(id: string): string {
  if (Object.hasOwn(REDOCLY_RULES, id) || Object.hasOwn(SPECTRAL_RULES, id)) {
    const linter = Object.hasOwn(REDOCLY_RULES, id) ? 'redocly' : 'spectral';
    const ours = foreignRules(linter)[id]?.ours ?? [];
    return ours.length > 0
      ? `"${id}" is a ${LINTER_NAME[linter]} rule name; ours is ${ours.map((o) => `"${o}"`).join(' and ')} (or put it under \`lint.${linter}\`). The setting is ignored.`
      : `"${id}" is a ${LINTER_NAME[linter]} rule we have no equivalent for. The setting is ignored.`;
  }
  const near = closestName(id, ruleIds());
  return `Unknown rule "${id}"; the setting is ignored.${near ? ` Did you mean "${near}"?` : ''}`;
}
