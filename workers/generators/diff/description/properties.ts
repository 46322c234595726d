// Object properties, `allOf` members flattened: removed, added, required or optional, read-only or
// write-only, deprecated; matched ones are compared recursively.

import type { ApiModel, SchemaNode, SourceLocation } from '../../model/types.ts';
import type { Ctx, Differ } from './differ.ts';
import { MESSAGES } from './messages.ts';

export interface PropertyFacts {
  schema: SchemaNode;
  required: boolean;
  readOnly: boolean;
  writeOnly: boolean;
  deprecated: boolean;
  source: SourceLocation;
  hasDefault: boolean;
}

/** Object properties of a schema, flattening `allOf` members. */
export function propertiesOf(
  d: Differ,
  model: ApiModel,
  node: SchemaNode,
  depth = 0,
): Map<string, PropertyFacts> | undefined {
  const r = d.resolve(model, node).node;
  if (depth > 16) return undefined;
  if (r.kind === 'object') {
    const map = new Map<string, PropertyFacts>();
    for (const p of r.properties) {
      const resolved = d.resolve(model, p.schema).node;
      map.set(p.name, {
        schema: p.schema,
        required: p.required,
        readOnly: p.readOnly || resolved.readOnly === true,
        writeOnly: p.writeOnly || resolved.writeOnly === true,
        deprecated: p.deprecated || resolved.deprecated === true,
        source: p.source,
        hasDefault: resolved.default !== undefined || p.schema.default !== undefined,
      });
    }
    return map;
  }
  if (r.kind === 'intersection') {
    let merged: Map<string, PropertyFacts> | undefined;
    for (const m of r.members) {
      const props = propertiesOf(d, model, m, depth + 1);
      if (props === undefined) continue;
      merged ??= new Map();
      for (const [k, v] of props) {
        const prev = merged.get(k);
        merged.set(k, prev !== undefined ? { ...prev, required: prev.required || v.required } : v);
      }
    }
    return merged;
  }
  return undefined;
}

/** The properties of two matched object schemas. */
export function compareProperties(
  d: Differ,
  op: Map<string, PropertyFacts>,
  np: Map<string, PropertyFacts>,
  ctx: Ctx,
  os: SchemaNode,
): void {
  const child = (name: string): Ctx => ({
    ...ctx,
    property: ctx.property === '' ? name : `${ctx.property}.${name}`,
    depth: ctx.depth + 1,
  });
  const hidden = (p: { readOnly: boolean; writeOnly: boolean }): boolean =>
    ctx.dir === 'request' ? p.readOnly : p.writeOnly;
  for (const [name, o] of op) {
    const n = np.get(name);
    const c = child(name);
    if (n === undefined) {
      if (!hidden(o)) propertyRemoved(d, o, c);
      continue;
    }
    compareProperty(d, o, n, c, hidden);
  }
  for (const [name, n] of np) {
    if (op.has(name) || hidden(n)) continue;
    const c = child(name);
    const p = c.property;
    if (ctx.dir === 'request') {
      if (n.required && n.hasDefault)
        d.emit(
          c,
          'x',
          MESSAGES['new-required-request-property-with-default'](p),
          undefined,
          n,
          'new-required-request-property-with-default',
        );
      else if (n.required)
        d.emit(c, 'x', MESSAGES['new-required-request-property'](p), os, n, 'new-required-request-property');
      else d.emit(c, 'x', MESSAGES['new-optional-request-property'](p), undefined, n, 'new-optional-request-property');
    } else {
      d.emit(
        c,
        'x',
        MESSAGES['response-property-added'](p, n.required),
        undefined,
        n,
        n.required ? 'response-required-property-added' : 'response-optional-property-added',
      );
    }
  }
}

function propertyRemoved(d: Differ, o: PropertyFacts, c: Ctx): void {
  const p = c.property;
  if (c.dir === 'request')
    d.emit(c, 'removed', MESSAGES['request-property-removed'](p), o, undefined, 'request-property-removed');
  else if (o.required)
    d.emit(
      c,
      'required-property-removed',
      MESSAGES['response-required-property-removed'](p),
      o,
      undefined,
      'response-required-property-removed',
    );
  else
    d.emit(
      c,
      'optional-property-removed',
      MESSAGES['response-optional-property-removed'](p),
      o,
      undefined,
      'response-optional-property-removed',
    );
}

/** One property on both sides: its flags, then its schema. */
function compareProperty(
  d: Differ,
  o: PropertyFacts,
  n: PropertyFacts,
  c: Ctx,
  hidden: (p: { readOnly: boolean; writeOnly: boolean }) => boolean,
): void {
  const p = c.property;
  const dir = c.dir;
  // readOnly / writeOnly: a request property that became read-only is ignored or refused when
  // sent; a response property that became write-only is no longer returned.
  const req = n.required ? 'required' : 'optional';
  for (const [flag, word] of [
    ['readOnly', 'read-only'],
    ['writeOnly', 'write-only'],
  ] as const) {
    if (o[flag] === n[flag]) continue;
    d.emit(
      c,
      'x',
      MESSAGES['property-read-write'](dir, p, n[flag], flag),
      o,
      n,
      `${dir}-${req}-property-became-${n[flag] ? '' : 'not-'}${word}`,
    );
  }
  // A property hidden in this direction on either side is not seen by clients there: only the
  // readOnly/writeOnly change above is reported.
  if (hidden(o) || hidden(n)) return;
  if (!o.deprecated && n.deprecated)
    d.emit(c, 'deprecated', MESSAGES['property-deprecated'](p), o, n, `${dir}-property-deprecated`);
  if (o.deprecated && !n.deprecated)
    d.emit(c, 'reactivated', MESSAGES['property-reactivated'](p), o, n, `${dir}-property-reactivated`);
  if (dir === 'request' && !o.required && n.required)
    d.emit(
      c,
      'became-required',
      MESSAGES['request-property-became-required'](p, n.hasDefault),
      o,
      n,
      n.hasDefault ? 'request-property-became-required-with-default' : 'request-property-became-required',
    );
  if (dir === 'request' && o.required && !n.required)
    d.emit(
      c,
      'became-optional',
      MESSAGES['request-property-became-optional'](p),
      o,
      n,
      'request-property-became-optional',
    );
  if (dir === 'response' && o.required && !n.required)
    d.emit(
      c,
      'became-optional',
      MESSAGES['response-property-became-optional'](p),
      o,
      n,
      'response-property-became-optional',
    );
  if (dir === 'response' && !o.required && n.required)
    d.emit(
      c,
      'became-required',
      MESSAGES['response-property-became-required'](p),
      o,
      n,
      'response-property-became-required',
    );
  d.compareSchema(o.schema, n.schema, c);
}
