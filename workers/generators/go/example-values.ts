// Go expressions of the description's example values (the README's and the docs site's calls):
// a value is written as the Go type of its field (params structs, nested param structs, slices,
// maps, enum constants, union variants, `param.Opt` through the package's `String`/`Int`/`Float`/
// `Bool` helpers), and a value that is not of that type gives undefined, so the caller falls back
// to `sampleValue`. Strings go through `goStr`, so an example's text never becomes code.

import { exampleValue } from '../core/example-values.ts';
import { requestContent } from '../core/method.ts';
import { type Fill, parameterValue, type TestValue, testValue } from '../core/test-values.ts';
import type { ApiModel, Operation, Parameter } from '../model/types.ts';
import { goStr } from '../names/go.ts';
import { sampleValue, type SampleContext, typeRef } from './sample-values.ts';
import { type GoType, numberLiteral } from './schema-types.ts';

/** The values a call takes: a parameter's, and the request body's (when the operation has one). */
export interface CallValues {
  param: (param: Parameter) => TestValue;
  body: TestValue | undefined;
}

/** The description's example values of an operation (the README's calls): parameters and the body. */
export function descriptionValues(model: ApiModel, op: Operation): CallValues {
  const content = requestContent(op, model)?.content;
  return {
    param: (param) => parameterValue(model, param, 'required'),
    body:
      content !== undefined
        ? exampleValue(model, content.schema, content.examples?.[0], (node) => testValue(model, node, 'required'))
        : undefined,
  };
}

/**
 * The generated tests' values of an operation in one fill (core/test-values.ts), as the other SDKs'
 * tests take them: `all` gives every optional parameter and body property too.
 */
export function fillValues(model: ApiModel, op: Operation, fill: Fill): CallValues {
  const content = requestContent(op, model)?.content;
  return {
    param: (param) => parameterValue(model, param, fill),
    body: content !== undefined ? testValue(model, content.schema, fill) : undefined,
  };
}

const MAX_DEPTH = 10;
const OPT_HELPERS: Partial<Record<GoType['kind'], string>> = {
  string: 'String',
  int: 'Int',
  float: 'Float',
  bool: 'Bool',
};

/**
 * `value` as an expression of type `t`, or undefined when it is not one. `strict`: a struct takes
 * the value only when every key it gives is a field of the struct's type (how a union's variant is
 * picked: `{"type": "bank", "iban": …}` is the Bank variant, not the Card one).
 */
export function exampleExpr(
  t: GoType,
  value: TestValue,
  ctx: SampleContext,
  depth = 0,
  strict = false,
): string | undefined {
  if (depth > MAX_DEPTH) return undefined;
  switch (t.kind) {
    case 'string':
      return value.t === 'str' ? goStr(value.v) : undefined;
    case 'int':
      return value.t === 'num' && Number.isSafeInteger(value.v) ? String(value.v) : undefined;
    case 'float':
      return value.t === 'num' && Number.isFinite(value.v) ? numberLiteral(value.v, t) : undefined;
    case 'bool':
      return value.t === 'bool' ? String(value.v) : undefined;
    case 'any':
      return anyExpr(value);
    case 'reader':
      return value.t === 'file' || value.t === 'str' ? sampleValue(t, ctx) : undefined;
    case 'literal':
      return sampleValue(t, ctx);
    case 'slice': {
      if (value.t !== 'arr') return undefined;
      const items = value.items
        .map((item) => exampleExpr(t.elem, item, ctx, depth + 1))
        .filter((x): x is string => x !== undefined)
        .map((x) => elided(t.elem, x, ctx));
      return `${typeRef(t, ctx)}{${items.join(', ')}}`;
    }
    case 'map': {
      if (value.t !== 'obj') return undefined;
      const entries: string[] = [];
      for (const [key, v] of value.entries) {
        const expr = exampleExpr(t.elem, v, ctx, depth + 1);
        if (expr !== undefined) entries.push(`${goStr(key)}: ${elided(t.elem, expr, ctx)}`);
      }
      return `${typeRef(t, ctx)}{${entries.join(', ')}}`;
    }
    case 'pointer': {
      // `&T{...}`: the SDK's params point only at declared structs and unions.
      if (t.elem.kind !== 'named') return undefined;
      const inner = exampleExpr(t.elem, value, ctx, depth + 1, strict);
      return inner !== undefined ? `&${inner}` : undefined;
    }
    case 'opt': {
      if (value.t === 'null') {
        ctx.uses('packages/param');
        return `param.Null[${typeRef(t.elem, ctx)}]()`;
      }
      const inner = exampleExpr(t.elem, value, ctx, depth + 1);
      if (inner === undefined) return undefined;
      const helper = OPT_HELPERS[t.elem.kind];
      if (helper !== undefined) return `${ctx.qual}${helper}(${inner})`;
      ctx.uses('packages/param');
      return `param.NewOpt[${typeRef(t.elem, ctx)}](${inner})`;
    }
    case 'named': {
      const info = ctx.infos.get(t.name);
      const name = ctx.qual + t.name;
      if (info === undefined) return undefined;
      if (info.kind === 'enum') {
        if (value.t !== 'str' && value.t !== 'num') return undefined;
        const constant = info.constants?.get(JSON.stringify(value.v));
        return constant !== undefined ? ctx.qual + constant : undefined;
      }
      if (info.kind === 'union') {
        if (info.side === 'response') return undefined;
        for (const pass of [true, false])
          for (const variant of info.variants) {
            const expr = exampleExpr(variant.type, value, ctx, depth + 1, pass);
            if (expr !== undefined) return `${name}{${variant.field}: ${expr}}`;
          }
        return undefined;
      }
      if (value.t !== 'obj') return undefined;
      const given = new Map(value.entries);
      if (strict && value.entries.some(([key]) => !info.fields.some((f) => f.key === key))) return undefined;
      const fields: string[] = [];
      for (const field of info.fields) {
        const v = given.get(field.key);
        const expr = v !== undefined ? exampleExpr(field.type, v, ctx, depth + 1) : undefined;
        if (v !== undefined && expr === undefined && strict) return undefined;
        if (expr !== undefined) fields.push(`${field.name}: ${expr}`);
        else if (field.required) fields.push(`${field.name}: ${sampleValue(field.type, ctx, depth + 1)}`);
      }
      return `${name}{${fields.join(', ')}}`;
    }
  }
}

/** An element of a slice or map literal: `{...}` where Go lets its type be left out (`[]T{{...}}`). */
function elided(t: GoType, expr: string, ctx: SampleContext): string {
  if (t.kind === 'named') {
    const prefix = `${ctx.qual}${t.name}{`;
    if (expr.startsWith(prefix)) return expr.slice(prefix.length - 1);
  }
  if (t.kind === 'pointer' && t.elem.kind === 'named') {
    const prefix = `&${ctx.qual}${t.elem.name}{`;
    if (expr.startsWith(prefix)) return expr.slice(prefix.length - 1);
  }
  return expr;
}

/** Any JSON value as a Go `any`. */
function anyExpr(value: TestValue): string | undefined {
  switch (value.t) {
    case 'str':
      return goStr(value.v);
    case 'num':
      return Number.isFinite(value.v) ? String(value.v) : undefined;
    case 'bool':
      return String(value.v);
    case 'null':
      return 'nil';
    case 'file':
      return undefined;
    case 'arr':
      return `[]any{${value.items
        .map(anyExpr)
        .filter((x): x is string => x !== undefined)
        .join(', ')}}`;
    case 'obj':
      return `map[string]any{${value.entries
        .map(([k, v]) => [k, anyExpr(v)] as const)
        .filter((e): e is readonly [string, string] => e[1] !== undefined)
        .map(([k, v]) => `${goStr(k)}: ${v}`)
        .join(', ')}}`;
  }
}
