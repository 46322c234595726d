// A small, conservative checker of a literal value (an example, a default) against an OpenAPI
// Schema Object. It reports only clear mismatches (type, enum/const, required, closed objects,
// bounds, array items); composition is lenient (oneOf/anyOf pass if any branch passes) and formats
// are not checked, so real descriptions do not drown in false positives. Recursion is bounded.

import { asArray, asNumber, asRecord, isRecord, type JsonRecord } from './json-guards.ts';
import { joinPointer } from './parse/pointer.ts';
import type { RefIndex } from './refs/ref-index.ts';

export interface ValueProblem {
  /** Pointer inside the value ('' = the value itself). */
  at: string;
  message: string;
}

interface Ctx {
  refs: RefIndex;
  version: '3.0' | '3.1';
  budget: number;
}

export function checkValue(
  value: unknown,
  schema: unknown,
  refs: RefIndex,
  version: '3.0' | '3.1',
): ValueProblem | undefined {
  return check(value, schema, '', { refs, version, budget: 5_000 }, 0);
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function matchesType(value: unknown, type: string): boolean {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

function check(value: unknown, rawSchema: unknown, at: string, ctx: Ctx, depth: number): ValueProblem | undefined {
  if (depth > 48 || --ctx.budget < 0) return undefined; // give up quietly: never a false positive
  if (rawSchema === false) return { at, message: 'no value is allowed here' };
  let schema = asRecord(rawSchema);
  if (schema === undefined) return undefined;
  if (typeof schema.$ref === 'string') {
    const resolved = asRecord(ctx.refs.resolve(schema, '')?.value);
    if (resolved === undefined) return undefined;
    schema = ctx.version === '3.1' ? { ...resolved, ...withoutRef(schema) } : resolved;
  }

  const nullable = schema.nullable === true;
  if (value === null && nullable && ctx.version === '3.0') return undefined;

  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    if (!inEnum(schema.enum, value) && !(value === null && nullable)) {
      return { at, message: `${JSON.stringify(value)} is not one of the enum values` };
    }
  }
  if ('const' in schema && !deepEqual(schema.const, value)) {
    return { at, message: `must be ${JSON.stringify(schema.const)}` };
  }

  const types =
    typeof schema.type === 'string'
      ? [schema.type]
      : Array.isArray(schema.type)
        ? schema.type.filter((t): t is string => typeof t === 'string')
        : [];
  if (types.length > 0 && !types.some((t) => matchesType(value, t))) {
    return { at, message: `expected ${types.join(' or ')}, got ${typeOf(value)}` };
  }

  for (const [index, sub] of asArray(schema.allOf).entries()) {
    const problem = check(value, sub, at, ctx, depth + 1);
    if (problem) return { ...problem, message: `${problem.message} (allOf[${index}])` };
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = asArray(schema[key]);
    if (branches.length === 0) continue;
    const problems = branches.map((b) => check(value, b, at, ctx, depth + 1));
    if (problems.every((p) => p !== undefined)) return { at, message: `matches none of the ${key} schemas` };
  }

  if (typeof value === 'string') {
    const minLength = asNumber(schema.minLength);
    const maxLength = asNumber(schema.maxLength);
    const length = minLength === undefined && maxLength === undefined ? 0 : [...value].length;
    if (minLength !== undefined && length < minLength) return { at, message: `shorter than minLength ${minLength}` };
    if (maxLength !== undefined && length > maxLength) return { at, message: `longer than maxLength ${maxLength}` };
    if (typeof schema.pattern === 'string' && value.length <= 1_000) {
      const re = safeRegExp(schema.pattern);
      if (re && !re.test(value)) return { at, message: `does not match pattern ${schema.pattern}` };
    }
  }
  if (typeof value === 'number') {
    const problem = checkBounds(value, schema, ctx.version);
    if (problem) return { at, message: problem };
  }
  if (Array.isArray(value)) {
    const minItems = asNumber(schema.minItems);
    const maxItems = asNumber(schema.maxItems);
    if (minItems !== undefined && value.length < minItems)
      return { at, message: `fewer than minItems ${minItems} items` };
    if (maxItems !== undefined && value.length > maxItems)
      return { at, message: `more than maxItems ${maxItems} items` };
    if (isRecord(schema.items)) {
      for (let i = 0; i < value.length && i < 200; i++) {
        const problem = check(value[i], schema.items, joinPointer(at, i), ctx, depth + 1);
        if (problem) return problem;
      }
    }
  }
  if (isRecord(value)) {
    const properties = asRecord(schema.properties) ?? {};
    for (const name of asArray(schema.required)) {
      if (typeof name !== 'string' || name in value) continue;
      const prop = asRecord(properties[name]);
      const resolvedProp = prop ? asRecord(ctx.refs.resolve(prop, '')?.value) : undefined;
      // readOnly/writeOnly properties are only required in one direction.
      if (
        resolvedProp?.readOnly === true ||
        resolvedProp?.writeOnly === true ||
        prop?.readOnly === true ||
        prop?.writeOnly === true
      )
        continue;
      return { at, message: `missing required property "${name}"` };
    }
    for (const [name, propValue] of Object.entries(value)) {
      if (name in properties) {
        const problem = check(propValue, properties[name], joinPointer(at, name), ctx, depth + 1);
        if (problem) return problem;
      } else if (schema.additionalProperties === false && !hasComposition(schema)) {
        return {
          at: joinPointer(at, name),
          message: `property "${name}" is not allowed (additionalProperties: false)`,
        };
      } else if (isRecord(schema.additionalProperties)) {
        const problem = check(propValue, schema.additionalProperties, joinPointer(at, name), ctx, depth + 1);
        if (problem) return problem;
      }
    }
  }
  return undefined;
}

function hasComposition(schema: JsonRecord): boolean {
  return 'allOf' in schema || 'oneOf' in schema || 'anyOf' in schema;
}

function withoutRef(schema: JsonRecord): JsonRecord {
  const { $ref: _ref, ...rest } = schema;
  return rest;
}

function checkBounds(value: number, schema: JsonRecord, version: '3.0' | '3.1'): string | undefined {
  const minimum = asNumber(schema.minimum);
  const maximum = asNumber(schema.maximum);
  const exclusiveMin = version === '3.0' ? schema.exclusiveMinimum === true : false;
  const exclusiveMax = version === '3.0' ? schema.exclusiveMaximum === true : false;
  if (minimum !== undefined && (exclusiveMin ? value <= minimum : value < minimum)) return `below minimum ${minimum}`;
  if (maximum !== undefined && (exclusiveMax ? value >= maximum : value > maximum)) return `above maximum ${maximum}`;
  const exMin = asNumber(schema.exclusiveMinimum);
  const exMax = asNumber(schema.exclusiveMaximum);
  if (exMin !== undefined && value <= exMin) return `not above exclusiveMinimum ${exMin}`;
  if (exMax !== undefined && value >= exMax) return `not below exclusiveMaximum ${exMax}`;
  const multipleOf = asNumber(schema.multipleOf);
  if (multipleOf !== undefined && multipleOf > 0) {
    const q = value / multipleOf;
    if (Math.abs(q - Math.round(q)) > 1e-9) return `not a multiple of ${multipleOf}`;
  }
  return undefined;
}

const regexCache = new Map<string, RegExp | null>();

// Patterns come from the (untrusted) description: a nested quantifier such as `(a+)+` can take
// exponential time, and a regex cannot be interrupted, so such patterns are not evaluated.
const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*[+*}](?:[^()\\]|\\.)*\)\s*[+*{?]/;

const QUANTIFIED_ALTERNATION = /\((?:[^()\\]|\\.)*\|(?:[^()\\]|\\.)*\)\s*[+*{]/;

function safeRegExp(pattern: string): RegExp | null {
  if (
    pattern.length > 500 ||
    NESTED_QUANTIFIER.test(pattern) ||
    QUANTIFIED_ALTERNATION.test(pattern) ||
    /\\[1-9]/.test(pattern)
  )
    return null;
  let re = regexCache.get(pattern);
  if (re === undefined) {
    try {
      re = new RegExp(pattern, 'u');
    } catch {
      try {
        re = new RegExp(pattern);
      } catch {
        re = null;
      }
    }
    regexCache.set(pattern, re);
  }
  return re;
}

interface EnumIndex {
  /** The primitive members (strings, numbers, booleans, null): `===` is what deepEqual means for them. */
  primitives: Set<unknown>;
  /** Object and array members, compared with deepEqual. */
  structured: unknown[];
}

// One index per enum array, built on first use: a value is then found in O(1) instead of a scan of
// the enum, so k examples against an n-member enum cost O(n + k), not O(n·k).
const enumIndexes = new WeakMap<readonly unknown[], EnumIndex>();

function inEnum(members: readonly unknown[], value: unknown): boolean {
  let index = enumIndexes.get(members);
  if (index === undefined) {
    index = { primitives: new Set(), structured: [] };
    for (const member of members) {
      if (member !== null && typeof member === 'object') index.structured.push(member);
      else index.primitives.add(member);
    }
    enumIndexes.set(members, index);
  }
  // A primitive is deep-equal only to the same primitive (Set's SameValueZero: JSON has no NaN, and -0 === 0 as before).
  if (value === null || typeof value !== 'object') return index.primitives.has(value);
  return index.structured.some((member) => deepEqual(member, value));
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  const ak = Object.keys(a as object);
  const bk = Object.keys(b as object);
  return ak.length === bk.length && ak.every((k) => deepEqual((a as JsonRecord)[k], (b as JsonRecord)[k]));
}
