// Description-to-description diff over the API model (refs resolved, 3.0 and 3.1 normalised).
// Each change gets an oasdiff-style id (`request-property-type-changed`), a level (breaking /
// non-breaking / info) and its location in both documents. Schemas are compared pairwise with
// a visited set of (old ref, new ref, direction), so circular references terminate.

import type {
  ApiModel,
  MediaTypeContent,
  NamedSchema,
  Operation,
  Parameter,
  SchemaNode,
  SecurityRequirement,
  SourceLocation,
} from '../model/types.ts';
import { normaliseEndpoint } from './build-surface.ts';
import { loadModelForDiff } from './load-model.ts';
import type { ChangeLevel, DescriptionChange, DescriptionDiffReport, DescriptionProblem } from './types.ts';

type Direction = 'request' | 'response';

/** Ids (after the `request-…`/`response-…` scope) that break existing clients, per direction. */
const BREAKING_REQUEST = new Set([
  'type-changed',
  'enum-value-removed',
  'became-enum',
  'became-not-nullable',
  'became-required',
  'const-changed',
  'const-added',
  'max-decreased',
  'max-length-decreased',
  'min-increased',
  'min-length-increased',
  'min-items-increased',
  'max-items-decreased',
  'pattern-added',
  'pattern-changed',
  'one-of-removed',
  'any-of-removed',
  'all-of-added',
  'max-set',
  'min-set',
  'max-length-set',
  'min-items-set',
  'max-items-set',
  'removed',
  'all-of-removed',
  'media-type-removed',
]);
const BREAKING_RESPONSE = new Set([
  'type-changed',
  'became-nullable',
  'became-optional',
  'const-changed',
  'const-removed',
  'max-increased',
  'max-length-increased',
  'max-length-unset',
  'min-decreased',
  'min-length-decreased',
  'min-items-decreased',
  'min-items-unset',
  'one-of-added',
  'enum-value-added',
]);
const INFO_SUFFIX = /discriminator|default-value|deprecated|annotation|description/;

export interface DiffOptions {
  maxBytes?: number;
  /** Stop after this many changes (default 20 000); a summary change says how many were left out. */
  maxChanges?: number;
}

class Collector {
  readonly changes: DescriptionChange[] = [];
  truncated = 0;
  private readonly max: number;
  constructor(max: number) {
    this.max = max;
  }
  add(change: DescriptionChange): void {
    if (this.changes.length >= this.max) {
      this.truncated++;
      return;
    }
    this.changes.push(change);
  }
}

function loc(s: SourceLocation | undefined): SourceLocation | undefined {
  return s === undefined ? undefined : { pointer: s.pointer, line: s.line, column: s.column };
}

interface Ctx {
  op?: Operation;
  where: string;
  /** `request-body`, `request-parameter`, `response-body`; nested levels use the `-property` form. */
  scope: 'request-body' | 'request-parameter' | 'response-body';
  dir: Direction;
  property: string;
  depth: number;
  /** The operation's path in the old description, when it differs (renamed path parameters). */
  oldPath?: string;
}

function scopedId(ctx: Ctx, suffix: string): string {
  const nested = ctx.property !== '';
  if (ctx.scope === 'request-parameter')
    return nested ? `request-parameter-property-${suffix}` : `request-parameter-${suffix}`;
  if (ctx.scope === 'request-body') return nested ? `request-property-${suffix}` : `request-body-${suffix}`;
  return nested ? `response-property-${suffix}` : `response-body-${suffix}`;
}

function levelFor(dir: Direction, suffix: string): ChangeLevel {
  if ((dir === 'request' ? BREAKING_REQUEST : BREAKING_RESPONSE).has(suffix)) return 'breaking';
  return INFO_SUFFIX.test(suffix) ? 'info' : 'non-breaking';
}

class ModelDiff {
  private readonly visited = new Set<string>();
  private readonly oldModel: ApiModel;
  private readonly newModel: ApiModel;
  private readonly out: Collector;
  constructor(oldModel: ApiModel, newModel: ApiModel, out: Collector) {
    this.oldModel = oldModel;
    this.newModel = newModel;
    this.out = out;
  }

  private resolve(model: ApiModel, node: SchemaNode): { node: SchemaNode; named?: NamedSchema } {
    let current = node;
    let named: NamedSchema | undefined;
    for (let i = 0; i < 32 && current.kind === 'ref'; i++) {
      const target: NamedSchema | undefined = model.schemas[current.target];
      if (target === undefined) break;
      named = target;
      const nullable = current.nullable;
      current = nullable && !target.schema.nullable ? { ...target.schema, nullable: true } : target.schema;
    }
    return named !== undefined ? { node: current, named } : { node: current };
  }

  private emit(
    ctx: Ctx,
    suffix: string,
    message: string,
    oldNode?: { source: SourceLocation },
    newNode?: { source: SourceLocation },
    idOverride?: string,
    levelOverride?: ChangeLevel,
  ): void {
    const id = idOverride ?? scopedId(ctx, suffix);
    this.out.add({
      id,
      level: levelOverride ?? levelFor(ctx.dir, suffix),
      ...(ctx.op !== undefined
        ? { operation: ctx.op.key, path: ctx.op.path, method: ctx.op.method.toUpperCase() }
        : {}),
      ...(ctx.oldPath !== undefined && ctx.oldPath !== ctx.op?.path ? { oldPath: ctx.oldPath } : {}),
      where: ctx.where,
      ...(ctx.property !== '' ? { property: ctx.property } : {}),
      message,
      ...(oldNode !== undefined ? { old: loc(oldNode.source)! } : {}),
      ...(newNode !== undefined ? { new: loc(newNode.source)! } : {}),
    });
  }

  /** Object properties of a schema, flattening `allOf` members. */
  private properties(
    model: ApiModel,
    node: SchemaNode,
    depth = 0,
  ):
    | Map<
        string,
        {
          schema: SchemaNode;
          required: boolean;
          readOnly: boolean;
          writeOnly: boolean;
          source: SourceLocation;
          hasDefault: boolean;
        }
      >
    | undefined {
    const r = this.resolve(model, node).node;
    if (depth > 16) return undefined;
    if (r.kind === 'object') {
      const map = new Map<
        string,
        {
          schema: SchemaNode;
          required: boolean;
          readOnly: boolean;
          writeOnly: boolean;
          source: SourceLocation;
          hasDefault: boolean;
        }
      >();
      for (const p of r.properties) {
        const resolved = this.resolve(model, p.schema).node;
        map.set(p.name, {
          schema: p.schema,
          required: p.required,
          readOnly: p.readOnly || resolved.readOnly === true,
          writeOnly: p.writeOnly || resolved.writeOnly === true,
          source: p.source,
          hasDefault: resolved.default !== undefined || p.schema.default !== undefined,
        });
      }
      return map;
    }
    if (r.kind === 'intersection') {
      let merged: ReturnType<ModelDiff['properties']>;
      for (const m of r.members) {
        const props = this.properties(model, m, depth + 1);
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

  private typeOf(node: SchemaNode): string | undefined {
    switch (node.kind) {
      case 'object':
      case 'map':
        return 'object';
      case 'array':
        return 'array';
      case 'primitive':
        return node.type;
      case 'enum':
        return node.valueType === 'mixed' ? undefined : node.valueType;
      case 'literal':
        return node.value === null
          ? 'null'
          : Array.isArray(node.value)
            ? 'array'
            : typeof node.value === 'object'
              ? 'object'
              : typeof node.value === 'number'
                ? Number.isInteger(node.value)
                  ? 'integer'
                  : 'number'
                : typeof node.value;
      case 'intersection':
        return 'object';
      default:
        return undefined;
    }
  }

  compareSchema(oldIn: SchemaNode, newIn: SchemaNode, ctx: Ctx): void {
    if (ctx.depth > 48) return;
    const o = this.resolve(this.oldModel, oldIn);
    const n = this.resolve(this.newModel, newIn);
    if (o.named !== undefined || n.named !== undefined) {
      const key = `${o.named?.id ?? '~'}|${n.named?.id ?? '~'}|${ctx.dir}|${ctx.scope}|${ctx.property === '' ? (ctx.op?.key ?? '') : ''}`;
      if (this.visited.has(key)) return;
      this.visited.add(key);
    }
    const os = o.node;
    const ns = n.node;
    const dir = ctx.dir;

    // Type and format.
    const ot = this.typeOf(os);
    const nt = this.typeOf(ns);
    const oliteralOnly = os.kind === 'literal';
    const nliteralOnly = ns.kind === 'literal';
    if (ot !== undefined && nt !== undefined && ot !== nt) {
      const widening = dir === 'request' ? ot === 'integer' && nt === 'number' : ot === 'number' && nt === 'integer';
      // XML bodies are text on the wire: object ↔ string is a compatible re-description.
      const xmlText =
        /xml/.test(ctx.where) && ((ot === 'object' && nt === 'string') || (ot === 'string' && nt === 'object'));
      if (widening || xmlText)
        this.emit(ctx, 'type-compatible', `Type changed from ${ot} to ${nt} (compatible).`, os, ns);
      else this.emit(ctx, 'type-changed', `Type changed from ${ot} to ${nt}.`, os, ns);
      if (os.kind !== 'enum' && ns.kind === 'enum' && dir === 'request')
        this.emit(
          ctx,
          'became-enum',
          `Restricted to the values ${ns.members.map((m) => JSON.stringify(m.value)).join(', ')}.`,
          os,
          ns,
        );
      if (!widening) return;
    } else if (os.kind === 'primitive' && ns.kind === 'primitive' && (os.format ?? '') !== (ns.format ?? '')) {
      this.emit(
        ctx,
        'type-changed',
        `Format changed from ${os.format ?? '(none)'} to ${ns.format ?? '(none)'}.`,
        os,
        ns,
      );
    }

    // Nullable.
    if (os.nullable !== ns.nullable) {
      this.emit(
        ctx,
        ns.nullable ? 'became-nullable' : 'became-not-nullable',
        ns.nullable ? 'Became nullable.' : 'Is no longer nullable.',
        os,
        ns,
      );
    }

    // Const and enum.
    if (oliteralOrConst(os) || nliteralOrConst(ns)) {
      if (oliteralOnly && nliteralOnly && JSON.stringify(os.value) !== JSON.stringify(ns.value))
        this.emit(
          ctx,
          'const-changed',
          `Constant changed from ${JSON.stringify(os.value)} to ${JSON.stringify(ns.value)}.`,
          os,
          ns,
        );
      else if (!oliteralOnly && nliteralOnly)
        this.emit(ctx, 'const-added', `Now a constant ${JSON.stringify((ns as { value: unknown }).value)}.`, os, ns);
      else if (oliteralOnly && !nliteralOnly) this.emit(ctx, 'const-removed', 'No longer a constant.', os, ns);
    }
    if (os.kind === 'enum' && ns.kind === 'enum') {
      const ov = new Set(os.members.map((m) => JSON.stringify(m.value)));
      const nv = new Set(ns.members.map((m) => JSON.stringify(m.value)));
      for (const v of ov) if (!nv.has(v)) this.emit(ctx, 'enum-value-removed', `Enum value ${v} was removed.`, os, ns);
      for (const v of nv) if (!ov.has(v)) this.emit(ctx, 'enum-value-added', `Enum value ${v} was added.`, os, ns);
    } else if (os.kind !== 'enum' && ns.kind === 'enum' && os.kind !== 'literal') {
      this.emit(
        ctx,
        'became-enum',
        `Restricted to the values ${ns.members.map((m) => JSON.stringify(m.value)).join(', ')}.`,
        os,
        ns,
      );
    }

    // Default value.
    if (JSON.stringify(os.default) !== JSON.stringify(ns.default)) {
      const suffix =
        os.default === undefined
          ? 'default-value-added'
          : ns.default === undefined
            ? 'default-value-removed'
            : 'default-value-changed';
      this.emit(
        ctx,
        suffix,
        `Default changed from ${JSON.stringify(os.default) ?? '(none)'} to ${JSON.stringify(ns.default) ?? '(none)'}.`,
        os,
        ns,
        undefined,
        ctx.scope === 'request-parameter' && ctx.property === '' ? 'breaking' : 'info',
      );
    }

    // Constraints.
    if (os.kind === 'primitive' && ns.kind === 'primitive') {
      const oc = os.constraints;
      const nc = ns.constraints;
      this.bound(ctx, 'max', oc.maximum, nc.maximum, 'upper', os, ns);
      this.bound(ctx, 'min', oc.minimum, nc.minimum, 'lower', os, ns);
      this.bound(ctx, 'max-length', oc.maxLength, nc.maxLength, 'upper', os, ns);
      this.bound(ctx, 'min-length', oc.minLength, nc.minLength, 'lower', os, ns);
      const opat = oc.pattern === '' ? undefined : oc.pattern;
      const npat = nc.pattern === '' || nc.pattern === '.*' || nc.pattern === '^.*$' ? undefined : nc.pattern;
      if (opat !== npat) {
        if (opat === undefined) this.emit(ctx, 'pattern-added', `Pattern ${nc.pattern} was added.`, os, ns);
        else if (npat === undefined && nc.pattern !== undefined && nc.pattern !== '')
          this.emit(ctx, 'pattern-generalized', `Pattern ${oc.pattern} was generalized to ${nc.pattern}.`, os, ns);
        else if (npat === undefined) this.emit(ctx, 'pattern-removed', `Pattern ${oc.pattern} was removed.`, os, ns);
        else this.emit(ctx, 'pattern-changed', `Pattern changed from ${oc.pattern} to ${nc.pattern}.`, os, ns);
      }
    }
    if (os.kind === 'array' && ns.kind === 'array') {
      this.bound(ctx, 'max-items', os.maxItems, ns.maxItems, 'upper', os, ns);
      this.bound(ctx, 'min-items', os.minItems, ns.minItems, 'lower', os, ns);
      this.compareSchema(os.items, ns.items, {
        ...ctx,
        property: ctx.property === '' ? '[]' : `${ctx.property}[]`,
        depth: ctx.depth + 1,
      });
    }
    if (os.kind === 'map' && ns.kind === 'map') {
      this.compareSchema(os.values, ns.values, {
        ...ctx,
        property: ctx.property === '' ? '{}' : `${ctx.property}{}`,
        depth: ctx.depth + 1,
      });
    }
    if (
      os.kind === 'object' &&
      ns.kind === 'object' &&
      isSchema(os.additionalProperties) &&
      isSchema(ns.additionalProperties)
    ) {
      this.compareSchema(os.additionalProperties, ns.additionalProperties, {
        ...ctx,
        property: ctx.property === '' ? '{}' : `${ctx.property}{}`,
        depth: ctx.depth + 1,
      });
    }

    // Composition.
    if (os.kind === 'union' || ns.kind === 'union') this.compareUnion(os, ns, ctx);
    if (os.kind === 'intersection' || ns.kind === 'intersection') {
      const om = os.kind === 'intersection' ? os.members.length : 0;
      const nm = ns.kind === 'intersection' ? ns.members.length : 0;
      if (nm > om) this.emit(ctx, 'all-of-added', `${nm - om} allOf member(s) added.`, os, ns);
      if (om > nm) this.emit(ctx, 'all-of-removed', `${om - nm} allOf member(s) removed.`, os, ns);
    }
    this.compareDiscriminator(os, ns, ctx);

    // Properties.
    const op = this.properties(this.oldModel, os);
    const np = this.properties(this.newModel, ns);
    if (op !== undefined && np !== undefined) this.compareProperties(op, np, ctx, os, ns);
  }

  private bound(
    ctx: Ctx,
    name: string,
    o: number | undefined,
    n: number | undefined,
    side: 'upper' | 'lower',
    os: SchemaNode,
    ns: SchemaNode,
  ): void {
    if (o === n) return;
    let suffix: string;
    if (o === undefined) suffix = `${name}-set`;
    else if (n === undefined) suffix = `${name}-unset`;
    else suffix = n > o ? `${name}-increased` : `${name}-decreased`;
    // `-set` narrows only an upper bound or a lower bound that is above 0.
    if (suffix === `${name}-set` && side === 'lower' && n === 0) return;
    this.emit(ctx, suffix, `${name} changed from ${o ?? '(none)'} to ${n ?? '(none)'}.`, os, ns);
  }

  private compareUnion(os: SchemaNode, ns: SchemaNode, ctx: Ctx): void {
    const word = (s: SchemaNode): string => (s.kind === 'union' && s.combinator === 'anyOf' ? 'any-of' : 'one-of');
    const ov = os.kind === 'union' ? os.variants : [];
    const nv = ns.kind === 'union' ? ns.variants : [];
    const label = (s: SchemaNode, i: number): string =>
      s.kind === 'ref' ? `ref:${s.target}` : `#${i}:${this.typeOf(s) ?? s.kind}`;
    const ol = new Map(ov.map((s, i) => [label(s, i), s]));
    const nl = new Map(nv.map((s, i) => [label(s, i), s]));
    const kind = word(ns.kind === 'union' ? ns : os);
    let added = 0;
    let removed = 0;
    for (const k of nl.keys()) if (!ol.has(k)) added++;
    for (const k of ol.keys()) if (!nl.has(k)) removed++;
    if (added > 0)
      this.emit(ctx, `${kind}-added`, `${added} ${kind === 'any-of' ? 'anyOf' : 'oneOf'} variant(s) added.`, os, ns);
    if (removed > 0)
      this.emit(
        ctx,
        `${kind}-removed`,
        `${removed} ${kind === 'any-of' ? 'anyOf' : 'oneOf'} variant(s) removed.`,
        os,
        ns,
      );
    for (const [k, s] of ol) {
      const t = nl.get(k);
      if (t !== undefined)
        this.compareSchema(s, t, {
          ...ctx,
          property: ctx.property === '' ? `/${k}` : `${ctx.property}/${k}`,
          depth: ctx.depth + 1,
        });
    }
  }

  private compareDiscriminator(os: SchemaNode, ns: SchemaNode, ctx: Ctx): void {
    const od = os.kind === 'union' || os.kind === 'intersection' ? os.discriminator : undefined;
    const nd = ns.kind === 'union' || ns.kind === 'intersection' ? ns.discriminator : undefined;
    if (od === undefined && nd === undefined) return;
    if (od === undefined)
      return this.emit(ctx, 'discriminator-added', `Discriminator ${nd!.propertyName} was added.`, os, ns);
    if (nd === undefined)
      return this.emit(ctx, 'discriminator-removed', `Discriminator ${od.propertyName} was removed.`, os, ns);
    if (od.propertyName !== nd.propertyName)
      this.emit(
        ctx,
        'discriminator-property-name-changed',
        `Discriminator property changed from ${od.propertyName} to ${nd.propertyName}.`,
        os,
        ns,
      );
    const om = new Map(od.mapping.filter((m) => m.explicit).map((m) => [m.value, m.target]));
    const nm = new Map(nd.mapping.filter((m) => m.explicit).map((m) => [m.value, m.target]));
    for (const [k, v] of nm) {
      if (!om.has(k)) this.emit(ctx, 'discriminator-mapping-added', `Discriminator mapping ${k} was added.`, os, ns);
      else if (om.get(k) !== v)
        this.emit(ctx, 'discriminator-mapping-changed', `Discriminator mapping ${k} changed.`, os, ns);
    }
    for (const k of om.keys())
      if (!nm.has(k))
        this.emit(ctx, 'discriminator-mapping-deleted', `Discriminator mapping ${k} was removed.`, os, ns);
  }

  private compareProperties(
    op: NonNullable<ReturnType<ModelDiff['properties']>>,
    np: NonNullable<ReturnType<ModelDiff['properties']>>,
    ctx: Ctx,
    os: SchemaNode,
    ns: SchemaNode,
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
        if (hidden(o)) continue;
        if (ctx.dir === 'request')
          this.emit(
            c,
            'removed',
            `Request property ${c.property} was removed.`,
            o,
            undefined,
            'request-property-removed',
            'breaking',
          );
        else if (o.required)
          this.emit(
            c,
            'required-property-removed',
            `Required response property ${c.property} was removed.`,
            o,
            undefined,
            'response-required-property-removed',
            'breaking',
          );
        else
          this.emit(
            c,
            'optional-property-removed',
            `Optional response property ${c.property} was removed.`,
            o,
            undefined,
            'response-optional-property-removed',
            'breaking',
          );
        continue;
      }
      if (!hidden(n)) {
        if (ctx.dir === 'request' && !o.required && n.required)
          this.emit(
            c,
            'became-required',
            `Request property ${c.property} became required.`,
            o,
            n,
            'request-property-became-required',
          );
        if (ctx.dir === 'request' && o.required && !n.required)
          this.emit(
            c,
            'became-optional',
            `Request property ${c.property} became optional.`,
            o,
            n,
            'request-property-became-optional',
          );
        if (ctx.dir === 'response' && o.required && !n.required)
          this.emit(
            c,
            'became-optional',
            `Response property ${c.property} became optional.`,
            o,
            n,
            'response-property-became-optional',
          );
        if (ctx.dir === 'response' && !o.required && n.required)
          this.emit(
            c,
            'became-required',
            `Response property ${c.property} became required.`,
            o,
            n,
            'response-property-became-required',
          );
      }
      this.compareSchema(o.schema, n.schema, c);
    }
    for (const [name, n] of np) {
      if (op.has(name) || hidden(n)) continue;
      const c = child(name);
      if (ctx.dir === 'request') {
        if (n.required && n.hasDefault)
          this.emit(
            c,
            'x',
            `New required request property ${c.property} (with a default).`,
            undefined,
            n,
            'new-required-request-property-with-default',
            'breaking',
          );
        else if (n.required)
          this.emit(
            c,
            'x',
            `New required request property ${c.property}.`,
            os,
            n,
            'new-required-request-property',
            'breaking',
          );
        else
          this.emit(
            c,
            'x',
            `New optional request property ${c.property}.`,
            undefined,
            n,
            'new-optional-request-property',
            'non-breaking',
          );
      } else {
        this.emit(
          c,
          'x',
          `New ${n.required ? 'required' : 'optional'} response property ${c.property}.`,
          undefined,
          n,
          n.required ? 'response-required-property-added' : 'response-optional-property-added',
          'non-breaking',
        );
      }
    }
    void ns;
  }

  // -----------------------------------------------------------------------------------------
  // Operations
  // -----------------------------------------------------------------------------------------

  operation(o: Operation, n: Operation): void {
    const base = { op: n, depth: 0, property: '', oldPath: o.path };
    if (!o.deprecated && n.deprecated)
      this.out.add({
        id: 'endpoint-deprecated',
        level: 'info',
        operation: n.key,
        path: n.path,
        method: n.method.toUpperCase(),
        message: 'The operation was deprecated.',
        old: loc(o.source)!,
        new: loc(n.source)!,
      });
    // Parameters.
    const params = (op: Operation): Map<string, Parameter> => {
      const m = new Map<string, Parameter>();
      for (const where of ['path', 'query', 'header', 'cookie'] as const) {
        op.parameters[where].forEach((p, i) =>
          m.set(where === 'path' ? `path#${i}` : `${where}:${where === 'header' ? p.name.toLowerCase() : p.name}`, p),
        );
      }
      return m;
    };
    const op = params(o);
    const np = params(n);
    for (const [k, p] of op) {
      const q = np.get(k);
      const ctx: Ctx = { ...base, scope: 'request-parameter', dir: 'request', where: `parameter ${p.in} ${p.name}` };
      if (q === undefined) {
        this.emit(
          ctx,
          'removed',
          `The ${p.in} parameter ${p.name} was removed.`,
          p,
          undefined,
          p.deprecated ? 'request-parameter-removed-with-deprecation' : 'request-parameter-removed',
          p.deprecated ? 'info' : 'breaking',
        );
        continue;
      }
      if (!p.required && q.required)
        this.emit(ctx, 'became-required', `The ${p.in} parameter ${p.name} became required.`, p, q);
      if (p.required && !q.required)
        this.emit(ctx, 'became-optional', `The ${p.in} parameter ${p.name} became optional.`, p, q);
      this.compareSchema(p.schema, q.schema, ctx);
    }
    for (const [k, q] of np) {
      if (op.has(k)) continue;
      const ctx: Ctx = { ...base, scope: 'request-parameter', dir: 'request', where: `parameter ${q.in} ${q.name}` };
      if (q.in === 'path')
        this.emit(ctx, 'x', `New path parameter ${q.name}.`, undefined, q, 'new-request-path-parameter', 'breaking');
      else if (q.required)
        this.emit(
          ctx,
          'x',
          `New required ${q.in} parameter ${q.name}.`,
          o,
          q,
          'new-required-request-parameter',
          'breaking',
        );
      else
        this.emit(
          ctx,
          'x',
          `New optional ${q.in} parameter ${q.name}.`,
          undefined,
          q,
          'new-optional-request-parameter',
          'non-breaking',
        );
    }
    // Request body.
    const ob = o.requestBody;
    const nb = n.requestBody;
    const bodyCtx: Ctx = { ...base, scope: 'request-body', dir: 'request', where: 'request body' };
    if (ob !== undefined && nb === undefined)
      this.emit(bodyCtx, 'removed', 'The request body was removed.', ob, undefined, 'request-body-removed', 'breaking');
    else if (ob === undefined && nb !== undefined)
      this.emit(
        bodyCtx,
        'x',
        `A ${nb.required ? 'required' : 'optional'} request body was added.`,
        o,
        nb,
        nb.required ? 'request-body-added-required' : 'request-body-added-optional',
        nb.required ? 'breaking' : 'non-breaking',
      );
    else if (ob !== undefined && nb !== undefined) {
      if (!ob.required && nb.required)
        this.emit(bodyCtx, 'became-required', 'The request body became required.', ob, nb);
      if (ob.required && !nb.required)
        this.emit(bodyCtx, 'became-optional', 'The request body became optional.', ob, nb);
      this.media(ob.content, nb.content, bodyCtx, 'request-body-media-type');
    }
    // Responses.
    const or = new Map(o.responses.map((r) => [r.status.toUpperCase(), r]));
    const nr = new Map(n.responses.map((r) => [r.status.toUpperCase(), r]));
    for (const [status, r] of or) {
      const s = nr.get(status);
      const ctx: Ctx = { ...base, scope: 'response-body', dir: 'response', where: `response ${status}` };
      if (s === undefined) {
        const success = r.statusClass === 'success';
        this.emit(
          ctx,
          'x',
          `Response ${status} was removed.`,
          r,
          undefined,
          success ? 'response-success-status-removed' : 'response-non-success-status-removed',
          success ? 'breaking' : 'non-breaking',
        );
        continue;
      }
      this.media(r.content, s.content, ctx, 'response-media-type');
    }
    for (const [status, s] of nr) {
      if (or.has(status)) continue;
      const ctx: Ctx = { ...base, scope: 'response-body', dir: 'response', where: `response ${status}` };
      this.emit(
        ctx,
        'x',
        `Response ${status} was added.`,
        undefined,
        s,
        s.statusClass === 'success' ? 'response-success-status-added' : 'response-non-success-status-added',
        'non-breaking',
      );
    }
  }

  private media(om: MediaTypeContent[], nm: MediaTypeContent[], ctx: Ctx, prefix: string): void {
    const key = (m: MediaTypeContent): string => m.mediaType.split(';')[0]!.trim().toLowerCase();
    const o = new Map(om.map((m) => [key(m), m]));
    const n = new Map(nm.map((m) => [key(m), m]));
    for (const [k, m] of o) {
      const t = n.get(k);
      if (t === undefined) {
        this.emit(
          { ...ctx, where: `${ctx.where} ${k}` },
          'media-type-removed',
          `Media type ${k} was removed.`,
          m,
          undefined,
          `${prefix}-removed`,
          'breaking',
        );
        continue;
      }
      this.compareSchema(m.schema, t.schema, { ...ctx, where: `${ctx.where} ${k}` });
    }
    for (const [k, t] of n)
      if (!o.has(k))
        this.emit(
          { ...ctx, where: `${ctx.where} ${k}` },
          'media-type-added',
          `Media type ${k} was added.`,
          undefined,
          t,
          `${prefix}-added`,
          'non-breaking',
        );
  }
}

function oliteralOrConst(s: SchemaNode): boolean {
  return s.kind === 'literal';
}
const nliteralOrConst = oliteralOrConst;

function isSchema(x: boolean | SchemaNode | undefined): x is SchemaNode {
  return typeof x === 'object' && x !== null;
}

function securityKey(req: SecurityRequirement): string {
  return (
    req.schemes
      .map((s) => s.scheme)
      .sort()
      .join('+') || '(anonymous)'
  );
}

/** Security: dropping an accepted alternative or requiring auth where none was needed breaks clients. */
function diffSecurity(
  oldReqs: SecurityRequirement[],
  newReqs: SecurityRequirement[],
  out: Collector,
  scope: 'api-global-security' | 'api-security',
  op: Operation | undefined,
  oldSrc: SourceLocation,
  newSrc: SourceLocation,
): void {
  const o = new Map(oldReqs.map((r) => [securityKey(r), r]));
  const n = new Map(newReqs.map((r) => [securityKey(r), r]));
  const base = op !== undefined ? { operation: op.key, path: op.path, method: op.method.toUpperCase() } : {};
  const wasOpen = oldReqs.length === 0 || o.has('(anonymous)');
  for (const k of o.keys()) {
    if (n.has(k) || newReqs.length === 0) continue;
    out.add({
      id: `${scope}-removed`,
      level: 'breaking',
      ...base,
      where: 'security',
      message: `Security requirement ${k} is no longer accepted.`,
      old: loc(oldSrc)!,
      new: loc(newSrc)!,
    });
  }
  for (const k of n.keys()) {
    if (o.has(k) || (oldReqs.length === 0 && k === '(anonymous)')) continue;
    out.add({
      id: `${scope}-added`,
      level: wasOpen && !n.has('(anonymous)') ? 'breaking' : 'non-breaking',
      ...base,
      where: 'security',
      message: `Security requirement ${k} was added${wasOpen ? ' where no authentication was needed' : ''}.`,
      old: loc(oldSrc)!,
      new: loc(newSrc)!,
    });
  }
  for (const [k, r] of o) {
    const s = n.get(k);
    if (s === undefined) continue;
    for (const scheme of r.schemes) {
      const t = s.schemes.find((x) => x.scheme === scheme.scheme);
      if (t === undefined) continue;
      for (const sc of t.scopes)
        if (!scheme.scopes.includes(sc))
          out.add({
            id: `${scope}-scope-added`,
            level: 'breaking',
            ...base,
            where: `security ${scheme.scheme}`,
            message: `Scope ${sc} of ${scheme.scheme} is now required.`,
            old: loc(oldSrc)!,
            new: loc(newSrc)!,
          });
      for (const sc of scheme.scopes)
        if (!t.scopes.includes(sc))
          out.add({
            id: `${scope}-scope-removed`,
            level: 'non-breaking',
            ...base,
            where: `security ${scheme.scheme}`,
            message: `Scope ${sc} of ${scheme.scheme} is no longer required.`,
            old: loc(oldSrc)!,
            new: loc(newSrc)!,
          });
    }
  }
}

const LEVEL_ORDER: Record<ChangeLevel, number> = { breaking: 0, 'non-breaking': 1, info: 2 };

export function diffModels(oldModel: ApiModel, newModel: ApiModel, options: DiffOptions = {}): DescriptionChange[] {
  const out = new Collector(options.maxChanges ?? 20_000);
  const differ = new ModelDiff(oldModel, newModel, out);
  const byEndpoint = (ops: Operation[]): Map<string, Operation> =>
    new Map(ops.map((op) => [normaliseEndpoint(op.method, op.path), op]));
  const oldOps = byEndpoint(oldModel.operations);
  const newOps = byEndpoint(newModel.operations);
  const newPaths = new Set(newModel.operations.map((op) => normaliseEndpoint('x', op.path)));
  for (const [k, o] of oldOps) {
    const n = newOps.get(k);
    const base = { operation: o.key, path: o.path, method: o.method.toUpperCase() };
    if (n === undefined) {
      const pathGone = !newPaths.has(normaliseEndpoint('x', o.path));
      const id = `${pathGone ? 'api-path' : 'api'}-removed-${o.deprecated ? 'with' : 'without'}-deprecation`;
      out.add({
        id,
        level: o.deprecated ? 'info' : 'breaking',
        ...base,
        message: `The operation ${o.key} was removed${o.deprecated ? ' (it was deprecated)' : ''}.`,
        old: loc(o.source)!,
      });
      continue;
    }
    differ.operation(o, n);
    const globalSame = JSON.stringify(oldModel.security) === JSON.stringify(newModel.security);
    const ownOld = JSON.stringify(o.security) !== JSON.stringify(oldModel.security);
    const ownNew = JSON.stringify(n.security) !== JSON.stringify(newModel.security);
    if (globalSame || ownOld || ownNew)
      diffSecurity(o.security, n.security, out, 'api-security', n, o.source, n.source);
  }
  for (const [k, n] of newOps) {
    if (!oldOps.has(k))
      out.add({
        id: 'endpoint-added',
        level: 'non-breaking',
        operation: n.key,
        path: n.path,
        method: n.method.toUpperCase(),
        message: `The operation ${n.key} was added.`,
        new: loc(n.source)!,
      });
  }
  // Webhooks.
  const oldHooks = new Map(oldModel.webhooks.map((w) => [w.key, w]));
  const newHooks = new Map(newModel.webhooks.map((w) => [w.key, w]));
  for (const [k, w] of oldHooks)
    if (!newHooks.has(k))
      out.add({
        id: 'webhook-removed',
        level: 'breaking',
        operation: k,
        message: `The webhook ${k} was removed.`,
        old: loc(w.source)!,
      });
  for (const [k, w] of newHooks)
    if (!oldHooks.has(k))
      out.add({
        id: 'webhook-added',
        level: 'non-breaking',
        operation: k,
        message: `The webhook ${k} was added.`,
        new: loc(w.source)!,
      });
  // Document-level security.
  diffSecurity(
    oldModel.security,
    newModel.security,
    out,
    'api-global-security',
    undefined,
    oldModel.source,
    newModel.source,
  );
  const oldSchemes = new Map(oldModel.authSchemes.map((s) => [s.key, s]));
  const newSchemes = new Map(newModel.authSchemes.map((s) => [s.key, s]));
  for (const [k, s] of oldSchemes) {
    const t = newSchemes.get(k);
    if (t === undefined)
      out.add({
        id: 'api-security-component-removed',
        level: 'info',
        where: `securitySchemes ${k}`,
        message: `Security scheme ${k} was removed.`,
        old: loc(s.source)!,
      });
    else if (t.type !== s.type)
      out.add({
        id: 'api-security-component-type-changed',
        level: 'breaking',
        where: `securitySchemes ${k}`,
        message: `Security scheme ${k} changed type from ${s.type} to ${t.type}.`,
        old: loc(s.source)!,
        new: loc(t.source)!,
      });
  }
  for (const [k, t] of newSchemes)
    if (!oldSchemes.has(k))
      out.add({
        id: 'api-security-component-added',
        level: 'info',
        where: `securitySchemes ${k}`,
        message: `Security scheme ${k} was added.`,
        new: loc(t.source)!,
      });
  if (out.truncated > 0)
    out.changes.push({
      id: 'report-truncated',
      level: 'info',
      message: `${out.truncated} more changes were left out of this report.`,
    });
  return out.changes.sort(
    (a, b) =>
      LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] ||
      (a.operation ?? '').localeCompare(b.operation ?? '') ||
      a.id.localeCompare(b.id),
  );
}

export function diffDescriptions(oldText: string, newText: string, options: DiffOptions = {}): DescriptionDiffReport {
  const timings: Record<string, number> = {};
  let t = performance.now();
  const lap = (name: string): void => {
    const now = performance.now();
    timings[name] = Math.round(now - t);
    t = now;
  };
  const problems: DescriptionProblem[] = [];
  const oldLoaded = loadModelForDiff(oldText, options.maxBytes);
  lap('old');
  const newLoaded = oldText === newText ? oldLoaded : loadModelForDiff(newText, options.maxBytes);
  lap('new');
  if (oldLoaded.problem !== undefined) problems.push({ document: 'old', ...oldLoaded.problem });
  if (newLoaded.problem !== undefined) problems.push({ document: 'new', ...newLoaded.problem });
  const changes =
    oldLoaded.model !== undefined && newLoaded.model !== undefined
      ? diffModels(oldLoaded.model, newLoaded.model, options)
      : [];
  lap('diff');
  return {
    kind: 'description_diff',
    ...(oldLoaded.model !== undefined ? { oldVersion: oldLoaded.model.info.version } : {}),
    ...(newLoaded.model !== undefined ? { newVersion: newLoaded.model.info.version } : {}),
    counts: {
      breaking: changes.filter((c) => c.level === 'breaking').length,
      nonBreaking: changes.filter((c) => c.level === 'non-breaking').length,
      info: changes.filter((c) => c.level === 'info').length,
      operationsOld: oldLoaded.model?.operations.length ?? 0,
      operationsNew: newLoaded.model?.operations.length ?? 0,
    },
    changes,
    problems,
    timings,
  };
}
