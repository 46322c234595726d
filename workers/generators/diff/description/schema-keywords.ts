// Schema keywords the model does not carry, compared on the documents' nodes: bounds written on a
// schema of another type, object-size bounds, and the 3.1 applicators and content keywords.

import type { SchemaNode } from '../../model/types.ts';
import type { Ctx, Differ } from './differ.ts';
import { MESSAGES } from './messages.ts';
import { indexKeywords, rawNumber } from './raw.ts';
import { compareBound, compareFormat } from './schema-bounds.ts';

/** Keywords most schemas do not use: the checks below them run only when one side has one. */
const RARE_KEYWORDS = new Set([
  'minContains',
  'maxContains',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
  'contentMediaType',
  'contentEncoding',
  'dependentRequired',
  'dependentSchemas',
  'patternProperties',
  'x-extensible-enum',
  'prefixItems',
]);

/** Keywords whose presence alone is compared, with the word of their change ids. */
const PRESENCE: readonly (readonly [string, string])[] = [
  ['if', 'if'],
  ['then', 'then'],
  ['else', 'else'],
  ['contains', 'contains'],
  ['propertyNames', 'property-names'],
  ['unevaluatedItems', 'unevaluated-items'],
  ['unevaluatedProperties', 'unevaluated-properties'],
  ['contentSchema', 'content-schema'],
];

/** 3.1 applicators and object-size keywords, compared on the documents' nodes. */
export function compareSchemaKeywords(d: Differ, os: SchemaNode, ns: SchemaNode, ctx: Ctx): void {
  if (d.oldDoc === undefined || d.newDoc === undefined) return;
  // The model carries most of what a schema says; a document node is read only where the one walk
  // of each document (indexKeywords) found a keyword the model leaves out, or, when the documents
  // share nodes (YAML aliases), for every pair but two modelled scalars when no rare keyword occurs.
  d.oldIndex ??= indexKeywords(d.oldDoc, RARE_KEYWORDS);
  d.newIndex ??= indexKeywords(d.newDoc, RARE_KEYWORDS);
  const op = d.oldIndex.pointers;
  const np = d.newIndex.pointers;
  if (op !== undefined && np !== undefined) {
    if (!op.has(os.source.pointer) && !np.has(ns.source.pointer)) return;
  } else {
    const modelled = (x: SchemaNode): boolean => x.kind === 'primitive' || x.kind === 'enum' || x.kind === 'literal';
    if (d.oldIndex.used.size + d.newIndex.used.size === 0 && modelled(os) && modelled(ns)) return;
  }
  const ro = d.raw(d.oldRaw, d.oldDoc, os);
  const rn = d.raw(d.newRaw, d.newDoc, ns);
  if (ro === undefined || rn === undefined) return;
  const bound = (name: string, key: string, side: 'upper' | 'lower'): void =>
    compareBound(d, ctx, name, rawNumber(ro, key), rawNumber(rn, key), side, os, ns);
  // Constraints written on a schema of another type (maximum on an array) still constrain.
  if (os.kind !== 'primitive' || ns.kind !== 'primitive') {
    bound('max', 'maximum', 'upper');
    bound('min', 'minimum', 'lower');
    bound('max-length', 'maxLength', 'upper');
    bound('min-length', 'minLength', 'lower');
  }
  if (os.kind !== 'primitive' || ns.kind !== 'primitive') {
    const fmt = (x: Record<string, unknown>): string | undefined =>
      typeof x.format === 'string' ? x.format : undefined;
    compareFormat(d, fmt(ro), fmt(rn), ctx, os, ns);
  }
  if (os.kind !== 'array' || ns.kind !== 'array') {
    bound('max-items', 'maxItems', 'upper');
    bound('min-items', 'minItems', 'lower');
  }
  bound('min-properties', 'minProperties', 'lower');
  bound('max-properties', 'maxProperties', 'upper');
  let rare = false;
  for (const k in ro) if (RARE_KEYWORDS.has(k)) rare = true;
  for (const k in rn) if (RARE_KEYWORDS.has(k)) rare = true;
  if (!rare) return;
  bound('min-contains', 'minContains', 'lower');
  bound('max-contains', 'maxContains', 'upper');
  compareRareKeywords(d, ro, rn, ctx, os, ns);
}

/** The keywords of RARE_KEYWORDS, on two document nodes of which one has at least one. */
function compareRareKeywords(
  d: Differ,
  ro: Record<string, unknown>,
  rn: Record<string, unknown>,
  ctx: Ctx,
  os: SchemaNode,
  ns: SchemaNode,
): void {
  for (const [key, word] of PRESENCE) {
    const had = ro[key] !== undefined;
    const has = rn[key] !== undefined;
    if (had && !has) d.emit(ctx, `${word}-removed`, MESSAGES['keyword-removed'](key), os, ns);
    else if (!had && has) d.emit(ctx, `${word}-added`, MESSAGES['keyword-added'](key), os, ns);
  }
  for (const [key, word] of [
    ['contentMediaType', 'content-media-type'],
    ['contentEncoding', 'content-encoding'],
  ] as const) {
    if (ro[key] !== rn[key] && (typeof ro[key] === 'string' || typeof rn[key] === 'string'))
      d.emit(ctx, `${word}-changed`, MESSAGES['keyword-changed'](key, ro[key], rn[key]), os, ns);
  }
  const keysOf = (x: unknown): Map<string, string> =>
    new Map(
      typeof x === 'object' && x !== null && !Array.isArray(x)
        ? Object.entries(x as Record<string, unknown>).map(([k, v]) => [k, JSON.stringify(v)])
        : [],
    );
  for (const [key, word, changed] of [
    ['dependentRequired', 'dependent-required', true],
    ['dependentSchemas', 'dependent-schema', false],
    ['patternProperties', 'pattern-property', false],
  ] as const) {
    const a = keysOf(ro[key]);
    const b = keysOf(rn[key]);
    for (const [k, v] of b) {
      if (!a.has(k)) d.emit(ctx, `${word}-added`, MESSAGES['keyword-entry-added'](key, k), os, ns);
      else if (changed && a.get(k) !== v)
        d.emit(ctx, `${word}-changed`, MESSAGES['keyword-entry-changed'](key, k), os, ns);
    }
    for (const k of a.keys())
      if (!b.has(k)) d.emit(ctx, `${word}-removed`, MESSAGES['keyword-entry-removed'](key, k), os, ns);
  }
  const xo = Array.isArray(ro['x-extensible-enum']) ? ro['x-extensible-enum'].map((v) => JSON.stringify(v)) : [];
  const xn = new Set(
    Array.isArray(rn['x-extensible-enum']) ? rn['x-extensible-enum'].map((v) => JSON.stringify(v)) : [],
  );
  if (xn.size > 0)
    for (const v of xo)
      if (!xn.has(v))
        d.emit(ctx, 'x-extensible-enum-value-removed', MESSAGES['x-extensible-enum-value-removed'](v), os, ns);
  const po = Array.isArray(ro.prefixItems) ? ro.prefixItems.length : 0;
  const pn = Array.isArray(rn.prefixItems) ? rn.prefixItems.length : 0;
  if (pn > po) d.emit(ctx, 'prefix-items-added', MESSAGES['prefix-items-added'](pn - po), os, ns);
  if (po > pn) d.emit(ctx, 'prefix-items-removed', MESSAGES['prefix-items-removed'](po - pn), os, ns);
}
