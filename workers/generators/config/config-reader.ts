// Shared plumbing for reading a config YAML: typed access with located diagnostics.

import type { Diagnostic, Severity, SourceLocation } from '../model/types.ts';
import type { ParsedDocument } from '../model/parse/parse-document.ts';
import { joinPointer } from '../model/parse/pointer.ts';

export class ConfigReader {
  readonly diagnostics: Diagnostic[] = [];
  readonly #doc: ParsedDocument;

  constructor(doc: ParsedDocument) {
    this.#doc = doc;
  }

  locate(pointer: string): SourceLocation {
    return this.#doc.locate(pointer);
  }

  report(ruleId: string, severity: Severity, pointer: string, message: string): void {
    const at = this.#doc.locate(pointer);
    this.diagnostics.push({ ruleId, severity, message, pointer, line: at.line, column: at.column, document: 'config' });
  }

  /** Reports keys of `record` that are not in `known` (`config/unknown-key`, a warning). */
  checkKeys(record: Record<string, unknown>, pointer: string, known: readonly string[], what: string): void {
    for (const key of Object.keys(record)) {
      if (!known.includes(key) && !key.startsWith('x-')) {
        this.report(
          'config/unknown-key',
          'warning',
          joinPointer(pointer, key),
          `Unknown key "${key}" in ${what}; it is ignored.`,
        );
      }
    }
  }
}
