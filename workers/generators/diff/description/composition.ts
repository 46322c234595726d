// Composition: a 3.1 list of types, oneOf / anyOf arms, allOf members and the discriminator.

import type { ApiModel, SchemaNode } from '../../model/types.ts';
import type { Ctx, Differ } from './differ.ts';
import { MESSAGES } from './messages.ts';
import { componentName, isTypeArray, typeOf, unionMember } from './schema-shape.ts';

/** Everything composition says of two schemas already matched (schemas.ts calls this once per pair). */
export function compareComposition(d: Differ, os: SchemaNode, ns: SchemaNode, ctx: Ctx): void {
  if (isTypeArray(os) || isTypeArray(ns)) compareTypeList(d, os, ns, ctx);
  else if (os.kind === 'union' || ns.kind === 'union') compareUnion(d, os, ns, ctx);
  else {
    // A schema with properties and a sibling oneOf/anyOf is modelled as an intersection of the
    // object and the union: its arms are compared like a union's.
    const ou = unionMember(os);
    const nu = unionMember(ns);
    if (ou !== undefined || nu !== undefined) compareUnion(d, ou ?? os, nu ?? ns, ctx);
  }
  if (os.kind === 'intersection' || ns.kind === 'intersection') {
    const om = os.kind === 'intersection' ? os.members.length : 0;
    const nm = ns.kind === 'intersection' ? ns.members.length : 0;
    if (nm > om) d.emit(ctx, 'all-of-added', MESSAGES['all-of-added'](nm - om), os, ns);
    if (om > nm) d.emit(ctx, 'all-of-removed', MESSAGES['all-of-removed'](om - nm), os, ns);
  }
  compareDiscriminator(d, os, ns, ctx);
}

/** The set of JSON types a node admits (3.1 `type: [a, b]`), for list-of-types changes. */
function typeSet(d: Differ, s: SchemaNode): Set<string> {
  const out = new Set<string>();
  const variants = s.kind === 'union' ? s.variants : [s];
  for (const v of variants) {
    const t = typeOf(d.resolve(d.oldModel, v).node) ?? typeOf(v);
    if (t !== undefined) out.add(t);
  }
  if (s.nullable) out.add('null');
  return out;
}

function compareTypeList(d: Differ, os: SchemaNode, ns: SchemaNode, ctx: Ctx): void {
  const o = typeSet(d, os);
  const n = typeSet(d, ns);
  o.delete('null');
  n.delete('null');
  const removed = [...o].filter((t) => !n.has(t));
  const added = [...n].filter((t) => !o.has(t));
  if (removed.length > 0) d.emit(ctx, 'list-of-types-narrowed', MESSAGES['list-of-types-narrowed'](removed), os, ns);
  if (added.length > 0) d.emit(ctx, 'list-of-types-widened', MESSAGES['list-of-types-widened'](added), os, ns);
}

/** A structural signature of an inline arm: its type, title, enum values or property names. */
function signature(d: Differ, model: ApiModel, v: SchemaNode): string {
  const known = d.signatures.get(v);
  if (known !== undefined) return known;
  const sig = computeSignature(d, model, v);
  d.signatures.set(v, sig);
  return sig;
}

function computeSignature(d: Differ, model: ApiModel, v: SchemaNode): string {
  const r = d.resolve(model, v).node;
  const t = typeOf(r) ?? r.kind;
  if (r.kind === 'enum')
    return `${t}:enum:${r.members
      .map((m) => JSON.stringify(m.value))
      .sort()
      .join(',')}`;
  if (r.kind === 'literal') return `${t}:const:${JSON.stringify(r.value)}`;
  if (r.kind === 'object')
    return `${t}:props:${r.properties
      .map((p) => p.name)
      .sort()
      .join(',')}`;
  if (r.kind === 'primitive') return `${t}:${r.format ?? ''}`;
  if (r.kind === 'array') return `array:${signature(d, model, r.items)}`;
  return `${t}:${r.title ?? ''}`;
}

/**
 * oneOf / anyOf arms: matched by reference target, then by structural signature (an inline arm
 * moved to a component is the same arm), then the remaining ones of the same type pairwise; what
 * is left was added or removed. Matched arms are compared recursively.
 */
function compareUnion(d: Differ, os: SchemaNode, ns: SchemaNode, ctx: Ctx): void {
  const word = (s: SchemaNode): string => (s.kind === 'union' && s.combinator === 'anyOf' ? 'any-of' : 'one-of');
  const ov = os.kind === 'union' ? os.variants : [];
  const nv = ns.kind === 'union' ? ns.variants : [];
  const kind = word(ns.kind === 'union' ? ns : os);
  const pairs: [SchemaNode, SchemaNode, string][] = [];
  const restOld = new Set(ov.map((_, i) => i));
  const restNew = new Set(nv.map((_, i) => i));
  const matchBy = (key: (model: ApiModel, s: SchemaNode) => string | undefined): void => {
    if (restOld.size === 0 || restNew.size === 0) return;
    const byKey = new Map<string, number[]>();
    for (const j of restNew) {
      const k = key(d.newModel, nv[j]!);
      if (k === undefined) continue;
      const js = byKey.get(k);
      if (js === undefined) byKey.set(k, [j]);
      else js.push(j);
    }
    for (const i of [...restOld]) {
      const k = key(d.oldModel, ov[i]!);
      const js = k !== undefined ? byKey.get(k) : undefined;
      const j = js?.shift();
      if (j === undefined) continue;
      restOld.delete(i);
      restNew.delete(j);
      const s = ov[i]!;
      pairs.push([s, nv[j]!, s.kind === 'ref' ? s.target : `#${i}`]);
    }
  };
  matchBy((_, s) => (s.kind === 'ref' ? `ref:${s.target}` : undefined));
  matchBy((m, s) => signature(d, m, s));
  matchBy((m, s) => {
    const r = d.resolve(m, s).node;
    // Inline objects of the same type, paired in order (an arm edited in place).
    return s.kind !== 'ref' && r.kind === 'object' ? 'inline-object' : undefined;
  });
  const label = kind === 'any-of' ? 'anyOf' : 'oneOf';
  // A body that became a oneOf whose arms include the old shape: oasdiff's wrapped-in-one-of.
  if (ctx.property === '' && os.kind !== 'union' && ns.kind === 'union' && ns.combinator === 'oneOf') {
    const wrapped =
      (componentName(os) !== undefined && nv.some((v) => v.kind === 'ref' && v.target === componentName(os))) ||
      nv.some((v) => signature(d, d.newModel, v) === signature(d, d.oldModel, os));
    if (wrapped) {
      d.emit(ctx, 'wrapped-in-one-of', MESSAGES['wrapped-in-one-of'](nv.length), os, ns);
      return;
    }
  }
  if (restNew.size > 0) d.emit(ctx, `${kind}-added`, MESSAGES['arms-added'](restNew.size, label), os, ns);
  if (restOld.size > 0) d.emit(ctx, `${kind}-removed`, MESSAGES['arms-removed'](restOld.size, label), os, ns);
  for (const [s, t, name] of pairs)
    d.compareSchema(s, t, {
      ...ctx,
      property: ctx.property === '' ? `/${name}` : `${ctx.property}/${name}`,
      depth: ctx.depth + 1,
    });
}

function compareDiscriminator(d: Differ, os: SchemaNode, ns: SchemaNode, ctx: Ctx): void {
  const od = os.kind === 'union' || os.kind === 'intersection' ? os.discriminator : undefined;
  const nd = ns.kind === 'union' || ns.kind === 'intersection' ? ns.discriminator : undefined;
  if (od === undefined && nd === undefined) return;
  if (od === undefined)
    return d.emit(ctx, 'discriminator-added', MESSAGES['discriminator-added'](nd!.propertyName), os, ns);
  if (nd === undefined)
    return d.emit(ctx, 'discriminator-removed', MESSAGES['discriminator-removed'](od.propertyName), os, ns);
  if (od.propertyName !== nd.propertyName)
    d.emit(
      ctx,
      'discriminator-property-name-changed',
      MESSAGES['discriminator-property-name-changed'](od.propertyName, nd.propertyName),
      os,
      ns,
    );
  // Explicit entries are what the document says; implied ones (a variant's schema name) still
  // select a variant, so an explicit entry replaced by the same implied one changes nothing.
  const all = (x: typeof od): Map<string, { target: string; explicit: boolean }> =>
    new Map(x.mapping.map((m) => [m.value, { target: m.target, explicit: m.explicit }]));
  const om = all(od);
  const nm = all(nd);
  for (const [k, v] of nm) {
    const before = om.get(k);
    if (before === undefined) {
      if (v.explicit) d.emit(ctx, 'discriminator-mapping-added', MESSAGES['discriminator-mapping-added'](k), os, ns);
    } else if (before.target !== v.target)
      d.emit(
        ctx,
        'discriminator-mapping-changed',
        MESSAGES['discriminator-mapping-changed'](k, v.target, before.target),
        os,
        ns,
      );
  }
  for (const [k, v] of om)
    if (!nm.has(k) && v.explicit)
      d.emit(ctx, 'discriminator-mapping-deleted', MESSAGES['discriminator-mapping-deleted'](k), os, ns);
}
