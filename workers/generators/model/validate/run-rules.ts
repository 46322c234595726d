// Runs the semantic rules over an indexed document. A rule that throws is a bug in the rule, not
// in the user's description: it is reported as an `internal/rule-failed` diagnostic and the other
// rules still run.

import type { Diagnostic } from '../types.ts';
import { makeContext, type Rule, type RuleContext } from '../rules/rule.ts';

export function runRules(
  base: Omit<RuleContext, 'report'>,
  rules: readonly Rule[],
  signal?: AbortSignal,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const rule of rules) {
    signal?.throwIfAborted();
    try {
      rule.run(makeContext(base, rule, out));
    } catch (error) {
      out.push({
        ruleId: 'internal/rule-failed',
        severity: 'warning',
        message: `Rule ${rule.id} failed on this description (${error instanceof Error ? error.message : String(error)}); its findings are missing.`,
        pointer: '',
        line: 0,
        column: 0,
      });
    }
  }
  return out;
}
