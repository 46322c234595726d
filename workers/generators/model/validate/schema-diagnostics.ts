// Turns ajv errors from the official OpenAPI schema into diagnostics a person acts on: one per
// problem, at the offending node, in the specification's terms (which object, which field), with
// the fix.
//
// ajv reports every failed branch of a oneOf (e.g. "must have required property '$ref'" for a
// Response that is not a Reference), and a failed child makes 3.1's `unevaluatedProperties` call
// the child's own key "not allowed". So, in order:
// 1. Noise is dropped: combinator and missing-`$ref` errors wherever a more specific error exists
//    at or below the same node; `unevaluatedProperties` for a key whose value has errors of its own.
// 2. Of a oneOf/anyOf's failed branches, the closest is kept (the one whose errors reach deepest,
//    then the fewest); branches that fail equally are all kept and merged below.
// 3. The errors of one node are read together: two mutually exclusive fields both present
//    (`identifier` and `url` in a License), "needs one of" from branches that each require a
//    different field, the fields not allowed in the object (an Example Object whose fields are the
//    example itself: the missing `value:` wrapper), enums of several branches as one list.

import type { ErrorObject } from 'ajv';
import type { Diagnostic, SourceLocation } from '../types.ts';
import { joinPointer, splitPointer } from '../parse/pointer.ts';
import { closestName } from '../lint/closest-name.ts';
import { KNOWN_FIELDS, objectKind } from './object-kinds.ts';

const COMBINATORS = new Set(['oneOf', 'anyOf', 'allOf', 'if', 'then', 'else', 'not', '$ref', 'dependentSchemas']);

/** Pairs of fields an object may not have together, with what each is for. */
const EXCLUSIVE: readonly { fields: readonly [string, string]; fix: string }[] = [
  {
    fields: ['identifier', 'url'],
    fix: 'keep `identifier` for an SPDX license expression, or `url` for a link to the license text',
  },
  {
    fields: ['schema', 'content'],
    fix: 'describe the value with `schema`, or with `content` for one media type, not both',
  },
  { fields: ['example', 'examples'], fix: 'keep `example` for one value, or `examples` for named Example Objects' },
  {
    fields: ['value', 'externalValue'],
    fix: 'keep `value` for an inline example, or `externalValue` for a URL to one',
  },
  {
    fields: ['operationRef', 'operationId'],
    fix: 'keep `operationId`, or `operationRef` for an operation in another document',
  },
];

interface Finding {
  pointer: string;
  message: string;
}

export function schemaDiagnostics(
  errors: ErrorObject[],
  versionLabel: string,
  locate: (pointer: string) => SourceLocation,
  max = 500,
  doc?: unknown,
): Diagnostic[] {
  const kept = closestBranches(dropNoise(errors));
  const byNode = new Map<string, ErrorObject[]>();
  for (const error of kept) {
    const list = byNode.get(error.instancePath);
    if (list === undefined) byNode.set(error.instancePath, [error]);
    else list.push(error);
  }
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const [path, nodeErrors] of byNode) {
    for (const { pointer, message } of describeNode(path, nodeErrors, valueAt(doc, path), versionLabel)) {
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
      if (out.length >= max) return out;
    }
  }
  return out;
}

function dropNoise(errors: ErrorObject[]): ErrorObject[] {
  const paths = [...new Set(errors.map((e) => e.instancePath))];
  const hasDeeper = (path: string): boolean => paths.some((p) => p.startsWith(path + '/'));
  const hasSpecificAtOrBelow = (path: string, self: ErrorObject): boolean =>
    errors.some(
      (e) =>
        e !== self &&
        !COMBINATORS.has(e.keyword) &&
        !isMissingRef(e) &&
        (e.instancePath === path || e.instancePath.startsWith(path + '/')),
    );
  const exclusiveAt = new Map<string, Set<string>>();
  for (const e of errors) {
    if (e.keyword !== 'not' && !(e.keyword === 'oneOf' && Array.isArray(e.params.passingSchemas))) continue;
    const fields = exclusiveAt.get(e.instancePath) ?? new Set<string>();
    for (const { fields: pair } of EXCLUSIVE) for (const f of pair) fields.add(f);
    exclusiveAt.set(e.instancePath, fields);
  }
  return errors.filter((e) => {
    if (e.keyword === 'not' || (e.keyword === 'oneOf' && Array.isArray(e.params.passingSchemas))) return true;
    if (
      (COMBINATORS.has(e.keyword) || isMissingRef(e)) &&
      (hasSpecificAtOrBelow(e.instancePath, e) || hasDeeper(e.instancePath))
    )
      return false;
    if (e.keyword === 'unevaluatedProperties') {
      const key = String(e.params.unevaluatedProperty);
      const child = joinPointer(e.instancePath, key);
      if (paths.some((p) => p === child || p.startsWith(child + '/'))) return false;
      if (exclusiveAt.get(e.instancePath)?.has(key) === true) return false;
    }
    return true;
  });
}

/**
 * For a failed oneOf/anyOf whose branches are visible in the errors' schema paths
 * (`…/oneOf/<i>/…`), keeps only the closest branch's errors: deepest first, then fewest.
 */
function closestBranches(errors: ErrorObject[]): ErrorObject[] {
  const dropped = new Set<ErrorObject>();
  const branchOf = /\/(oneOf|anyOf)\/(\d+)\//;
  const groups = new Map<string, Map<string, ErrorObject[]>>();
  for (const e of errors) {
    const m = branchOf.exec(e.schemaPath);
    if (m === null) continue;
    const combinator = e.schemaPath.slice(0, m.index + m[1]!.length + 1);
    const key = `${combinator}\u0000${commonNode(e.instancePath)}`;
    const branches = groups.get(key) ?? new Map<string, ErrorObject[]>();
    const list = branches.get(m[2]!) ?? [];
    list.push(e);
    branches.set(m[2]!, list);
    groups.set(key, branches);
  }
  for (const branches of groups.values()) {
    if (branches.size < 2) continue;
    const scored = [...branches.values()].map((list) => ({
      list,
      depth: Math.max(...list.map((e) => e.instancePath.split('/').length)),
      count: list.length,
    }));
    scored.sort((a, b) => b.depth - a.depth || a.count - b.count);
    const best = scored[0]!;
    // Branches that fail equally badly are all kept: their errors are merged per node.
    for (const s of scored.slice(1))
      if (s.depth < best.depth || s.count > best.count) for (const e of s.list) dropped.add(e);
  }
  return dropped.size === 0 ? errors : errors.filter((e) => !dropped.has(e));
}

/** Branch errors of one oneOf belong together if they sit in the same object (the parameter, not its `in`). */
function commonNode(path: string): string {
  return path.split('/').slice(0, 4).join('/');
}

function describeNode(path: string, errors: ErrorObject[], value: unknown, versionLabel: string): Finding[] {
  const segments = splitPointer(path) ?? [];
  const kind = objectKind(segments);
  const what = kind ? `${/^[AEIOUX]/.test(kind) ? 'an' : 'a'} ${kind}` : 'this object';
  const field = segments.length > 0 ? `\`${segments[segments.length - 1]}\`` : 'The document';
  const record = isRecord(value) ? value : undefined;
  const out: Finding[] = [];
  const used = new Set<ErrorObject>();
  const take = (pred: (e: ErrorObject) => boolean): ErrorObject[] => {
    const hits = errors.filter((e) => !used.has(e) && pred(e));
    for (const e of hits) used.add(e);
    return hits;
  };

  // Two fields that exclude each other, both present.
  const exclusive = take(
    (e) => e.keyword === 'not' || (e.keyword === 'oneOf' && Array.isArray(e.params.passingSchemas)),
  );
  if (exclusive.length > 0) {
    const pairs = EXCLUSIVE.filter(({ fields: [a, b] }) => record !== undefined && a in record && b in record);
    for (const {
      fields: [a, b],
      fix,
    } of pairs)
      out.push({ pointer: path, message: `\`${a}\` and \`${b}\` are mutually exclusive in ${what}: ${fix}.` });
    if (pairs.length === 0)
      out.push({
        pointer: path,
        message: exclusive.some((e) => e.keyword === 'not')
          ? `${capital(what)} has a combination of fields the specification forbids.`
          : `${capital(what)} matches more than one of the shapes it may take; remove the fields of all but one.`,
      });
  }

  // Required fields: from the branches of a oneOf ("one of"), or plainly missing ("needs").
  const required = take((e) => e.keyword === 'required' && !isMissingRef(e));
  const inBranches = required.filter((e) => /\/(oneOf|anyOf)\/\d+\/required$/.test(e.schemaPath));
  const alternatives = [...new Set(inBranches.map((e) => String(e.params.missingProperty)))];
  if (alternatives.length >= 2) {
    out.push({
      pointer: path,
      message: `${capital(what)} needs one of ${alternatives.map(code).join(' or ')}; add exactly one.`,
    });
  }
  const plain = [
    ...new Set(
      (alternatives.length >= 2 ? required.filter((e) => !inBranches.includes(e)) : required).map((e) =>
        String(e.params.missingProperty),
      ),
    ),
  ];
  if (plain.length > 0) {
    out.push({
      pointer: path,
      message: `${capital(what)} needs ${list(plain.map(code))}${plain.length === 1 ? '' : ' (all required)'}; add ${plain.length === 1 ? 'it' : 'them'}.`,
    });
  }
  // A lone `$ref` requirement: the value is neither a Reference nor the object itself.
  const refOnly = take((e) => isMissingRef(e));
  if (refOnly.length > 0 && out.length === 0 && errors.every((e) => used.has(e) || COMBINATORS.has(e.keyword)))
    out.push({
      pointer: path,
      message: `${capital(what)} is neither a valid object of its kind nor a Reference Object (\`$ref\`).`,
    });

  // Fields the object does not allow.
  const extra = take((e) => e.keyword === 'additionalProperties' || e.keyword === 'unevaluatedProperties').map((e) =>
    String(e.params.additionalProperty ?? e.params.unevaluatedProperty),
  );
  const extraNames = [...new Set(extra)];
  if (extraNames.length > 0) {
    if (kind === 'Example Object' && record !== undefined && !('value' in record) && !('externalValue' in record)) {
      out.push({
        pointer: path,
        message:
          'This Example Object has no `value`: its fields look like the example itself. Put the example under `value:` (summary and description stay beside it).',
      });
    } else if (
      segments[segments.length - 1] === 'responses' &&
      extraNames.every((n) => /^\d/.test(n) || /x/i.test(n))
    ) {
      for (const name of extraNames)
        out.push({
          pointer: joinPointer(path, name),
          message: `Response code "${name}" is not valid: use a three-digit HTTP status (e.g. 200), a range such as 2XX, or \`default\`.`,
        });
    } else {
      for (const name of extraNames) {
        const near = closestName(name, KNOWN_FIELDS[kind ?? ''] ?? []);
        out.push({
          pointer: joinPointer(path, name),
          message: `\`${name}\` is not a field of ${what}${near ? `; did you mean \`${near}\`?` : '.'} Custom fields must start with \`x-\`.`,
        });
      }
    }
  }

  // A list of types in 3.0 (a 3.1 idiom): one finding, not a type and an enum error.
  if (versionLabel === '3.0' && segments[segments.length - 1] === 'type' && Array.isArray(value)) {
    if (take((e) => e.keyword === 'type' || e.keyword === 'enum').length > 0)
      out.push({
        pointer: path,
        message:
          'In OpenAPI 3.0 `type` is a single type name; a list of types is 3.1. For a nullable value write the type with `nullable: true`; for several types use `oneOf`.',
      });
  }

  // Enums (several branches may each allow some values).
  const enums = take((e) => e.keyword === 'enum');
  if (enums.length > 0) {
    const allowed = [
      ...new Set(enums.flatMap((e) => (Array.isArray(e.params.allowedValues) ? e.params.allowedValues : []))),
    ];
    out.push({
      pointer: path,
      message: `${field} is ${shown(value)}; it must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}.`,
    });
  }

  // Wrong types.
  const types = take((e) => e.keyword === 'type');
  if (types.length > 0) {
    const expected = [...new Set(types.flatMap((e) => String(e.params.type).split(',')))];
    const hint =
      expected.includes('string') && (typeof value === 'number' || typeof value === 'boolean')
        ? ` Quote it: "${String(value)}".`
        : '';
    out.push({
      pointer: path,
      message: `${field} must be ${expected.map(article).join(' or ')}, not ${shown(value)}.${hint}`,
    });
  }

  for (const error of errors) {
    if (used.has(error)) continue;
    if (COMBINATORS.has(error.keyword) && out.length > 0) continue;
    out.push(describe(error, field, value));
  }
  return out;
}

function describe(error: ErrorObject, field: string, value: unknown): Finding {
  const params = error.params as Record<string, unknown>;
  const pointer = error.instancePath;
  switch (error.keyword) {
    case 'propertyNames':
      return {
        pointer: joinPointer(pointer, String(params.propertyName)),
        message: `Key "${String(params.propertyName)}" is not allowed here.`,
      };
    case 'const':
      return { pointer, message: `${field} must be ${JSON.stringify(params.allowedValue)}, not ${shown(value)}.` };
    case 'format':
      return { pointer, message: `${field} must be a valid ${String(params.format)}, not ${shown(value)}.` };
    case 'pattern':
      return {
        pointer,
        message:
          /\^\\\//.test(String(params.pattern)) || field === '`paths`'
            ? `${field} must start with "/".`
            : `${field} must match the pattern ${String(params.pattern)}.`,
      };
    case 'oneOf':
    case 'anyOf':
      return { pointer, message: `${field} does not match any of the shapes allowed here.` };
    default: {
      const text = error.message ?? error.keyword;
      return { pointer, message: text.charAt(0).toUpperCase() + text.slice(1) + '.' };
    }
  }
}

function isMissingRef(error: ErrorObject): boolean {
  return error.keyword === 'required' && (error.params as { missingProperty?: unknown }).missingProperty === '$ref';
}

function valueAt(doc: unknown, path: string): unknown {
  if (doc === undefined) return undefined;
  let node: unknown = doc;
  for (const segment of splitPointer(path) ?? []) {
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isRecord(node)) node = Object.hasOwn(node, segment) ? node[segment] : undefined;
    else return undefined;
  }
  return node;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A value as a reader would describe it: its type, and a short form of it. */
function shown(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value);
  const short = text.length > 40 ? `${text.slice(0, 37)}…` : text;
  return typeof value === 'string' ? `the string ${short}` : `the ${typeof value} ${short}`;
}

function article(type: string): string {
  if (type === 'array') return 'a list';
  if (type === 'object') return 'an object';
  if (type === 'integer') return 'an integer';
  if (type === 'null') return 'null';
  return `a ${type}`;
}

function code(name: string): string {
  return `\`${name}\``;
}

function list(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
