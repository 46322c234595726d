// The last pass over a report's diagnostics: the project's rule settings, then one diagnostic per
// cause, then each finding's class (`impact`) and documentation link.
//
// A cause is a rule reporting the same message: five Example Objects missing their `value:`
// wrapper are one finding with five places, not five (nor 56, one per property). The grouped
// diagnostic keeps the shape of a single one (pointer/line/column are its first place) and adds
// `locations` (every place, up to LOCATIONS_KEPT) and `count`.

import type { Diagnostic, Severity, SourceLocation } from '../types.ts';
import type { LintSettings } from '../generator-config.ts';
import { impactOf, isConfigurableRule } from './rule-catalogue.ts';

/** How many places a grouped diagnostic lists; `count` has the total. */
export const LOCATIONS_KEPT = 100;

const SEVERITY_OF = { error: 'error', warn: 'warning', info: 'info' } as const satisfies Record<string, Severity>;

/** Applies the rule settings: `off` drops a rule's findings, another setting replaces their severity. */
export function applyRuleSettings(
  diagnostics: readonly Diagnostic[],
  settings: LintSettings | undefined,
): Diagnostic[] {
  if (settings === undefined || Object.keys(settings.rules).length === 0) return [...diagnostics];
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    const set = d.document === 'config' ? undefined : settings.rules[d.ruleId];
    if (set === undefined || !isConfigurableRule(d.ruleId)) {
      out.push(d);
      continue;
    }
    if (set.setting === 'off') continue;
    out.push({ ...d, severity: SEVERITY_OF[set.setting], configured: set.setting });
  }
  return out;
}

/** One diagnostic per cause (same document, rule, severity and message), in the order of first appearance. */
export function groupDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const groups = new Map<string, { first: Diagnostic; locations: SourceLocation[]; count: number }>();
  for (const d of diagnostics) {
    const key = `${d.document ?? 'openapi'}\u0000${d.ruleId}\u0000${d.severity}\u0000${d.message}`;
    const group = groups.get(key);
    const places = d.locations ?? [{ pointer: d.pointer, line: d.line, column: d.column }];
    const count = d.count ?? 1;
    if (group === undefined) {
      groups.set(key, { first: d, locations: places.slice(0, LOCATIONS_KEPT), count });
      continue;
    }
    group.count += count;
    for (const place of places) {
      if (group.locations.length >= LOCATIONS_KEPT) break;
      group.locations.push(place);
    }
  }
  const out: Diagnostic[] = [];
  for (const { first, locations, count } of groups.values()) {
    if (count === 1) {
      out.push(first);
      continue;
    }
    out.push({ ...first, locations, count });
  }
  return out;
}

/** The documentation page of a rule on this service: `/rules/<family>/<name>`, each segment percent-encoded. */
export function docsUrlOf(ruleId: string): string {
  return `/rules/${ruleId.split('/').map(encodeURIComponent).join('/')}`;
}

/** Adds each finding's class and documentation link. */
export function annotateDiagnostic(d: Diagnostic): Diagnostic {
  return { ...d, impact: impactOf(d), docsUrl: docsUrlOf(d.ruleId) };
}

/** Settings, grouping, annotation: what the report shows. */
export function finalizeDiagnostics(
  diagnostics: readonly Diagnostic[],
  settings: LintSettings | undefined,
): Diagnostic[] {
  return groupDiagnostics(applyRuleSettings(diagnostics, settings)).map(annotateDiagnostic);
}

/**
 * Does this finding keep a run from `ready` as a warning (`needs_review`)? A warning of class `sdk`
 * does; a `style` one does not, unless the project set the rule to `warn` itself.
 */
export function blocksReady(d: Diagnostic): boolean {
  if (d.severity !== 'warning') return false;
  if (d.configured === 'warn') return true;
  return (d.impact ?? impactOf(d)) === 'sdk';
}
