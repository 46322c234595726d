// The shape of a semantic rule and the context every rule reads. Rules are pure: they read the
// parsed document (through the shared indexes) and report diagnostics; they never throw on a
// malformed document (the official-schema check has already reported the malformation).

import type { Diagnostic, Severity, SourceLocation } from '../types.ts';
import type { JsonRecord } from '../json-guards.ts';
import type { OperationEntry } from '../doc-index.ts';
import type { RefIndex } from '../refs/ref-index.ts';
import type { SchemaSite } from '../schema-walk.ts';

export interface RuleContext {
  doc: JsonRecord;
  version: '3.0' | '3.1';
  locate(pointer: string): SourceLocation;
  refs: RefIndex;
  /** Operations under `paths` and `webhooks`. */
  operations: OperationEntry[];
  /** Every Schema Object written in the document. */
  schemas: SchemaSite[];
  report(pointer: string, message: string, severity?: Severity): void;
}

export interface Rule {
  /** Stable id, `family/name`. Never renamed once shipped. */
  id: string;
  severity: Severity;
  /** One line: what the rule checks and why it matters. */
  description: string;
  run(ctx: RuleContext): void;
}

export function makeContext(base: Omit<RuleContext, 'report'>, rule: Rule, sink: Diagnostic[]): RuleContext {
  return {
    ...base,
    report(pointer, message, severity = rule.severity) {
      const at = base.locate(pointer);
      sink.push({ ruleId: rule.id, severity, message, pointer, line: at.line, column: at.column });
    },
  };
}
