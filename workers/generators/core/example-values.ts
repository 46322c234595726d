// A request value for the typed samples (the docs site's TypeScript, Python and Go samples, the Go
// README): the description's own example of the value, walked together with the schema so that
// every value it gives, nested objects and arrays included, is kept where it has the type the
// SDKs declare for it. A value of another type (a string where the schema says integer, a key the
// schema does not declare, a readOnly property) is left out; a required property the example does
// not give comes from the property's own `example`, else from `fill` (the caller's builder). The
// result is plain data that each language prints through its own literal printer.

import type { ApiModel, JsonValue, SchemaNode } from '../model/types.ts';
import { isUploadFile, objectShape } from './schema.ts';
import { formatFits, fromJson, type TestValue } from './test-values.ts';

/** Nested objects deeper than this come from `fill` (a description's examples are a few levels deep). */
const MAX_DEPTH = 8;
const MAX_ITEMS = 10;
const MAX_PROPERTIES = 40;

/**
 * The value for `node`: `given` (else the schema's own example) fitted to the schema, else
 * `fill(node)`. `fill` builds the value the samples used before (the required fields only).
 */
export function exampleValue(
  model: ApiModel,
  node: SchemaNode,
  given: JsonValue | undefined,
  fill: (node: SchemaNode) => TestValue,
): TestValue {
  return new Fitter(model, fill).value(node, given, 0, new Set());
}

class Fitter {
  readonly #model: ApiModel;
  readonly #fill: (node: SchemaNode) => TestValue;

  constructor(model: ApiModel, fill: (node: SchemaNode) => TestValue) {
    this.#model = model;
    this.#fill = fill;
  }

  /** Follows references (a cycle or a long chain gives undefined). */
  #resolve(node: SchemaNode, seen: ReadonlySet<string>): { schema: SchemaNode; seen: ReadonlySet<string> } | undefined {
    let current: SchemaNode | undefined = node;
    const chain: string[] = [];
    while (current?.kind === 'ref') {
      if (seen.has(current.target) || chain.includes(current.target) || chain.length > 32) return undefined;
      chain.push(current.target);
      current = this.#model.schemas[current.target]?.schema;
    }
    if (current === undefined) return undefined;
    return { schema: current, seen: chain.length === 0 ? seen : new Set([...seen, ...chain]) };
  }

  value(node: SchemaNode, given: JsonValue | undefined, depth: number, seen: ReadonlySet<string>): TestValue {
    const resolved = depth > MAX_DEPTH ? undefined : this.#resolve(node, seen);
    if (resolved === undefined) return this.#fill(node);
    const { schema } = resolved;
    const own = given ?? (schema.kind !== 'primitive' ? schema.examples?.[0] : undefined);
    if (own !== undefined) {
      const fitted = this.fit(node, own, depth, seen);
      if (fitted !== undefined) return fitted;
    }
    // No example here: an object is still walked (its properties may have examples of their own).
    if (schema.kind === 'object' || schema.kind === 'intersection') {
      const fitted = this.fit(node, {}, depth, seen);
      if (fitted !== undefined) return fitted;
    }
    return this.#fill(node);
  }

  /** `given` as a value of `node`'s type, or undefined when it is not one. */
  fit(node: SchemaNode, given: JsonValue, depth: number, seen: ReadonlySet<string>): TestValue | undefined {
    const resolved = depth > MAX_DEPTH ? undefined : this.#resolve(node, seen);
    if (resolved === undefined) return undefined;
    const { schema } = resolved;
    if (given === null) return schema.nullable || node.nullable ? { t: 'null' } : undefined;
    switch (schema.kind) {
      case 'primitive':
        // A string that does not have its format's shape is no value of it (twilio's example
        // `Url: myUrl` for `format: uri`, which Prism refused in the Go tests).
        if (schema.type === 'string')
          return typeof given === 'string' && !isUploadFile(schema) && formatFits(schema.format, given)
            ? { t: 'str', v: given }
            : undefined;
        if (schema.type === 'integer')
          return typeof given === 'number' && Number.isSafeInteger(given) ? { t: 'num', v: given } : undefined;
        if (schema.type === 'number')
          return typeof given === 'number' && Number.isFinite(given) ? { t: 'num', v: given } : undefined;
        if (schema.type === 'boolean') return typeof given === 'boolean' ? { t: 'bool', v: given } : undefined;
        return undefined;
      case 'enum':
        return schema.members.some((m) => m.value === given) ? fromJson(given) : undefined;
      case 'literal':
        return JSON.stringify(schema.value) === JSON.stringify(given) ? fromJson(given) : undefined;
      case 'array': {
        if (!Array.isArray(given)) return undefined;
        const items: TestValue[] = [];
        for (const item of given.slice(0, MAX_ITEMS)) {
          const fitted = this.fit(schema.items, item, depth + 1, resolved.seen);
          if (fitted !== undefined) items.push(fitted);
        }
        return given.length > 0 && items.length === 0 ? undefined : { t: 'arr', items };
      }
      case 'map':
        return this.#map(schema.values, given, depth, resolved.seen);
      case 'object':
      case 'intersection': {
        if (typeof given !== 'object' || Array.isArray(given)) return undefined;
        const shape = objectShape(this.#model, schema);
        if (shape === undefined) return undefined;
        if (shape.properties.length === 0)
          // A free-form object: any JSON object is one.
          return schema.kind === 'object' && typeof schema.additionalProperties === 'object'
            ? this.#map(schema.additionalProperties, given, depth, resolved.seen)
            : fromJson(given);
        const entries: [string, TestValue][] = [];
        for (const property of shape.properties.slice(0, MAX_PROPERTIES)) {
          if (property.readOnly || property.schema.readOnly) continue;
          const required = shape.required.has(property.name);
          const value = Object.hasOwn(given, property.name) ? given[property.name] : undefined;
          if (value !== undefined) {
            const fitted = this.fit(property.schema, value, depth + 1, resolved.seen);
            if (fitted !== undefined) entries.push([property.name, fitted]);
            else if (required) entries.push([property.name, this.#fill(property.schema)]);
          } else if (required)
            entries.push([property.name, this.value(property.schema, undefined, depth + 1, resolved.seen)]);
        }
        return { t: 'obj', entries };
      }
      case 'union': {
        // An object goes to a variant that declares every key it has, before one that would drop some.
        const declares = (variant: SchemaNode): boolean => {
          if (typeof given !== 'object' || Array.isArray(given)) return true;
          const shape = objectShape(this.#model, variant);
          return shape !== undefined && Object.keys(given).every((k) => shape.properties.some((p) => p.name === k));
        };
        const ordered = [...schema.variants.filter(declares), ...schema.variants.filter((v) => !declares(v))];
        for (const variant of ordered) {
          const fitted = this.fit(variant, given, depth + 1, resolved.seen);
          if (fitted !== undefined) return fitted;
        }
        return undefined;
      }
      case 'unknown':
        return schema.reason === 'any' ? fromJson(given) : undefined;
    }
  }

  #map(values: SchemaNode, given: JsonValue, depth: number, seen: ReadonlySet<string>): TestValue | undefined {
    if (given === null || typeof given !== 'object' || Array.isArray(given)) return undefined;
    const entries: [string, TestValue][] = [];
    for (const key of Object.keys(given).slice(0, MAX_PROPERTIES)) {
      const fitted = this.fit(values, given[key] as JsonValue, depth + 1, seen);
      if (fitted !== undefined) entries.push([key, fitted]);
    }
    return { t: 'obj', entries };
  }
}
