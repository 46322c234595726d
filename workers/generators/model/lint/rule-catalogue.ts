// Every rule id a report can carry, with the class of its findings (docs/diagnostics.md, "Verdict classes"):
// `sdk` findings change what the generated SDKs, CLI or docs do, `style` ones do not. A warning
// of class `sdk` makes a run `needs_review`; a `style` warning stays in the report without
// blocking `ready`. Rule settings (`lint: rules:`) move a rule between the classes: a severity the
// project set is what decides (error: not_ready, warn: needs_review, info: report only).
//
// This list is static (no rule module is imported), so the config reader can check rule ids
// without loading the rules; tests/workers/generators/model/lint/lint-settings.test.ts checks it covers ALL_RULES.

import type { Diagnostic, DiagnosticImpact } from '../types.ts';

export interface CatalogueEntry {
  impact: DiagnosticImpact;
  /** Can a project set this rule's severity? (Read failures and internal faults cannot be turned off.) */
  configurable: boolean;
}

const sdk: CatalogueEntry = { impact: 'sdk', configurable: true };
const style: CatalogueEntry = { impact: 'style', configurable: true };
const fixed: CatalogueEntry = { impact: 'sdk', configurable: false };

/** Rules of `workers/generators/model/rules/` and the official-schema check. */
export const RULE_CATALOGUE: Readonly<Record<string, CatalogueEntry>> = {
  'oas/schema': sdk,
  'ref/external': sdk,
  'ref/unresolved': sdk,
  'ref/cycle': sdk,
  'ref/sibling-ignored': style,
  'operation/operation-id-missing': style,
  'operation/operation-id-unique': sdk,
  'operation/parameter-unique': sdk,
  'operation/success-response': sdk,
  'operation/get-request-body': sdk,
  'parameter/allow-reserved-location': sdk,
  'parameter/header-ignored': style,
  'path/param-declared': sdk,
  'path/param-unused': sdk,
  'path/duplicate-or-ambiguous': sdk,
  'path/no-query-string': sdk,
  'security/scheme-defined': sdk,
  'security/scheme-unused': style,
  'security/scope-defined': style,
  'servers/present': sdk,
  'servers/valid-url': sdk,
  'servers/variable-defined': sdk,
  'servers/variable-default-in-enum': sdk,
  'tags/declared': style,
  'tags/unique': style,
  'components/unused': style,
  'schema/example-valid': sdk,
  'schema/default-valid': sdk,
  'schema/enum-type': sdk,
  'schema/discriminator-property': sdk,
  'schema/array-items': sdk,
  'schema/required-property-defined': sdk,
  'schema/nullable-keyword': sdk,
  'generator/name-collision': sdk,
  'generator/unsupported-construct': sdk,
  'limits/enum-members': sdk,
  'limits/union-arms': sdk,
  'limits/allof-arms': sdk,
  'limits/object-properties': sdk,
  'limits/schemas': fixed,
  'limits/schema-nodes': fixed,
  'oas/unsupported-version': fixed,
};

/** Families whose findings are not rules a project can set (reading the inputs, our own faults). */
const FIXED_FAMILIES: Readonly<Record<string, DiagnosticImpact>> = {
  parse: 'sdk',
  internal: 'sdk',
  report: 'style',
  config: 'sdk',
};

/** Config findings that do not change what is generated (about the lint settings themselves, notes). */
const STYLE_CONFIG_RULES = new Set([
  'config/not-applied',
  'config/unknown-rule',
  'config/rule-not-applied',
  'config/stainless-detected',
  'config/missing-organization',
]);

export function isKnownRule(ruleId: string): boolean {
  return Object.hasOwn(RULE_CATALOGUE, ruleId);
}

export function isConfigurableRule(ruleId: string): boolean {
  return RULE_CATALOGUE[ruleId]?.configurable === true;
}

/**
 * The class of a finding. Example mismatches are `sdk` only where the example is sent (request
 * bodies and parameters): an SDK's docs and tests use those; a response example that contradicts
 * its schema misleads a reader but changes no generated code.
 */
export function impactOf(diagnostic: Pick<Diagnostic, 'ruleId' | 'pointer'>): DiagnosticImpact {
  const { ruleId, pointer } = diagnostic;
  if (ruleId === 'schema/example-valid' && /\/responses\//.test(pointer)) return 'style';
  const entry = RULE_CATALOGUE[ruleId];
  if (entry !== undefined) return entry.impact;
  if (STYLE_CONFIG_RULES.has(ruleId)) return 'style';
  const family = ruleId.split('/', 1)[0] ?? '';
  return FIXED_FAMILIES[family] ?? 'sdk';
}

/** Rule ids, sorted, for listing and "did you mean". */
export function ruleIds(): string[] {
  return Object.keys(RULE_CATALOGUE).sort();
}
