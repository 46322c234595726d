// Which OpenAPI version a document claims, and whether we handle it.

import type { Diagnostic } from '../types.ts';
import { isRecord } from '../json-guards.ts';

export type VersionVerdict =
  | { kind: 'supported'; version: '3.0' | '3.1'; raw: string; schemaCheck: boolean; note?: Diagnostic }
  | { kind: 'unsupported'; diagnostic: Diagnostic };

export function detectVersion(
  value: unknown,
  locate: (pointer: string) => { line: number; column: number },
): VersionVerdict {
  const fail = (pointer: string, message: string): VersionVerdict => {
    const at = locate(pointer);
    return {
      kind: 'unsupported',
      diagnostic: {
        ruleId: 'oas/unsupported-version',
        severity: 'error',
        message,
        pointer,
        line: at.line,
        column: at.column,
      },
    };
  };
  if (!isRecord(value)) return fail('', 'The document is not an object, so it is not an OpenAPI description.');
  if ('swagger' in value) {
    return fail(
      '/swagger',
      `This is a Swagger ${String(value.swagger)} (OpenAPI 2.0) description; only OpenAPI 3.0 and 3.1 are supported. Convert it first (e.g. with swagger2openapi).`,
    );
  }
  if (!('openapi' in value)) return fail('', 'No `openapi` version field: this is not an OpenAPI 3.x description.');
  const raw = value.openapi;
  if (typeof raw !== 'string') {
    return fail(
      '/openapi',
      `The \`openapi\` field must be a string such as "3.1.0" (got ${JSON.stringify(raw)}; quote it in YAML).`,
    );
  }
  if (/^3\.0\.\d+(-.+)?$/.test(raw)) return { kind: 'supported', version: '3.0', raw, schemaCheck: true };
  if (/^3\.1\.\d+(-.+)?$/.test(raw)) return { kind: 'supported', version: '3.1', raw, schemaCheck: true };
  if (/^3\.2\.\d+(-.+)?$/.test(raw)) {
    const at = locate('/openapi');
    return {
      kind: 'supported',
      version: '3.1',
      raw,
      schemaCheck: false,
      note: {
        ruleId: 'oas/unsupported-version',
        severity: 'warning',
        message: `OpenAPI ${raw} is read as 3.1: features new in 3.2 are ignored and the document is not checked against a 3.2 schema.`,
        pointer: '/openapi',
        line: at.line,
        column: at.column,
      },
    };
  }
  return fail('/openapi', `Unsupported OpenAPI version "${raw}": expected 3.0.x or 3.1.x.`);
}
