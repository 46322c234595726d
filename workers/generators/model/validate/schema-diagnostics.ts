// Turns ajv errors from the official OpenAPI schema into diagnostics a user can act on: one per
// real problem, pointing at the offending node. ajv reports every failed branch of a oneOf
// (e.g. "must have required property '$ref'" for a Response that is not a Reference); those
// side-branch errors are dropped whenever a more specific error exists at or below the same node.

import type { ErrorObject } from 'ajv';
import type { Diagnostic, SourceLocation } from '../types.ts';
import { joinPointer } from '../parse/pointer.ts';

const COMBINATORS = new Set(['oneOf', 'anyOf', 'allOf', 'if', 'then', 'else', 'not', '$ref', 'dependentSchemas']);

export function schemaDiagnostics(
  errors: ErrorObject[],
  versionLabel: string,
  locate: (pointer: string) => SourceLocation,
  max = 500,
): Diagnostic[] {
  // Sorting by path makes "is there an error at or below this node?" a neighbour check.
  const paths = [...new Set(errors.map((e) => e.instancePath))].sort();
  const hasDeeperOrEqualSpecific = (path: string, self: ErrorObject): boolean =>
    errors.some(
      (e) =>
        e !== self &&
        !COMBINATORS.has(e.keyword) &&
        !isMissingRef(e) &&
        (e.instancePath === path || e.instancePath.startsWith(path + '/')),
    );
  const hasDeeper = (path: string): boolean => paths.some((p) => p.startsWith(path + '/'));

  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    if (
      COMBINATORS.has(error.keyword) &&
      (hasDeeperOrEqualSpecific(error.instancePath, error) || hasDeeper(error.instancePath))
    )
      continue;
    if (isMissingRef(error) && (hasDeeperOrEqualSpecific(error.instancePath, error) || hasDeeper(error.instancePath)))
      continue;
    const { pointer, message } = describe(error);
    const key = pointer + '\u0000' + message;
    if (seen.has(key)) continue;
    seen.add(key);
    const at = locate(pointer);
    out.push({
      ruleId: 'oas/schema',
      severity: 'error',
      message: `${message} (OpenAPI ${versionLabel} schema)`,
      pointer,
      line: at.line,
      column: at.column,
    });
    if (out.length >= max) break;
  }
  return out;
}

function isMissingRef(error: ErrorObject): boolean {
  return error.keyword === 'required' && (error.params as { missingProperty?: unknown }).missingProperty === '$ref';
}

function describe(error: ErrorObject): { pointer: string; message: string } {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { pointer: error.instancePath, message: `Missing required property "${String(params.missingProperty)}".` };
    case 'additionalProperties':
      return {
        pointer: joinPointer(error.instancePath, String(params.additionalProperty)),
        message: `Property "${String(params.additionalProperty)}" is not allowed here.`,
      };
    case 'unevaluatedProperties':
      return {
        pointer: joinPointer(error.instancePath, String(params.unevaluatedProperty)),
        message: `Property "${String(params.unevaluatedProperty)}" is not allowed here.`,
      };
    case 'propertyNames':
      return {
        pointer: joinPointer(error.instancePath, String(params.propertyName)),
        message: `Key "${String(params.propertyName)}" is not allowed here.`,
      };
    case 'type':
      return { pointer: error.instancePath, message: `Must be of type ${String(params.type)}.` };
    case 'enum':
      return {
        pointer: error.instancePath,
        message: `Must be one of: ${(Array.isArray(params.allowedValues) ? params.allowedValues : []).map((v) => JSON.stringify(v)).join(', ')}.`,
      };
    case 'const':
      return { pointer: error.instancePath, message: `Must be ${JSON.stringify(params.allowedValue)}.` };
    case 'format':
      return { pointer: error.instancePath, message: `Must be a valid ${String(params.format)}.` };
    case 'pattern':
      return { pointer: error.instancePath, message: `Must match the pattern ${String(params.pattern)}.` };
    case 'not':
      return {
        pointer: error.instancePath,
        message: 'Contains a combination of fields the specification forbids (e.g. both `example` and `examples`).',
      };
    case 'oneOf':
      return { pointer: error.instancePath, message: 'Does not match exactly one of the allowed shapes.' };
    default: {
      const text = error.message ?? error.keyword;
      return { pointer: error.instancePath, message: text.charAt(0).toUpperCase() + text.slice(1) + '.' };
    }
  }
}
