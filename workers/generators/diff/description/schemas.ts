// Two schemas matched at the same place: type and format, nullable, const and enum, default,
// bounds and pattern, items / values / additionalProperties, then the document-only keywords
// (schema-keywords.ts), composition (composition.ts) and properties (properties.ts). Schemas are
// compared pairwise with a visited set of (old ref, new ref, direction), so circular references
// terminate.

import type { SchemaNode } from '../../model/types.ts';
import { compareComposition } from './composition.ts';
import { type Ctx, Differ } from './differ.ts';
import { MESSAGES } from './messages.ts';
import { compareProperties, propertiesOf } from './properties.ts';
import { compareBound, compareFormat } from './schema-bounds.ts';
import { compareSchemaKeywords } from './schema-keywords.ts';
import { isSchema, typeOf } from './schema-shape.ts';

/** The differ every check runs on: `Differ`'s state with the schema comparison below. */
export class SchemaDiffer extends Differ {
  compareSchema(oldIn: SchemaNode, newIn: SchemaNode, ctx: Ctx): void {
    compareSchema(this, oldIn, newIn, ctx);
  }
}

function compareSchema(d: Differ, oldIn: SchemaNode, newIn: SchemaNode, ctx: Ctx): void {
  if (ctx.depth > 48) return;
  const o = d.resolve(d.oldModel, oldIn);
  const n = d.resolve(d.newModel, newIn);
  if (o.named !== undefined || n.named !== undefined) {
    const key = `${o.named?.id ?? '~'}|${n.named?.id ?? '~'}|${ctx.dir}|${ctx.scope}|${ctx.property === '' ? (ctx.op?.key ?? '') : ''}`;
    if (d.visited.has(key)) return;
    d.visited.add(key);
  }
  const os = o.node;
  const ns = n.node;
  // A type changed (but for a widening) says it all: nothing below it is compared.
  if (!compareType(d, os, ns, ctx)) return;
  compareValues(d, os, ns, ctx);
  compareBounds(d, os, ns, ctx);
  compareChildren(d, os, ns, ctx);
  // Keywords the model does not carry, read from the documents.
  compareSchemaKeywords(d, os, ns, ctx);
  compareComposition(d, os, ns, ctx);
  const op = propertiesOf(d, d.oldModel, os);
  const np = propertiesOf(d, d.newModel, ns);
  if (op !== undefined && np !== undefined) compareProperties(d, op, np, ctx, os);
}

/** Type and format; false when the type changed so that nothing else is worth comparing. */
function compareType(d: Differ, os: SchemaNode, ns: SchemaNode, ctx: Ctx): boolean {
  const ot = typeOf(os);
  const nt = typeOf(ns);
  if (ot !== undefined && nt !== undefined && ot !== nt) {
    const widening = ctx.dir === 'request' ? ot === 'integer' && nt === 'number' : ot === 'number' && nt === 'integer';
    // XML bodies are text on the wire: object ↔ string is a compatible re-description.
    const xmlText =
      /xml/.test(ctx.where) && ((ot === 'object' && nt === 'string') || (ot === 'string' && nt === 'object'));
    if (widening || xmlText) d.emit(ctx, 'type-compatible', MESSAGES['type-compatible'](ot, nt), os, ns);
    else d.emit(ctx, 'type-changed', MESSAGES['type-changed'](ot, nt), os, ns);
    if (os.kind !== 'enum' && ns.kind === 'enum' && ctx.dir === 'request')
      d.emit(ctx, 'became-enum', MESSAGES['became-enum'](ns.members.map((m) => m.value)), os, ns);
    return widening;
  }
  if (os.kind === 'primitive' && ns.kind === 'primitive') compareFormat(d, os.format, ns.format, ctx, os, ns);
  return true;
}

/** Nullable, const, enum values and the default. */
function compareValues(d: Differ, os: SchemaNode, ns: SchemaNode, ctx: Ctx): void {
  if (os.nullable !== ns.nullable) {
    const id = ns.nullable ? 'became-nullable' : 'became-not-nullable';
    d.emit(ctx, id, MESSAGES[id](), os, ns);
  }
  const oliteral = os.kind === 'literal';
  const nliteral = ns.kind === 'literal';
  if (oliteral && nliteral && JSON.stringify(os.value) !== JSON.stringify(ns.value))
    d.emit(ctx, 'const-changed', MESSAGES['const-changed'](os.value, ns.value), os, ns);
  else if (!oliteral && nliteral) d.emit(ctx, 'const-added', MESSAGES['const-added'](ns.value), os, ns);
  else if (oliteral && !nliteral) d.emit(ctx, 'const-removed', MESSAGES['const-removed'](), os, ns);
  if (os.kind === 'enum' && ns.kind === 'enum') {
    const ov = new Set(os.members.map((m) => JSON.stringify(m.value)));
    const nv = new Set(ns.members.map((m) => JSON.stringify(m.value)));
    for (const v of ov) if (!nv.has(v)) d.emit(ctx, 'enum-value-removed', MESSAGES['enum-value-removed'](v), os, ns);
    for (const v of nv) if (!ov.has(v)) d.emit(ctx, 'enum-value-added', MESSAGES['enum-value-added'](v), os, ns);
  } else if (os.kind !== 'enum' && ns.kind === 'enum' && os.kind !== 'literal') {
    d.emit(ctx, 'became-enum', MESSAGES['became-enum'](ns.members.map((m) => m.value)), os, ns);
  }
  if (JSON.stringify(os.default) !== JSON.stringify(ns.default)) {
    const suffix =
      os.default === undefined
        ? 'default-value-added'
        : ns.default === undefined
          ? 'default-value-removed'
          : 'default-value-changed';
    d.emit(ctx, suffix, MESSAGES['default-value'](os.default, ns.default), os, ns);
  }
}

/** The bounds and pattern the model carries, of primitives and arrays. */
function compareBounds(d: Differ, os: SchemaNode, ns: SchemaNode, ctx: Ctx): void {
  if (os.kind === 'primitive' && ns.kind === 'primitive') {
    const oc = os.constraints;
    const nc = ns.constraints;
    compareBound(d, ctx, 'max', oc.maximum, nc.maximum, 'upper', os, ns);
    compareBound(d, ctx, 'min', oc.minimum, nc.minimum, 'lower', os, ns);
    compareBound(d, ctx, 'max-length', oc.maxLength, nc.maxLength, 'upper', os, ns);
    compareBound(d, ctx, 'min-length', oc.minLength, nc.minLength, 'lower', os, ns);
    compareBound(d, ctx, 'exclusive-max', oc.exclusiveMaximum, nc.exclusiveMaximum, 'upper', os, ns);
    compareBound(d, ctx, 'exclusive-min', oc.exclusiveMinimum, nc.exclusiveMinimum, 'lower', os, ns);
    const opat = oc.pattern === '' ? undefined : oc.pattern;
    const npat = nc.pattern === '' || nc.pattern === '.*' || nc.pattern === '^.*$' ? undefined : nc.pattern;
    if (opat !== npat) {
      if (opat === undefined) d.emit(ctx, 'pattern-added', MESSAGES['pattern-added'](nc.pattern), os, ns);
      else if (npat === undefined && nc.pattern !== undefined && nc.pattern !== '')
        d.emit(ctx, 'pattern-generalized', MESSAGES['pattern-generalized'](oc.pattern, nc.pattern), os, ns);
      else if (npat === undefined) d.emit(ctx, 'pattern-removed', MESSAGES['pattern-removed'](oc.pattern), os, ns);
      else d.emit(ctx, 'pattern-changed', MESSAGES['pattern-changed'](oc.pattern, nc.pattern), os, ns);
    }
  }
  if (os.kind === 'array' && ns.kind === 'array') {
    compareBound(d, ctx, 'max-items', os.maxItems, ns.maxItems, 'upper', os, ns);
    compareBound(d, ctx, 'min-items', os.minItems, ns.minItems, 'lower', os, ns);
  }
}

/** Array items, map values and additionalProperties, compared one level down. */
function compareChildren(d: Differ, os: SchemaNode, ns: SchemaNode, ctx: Ctx): void {
  const down = (suffix: string): Ctx => ({
    ...ctx,
    property: ctx.property === '' ? suffix : `${ctx.property}${suffix}`,
    depth: ctx.depth + 1,
  });
  if (os.kind === 'array' && ns.kind === 'array') d.compareSchema(os.items, ns.items, down('[]'));
  if (os.kind === 'map' && ns.kind === 'map') d.compareSchema(os.values, ns.values, down('{}'));
  if (
    os.kind === 'object' &&
    ns.kind === 'object' &&
    isSchema(os.additionalProperties) &&
    isSchema(ns.additionalProperties)
  )
    d.compareSchema(os.additionalProperties, ns.additionalProperties, down('{}'));
}
