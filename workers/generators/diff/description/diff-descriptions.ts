// Description-to-description diff over the API model (refs resolved, 3.0 and 3.1 normalised).
// Each change gets an oasdiff-style id (`request-property-type-changed`), a level from the rule
// catalogue (rules.ts: breaking / potentially-breaking / non-breaking / info), oasdiff's rule id
// where one corresponds, and its location in both documents. Keywords the model does not carry are
// read from the parsed documents (raw.ts). Schemas are compared pairwise with a visited set of
// (old ref, new ref, direction), so circular references terminate.

import type {
  ApiModel,
  AuthScheme,
  MediaTypeContent,
  NamedSchema,
  Operation,
  Parameter,
  Response,
  SchemaNode,
  SecurityRequirement,
  SourceLocation,
} from '../../model/types.ts';
import { normaliseEndpoint } from '../sdk/build-surface.ts';
import { loadModelForDiff } from './load-model.ts';
import { indexKeywords, type KeywordIndex, rawAt, rawNumber, type RawDocument } from './raw.ts';
import { LEVEL_ORDER, levelOf, oasdiffIdOf } from './rules.ts';
import type { ChangeLevel, DescriptionChange, DescriptionDiffReport, DescriptionProblem } from '../types.ts';

type Direction = 'request' | 'response';

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

const HEADER_PROPERTY_IDS: Record<string, string> = {
  'request-property-became-required': 'request-header-property-became-required',
  'new-required-request-property': 'new-required-request-header-property',
  'request-parameter-property-became-enum': 'request-header-property-became-enum',
};

export interface DiffOptions {
  maxBytes?: number;
  /** Stop after this many changes (default 20 000); a summary change says how many were left out. */
  maxChanges?: number;
  /**
   * The parsed documents the models were built from. Keywords the model does not carry
   * (allowEmptyValue, minProperties, header explode, 3.1 `if`/`contains`/…) are read from them by
   * JSON pointer; without them those checks are skipped.
   */
  oldDocument?: RawDocument;
  newDocument?: RawDocument;
}

class Collector {
  readonly changes: DescriptionChange[] = [];
  truncated = 0;
  private readonly max: number;
  /** Level and oasdiff id by change id (a report repeats a few dozen ids many times). */
  private readonly rules = new Map<string, { level: ChangeLevel; oasdiff: string | undefined }>();
  constructor(max: number) {
    this.max = max;
  }
  /** The level is the catalogue's for the id unless the caller knows better (see rules.ts). */
  add(change: Omit<DescriptionChange, 'level'> & { level?: ChangeLevel }): void {
    if (this.changes.length >= this.max) {
      this.truncated++;
      return;
    }
    let rule = this.rules.get(change.id);
    if (rule === undefined) {
      rule = { level: levelOf(change.id), oasdiff: oasdiffIdOf(change.id) };
      this.rules.set(change.id, rule);
    }
    const oasdiff = rule.oasdiff;
    const level = change.level ?? rule.level;
    this.changes.push(oasdiff !== undefined ? { ...change, level, oasdiff } : { ...change, level });
  }
}

/** The oneOf/anyOf among an intersection's members (a schema with a sibling oneOf), if any. */
function unionMember(s: SchemaNode): SchemaNode | undefined {
  return s.kind === 'intersection' ? s.members.find((m) => m.kind === 'union') : undefined;
}

function loc(s: SourceLocation | undefined): SourceLocation | undefined {
  return s === undefined ? undefined : { pointer: s.pointer, line: s.line, column: s.column };
}

interface Ctx {
  op?: Operation;
  where: string;
  /** `request-body`, `request-parameter`, `response-body`, `response-header`; nested levels use the `-property` form. */
  scope: 'request-body' | 'request-parameter' | 'response-body' | 'response-header';
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
  if (ctx.scope === 'response-header')
    return nested ? `response-header-property-${suffix}` : `response-header-${suffix}`;
  return nested ? `response-property-${suffix}` : `response-body-${suffix}`;
}

class ModelDiff {
  private readonly visited = new Set<string>();
  private readonly oldModel: ApiModel;
  private readonly newModel: ApiModel;
  private readonly out: Collector;
  private readonly oldDoc: RawDocument | undefined;
  private readonly newDoc: RawDocument | undefined;
  /** A schema node's document object, by node identity (named schemas are met many times). */
  private readonly oldRaw = new WeakMap<SchemaNode, Record<string, unknown> | null>();
  private readonly newRaw = new WeakMap<SchemaNode, Record<string, unknown> | null>();
  private readonly signatures = new WeakMap<SchemaNode, string>();
  private oldIndex: KeywordIndex | undefined;
  private newIndex: KeywordIndex | undefined;

  private raw(
    cache: WeakMap<SchemaNode, Record<string, unknown> | null>,
    doc: RawDocument | undefined,
    node: SchemaNode,
  ): Record<string, unknown> | undefined {
    let hit = cache.get(node);
    if (hit === undefined) {
      hit = rawAt(doc, node.source.pointer) ?? null;
      cache.set(node, hit);
    }
    return hit ?? undefined;
  }
  constructor(oldModel: ApiModel, newModel: ApiModel, out: Collector, options: DiffOptions) {
    this.oldModel = oldModel;
    this.newModel = newModel;
    this.out = out;
    this.oldDoc = options.oldDocument;
    this.newDoc = options.newDocument;
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
    let id = idOverride ?? scopedId(ctx, suffix);
    // Inside an object-valued header parameter oasdiff names a few changes `request-header-property-…`.
    if (ctx.scope === 'request-parameter' && ctx.property !== '' && ctx.where.startsWith('parameter header '))
      id = HEADER_PROPERTY_IDS[id] ?? id;
    this.out.add({
      id,
      ...(levelOverride !== undefined ? { level: levelOverride } : {}),
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
          deprecated: boolean;
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
          deprecated: boolean;
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
          deprecated: p.deprecated || resolved.deprecated === true,
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
    } else if (os.kind === 'primitive' && ns.kind === 'primitive')
      this.compareFormat(os.format, ns.format, ctx, os, ns);

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
      this.bound(ctx, 'exclusive-max', oc.exclusiveMaximum, nc.exclusiveMaximum, 'upper', os, ns);
      this.bound(ctx, 'exclusive-min', oc.exclusiveMinimum, nc.exclusiveMinimum, 'lower', os, ns);
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

    // Keywords the model does not carry, read from the documents.
    this.compareRawKeywords(os, ns, ctx);

    // Composition.
    if (isTypeArray(os) || isTypeArray(ns)) this.compareTypeList(os, ns, ctx);
    else if (os.kind === 'union' || ns.kind === 'union') this.compareUnion(os, ns, ctx);
    else {
      // A schema with properties and a sibling oneOf/anyOf is modelled as an intersection of the
      // object and the union: its arms are compared like a union's.
      const ou = unionMember(os);
      const nu = unionMember(ns);
      if (ou !== undefined || nu !== undefined) this.compareUnion(ou ?? os, nu ?? ns, ctx);
    }
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

  /**
   * A format removed accepts more (a request generalizes; a response may send more, which oasdiff
   * does not flag); a format added or changed narrows a request and changes what a response sends.
   */
  private compareFormat(
    of: string | undefined,
    nf: string | undefined,
    ctx: Ctx,
    os: SchemaNode,
    ns: SchemaNode,
  ): void {
    if ((of ?? '') === (nf ?? '')) return;
    const message = `Format changed from ${of ?? '(none)'} to ${nf ?? '(none)'}.`;
    if (nf === undefined || nf === '') this.emit(ctx, 'type-generalized', message, os, ns);
    else if ((of === undefined || of === '') && ctx.dir === 'response')
      this.emit(ctx, 'type-specialized', message, os, ns);
    else this.emit(ctx, 'type-changed', message, os, ns);
  }

  /** The set of JSON types a node admits (3.1 `type: [a, b]`), for list-of-types changes. */
  private typeSet(s: SchemaNode): Set<string> {
    const out = new Set<string>();
    const variants = s.kind === 'union' ? s.variants : [s];
    for (const v of variants) {
      const t = this.typeOf(this.resolve(this.oldModel, v).node) ?? this.typeOf(v);
      if (t !== undefined) out.add(t);
    }
    if (s.nullable) out.add('null');
    return out;
  }

  private compareTypeList(os: SchemaNode, ns: SchemaNode, ctx: Ctx): void {
    const o = this.typeSet(os);
    const n = this.typeSet(ns);
    o.delete('null');
    n.delete('null');
    const removed = [...o].filter((t) => !n.has(t));
    const added = [...n].filter((t) => !o.has(t));
    if (removed.length > 0)
      this.emit(ctx, 'list-of-types-narrowed', `Types ${removed.join(', ')} are no longer allowed.`, os, ns);
    if (added.length > 0) this.emit(ctx, 'list-of-types-widened', `Types ${added.join(', ')} were added.`, os, ns);
  }

  /** 3.1 applicators and object-size keywords, compared on the documents' nodes. */
  private compareRawKeywords(os: SchemaNode, ns: SchemaNode, ctx: Ctx): void {
    if (this.oldDoc === undefined || this.newDoc === undefined) return;
    // The model carries most of what a schema says; a document node is read only where the one walk
    // of each document (indexKeywords) found a keyword the model leaves out, or, when the documents
    // share nodes (YAML aliases), for every pair but two modelled scalars when no rare keyword occurs.
    this.oldIndex ??= indexKeywords(this.oldDoc, RARE_KEYWORDS);
    this.newIndex ??= indexKeywords(this.newDoc, RARE_KEYWORDS);
    const op = this.oldIndex.pointers;
    const np = this.newIndex.pointers;
    if (op !== undefined && np !== undefined) {
      if (!op.has(os.source.pointer) && !np.has(ns.source.pointer)) return;
    } else {
      const modelled = (x: SchemaNode): boolean => x.kind === 'primitive' || x.kind === 'enum' || x.kind === 'literal';
      if (this.oldIndex.used.size + this.newIndex.used.size === 0 && modelled(os) && modelled(ns)) return;
    }
    const ro = this.raw(this.oldRaw, this.oldDoc, os);
    const rn = this.raw(this.newRaw, this.newDoc, ns);
    if (ro === undefined || rn === undefined) return;
    // Constraints written on a schema of another type (maximum on an array) still constrain.
    const num = (key: string): [number | undefined, number | undefined] => [rawNumber(ro, key), rawNumber(rn, key)];
    if (os.kind !== 'primitive' || ns.kind !== 'primitive') {
      this.bound(ctx, 'max', ...num('maximum'), 'upper', os, ns);
      this.bound(ctx, 'min', ...num('minimum'), 'lower', os, ns);
      this.bound(ctx, 'max-length', ...num('maxLength'), 'upper', os, ns);
      this.bound(ctx, 'min-length', ...num('minLength'), 'lower', os, ns);
    }
    if (os.kind !== 'primitive' || ns.kind !== 'primitive') {
      const fmt = (x: Record<string, unknown>): string | undefined =>
        typeof x.format === 'string' ? x.format : undefined;
      this.compareFormat(fmt(ro), fmt(rn), ctx, os, ns);
    }
    if (os.kind !== 'array' || ns.kind !== 'array') {
      this.bound(ctx, 'max-items', ...num('maxItems'), 'upper', os, ns);
      this.bound(ctx, 'min-items', ...num('minItems'), 'lower', os, ns);
    }
    this.bound(ctx, 'min-properties', rawNumber(ro, 'minProperties'), rawNumber(rn, 'minProperties'), 'lower', os, ns);
    this.bound(ctx, 'max-properties', rawNumber(ro, 'maxProperties'), rawNumber(rn, 'maxProperties'), 'upper', os, ns);
    let rare = false;
    for (const k in ro) if (RARE_KEYWORDS.has(k)) rare = true;
    for (const k in rn) if (RARE_KEYWORDS.has(k)) rare = true;
    if (!rare) return;
    this.bound(ctx, 'min-contains', rawNumber(ro, 'minContains'), rawNumber(rn, 'minContains'), 'lower', os, ns);
    this.bound(ctx, 'max-contains', rawNumber(ro, 'maxContains'), rawNumber(rn, 'maxContains'), 'upper', os, ns);
    const presence: [string, string][] = [
      ['if', 'if'],
      ['then', 'then'],
      ['else', 'else'],
      ['contains', 'contains'],
      ['propertyNames', 'property-names'],
      ['unevaluatedItems', 'unevaluated-items'],
      ['unevaluatedProperties', 'unevaluated-properties'],
      ['contentSchema', 'content-schema'],
    ];
    for (const [key, word] of presence) {
      const had = ro[key] !== undefined;
      const has = rn[key] !== undefined;
      if (had && !has) this.emit(ctx, `${word}-removed`, `\`${key}\` was removed.`, os, ns);
      else if (!had && has) this.emit(ctx, `${word}-added`, `\`${key}\` was added.`, os, ns);
    }
    for (const [key, word] of [
      ['contentMediaType', 'content-media-type'],
      ['contentEncoding', 'content-encoding'],
    ] as const) {
      if (ro[key] !== rn[key] && (typeof ro[key] === 'string' || typeof rn[key] === 'string'))
        this.emit(
          ctx,
          `${word}-changed`,
          `\`${key}\` changed from ${JSON.stringify(ro[key]) ?? '(none)'} to ${JSON.stringify(rn[key]) ?? '(none)'}.`,
          os,
          ns,
        );
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
        if (!a.has(k)) this.emit(ctx, `${word}-added`, `\`${key}\` ${k} was added.`, os, ns);
        else if (changed && a.get(k) !== v) this.emit(ctx, `${word}-changed`, `\`${key}\` ${k} changed.`, os, ns);
      }
      for (const k of a.keys())
        if (!b.has(k)) this.emit(ctx, `${word}-removed`, `\`${key}\` ${k} was removed.`, os, ns);
    }
    const xo = Array.isArray(ro['x-extensible-enum']) ? ro['x-extensible-enum'].map((v) => JSON.stringify(v)) : [];
    const xn = new Set(
      Array.isArray(rn['x-extensible-enum']) ? rn['x-extensible-enum'].map((v) => JSON.stringify(v)) : [],
    );
    if (xn.size > 0)
      for (const v of xo)
        if (!xn.has(v))
          this.emit(ctx, 'x-extensible-enum-value-removed', `x-extensible-enum value ${v} was removed.`, os, ns);
    const po = Array.isArray(ro.prefixItems) ? ro.prefixItems.length : 0;
    const pn = Array.isArray(rn.prefixItems) ? rn.prefixItems.length : 0;
    if (pn > po) this.emit(ctx, 'prefix-items-added', `${pn - po} prefixItems entr(y/ies) added.`, os, ns);
    if (po > pn) this.emit(ctx, 'prefix-items-removed', `${po - pn} prefixItems entr(y/ies) removed.`, os, ns);
  }

  /** A structural signature of an inline arm: its type, title, enum values or property names. */
  private signature(model: ApiModel, v: SchemaNode): string {
    const known = this.signatures.get(v);
    if (known !== undefined) return known;
    const sig = this.computeSignature(model, v);
    this.signatures.set(v, sig);
    return sig;
  }

  private computeSignature(model: ApiModel, v: SchemaNode): string {
    const r = this.resolve(model, v).node;
    const t = this.typeOf(r) ?? r.kind;
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
    if (r.kind === 'array') return `array:${this.signature(model, r.items)}`;
    return `${t}:${r.title ?? ''}`;
  }

  /**
   * oneOf / anyOf arms: matched by reference target, then by structural signature (an inline arm
   * moved to a component is the same arm), then the remaining ones of the same type pairwise; what
   * is left was added or removed. Matched arms are compared recursively.
   */
  private compareUnion(os: SchemaNode, ns: SchemaNode, ctx: Ctx): void {
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
        const k = key(this.newModel, nv[j]!);
        if (k === undefined) continue;
        const js = byKey.get(k);
        if (js === undefined) byKey.set(k, [j]);
        else js.push(j);
      }
      for (const i of [...restOld]) {
        const k = key(this.oldModel, ov[i]!);
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
    matchBy((m, s) => this.signature(m, s));
    matchBy((m, s) => {
      const r = this.resolve(m, s).node;
      // Inline objects of the same type, paired in order (an arm edited in place).
      return s.kind !== 'ref' && r.kind === 'object' ? 'inline-object' : undefined;
    });
    const label = kind === 'any-of' ? 'anyOf' : 'oneOf';
    // A body that became a oneOf whose arms include the old shape: oasdiff's wrapped-in-one-of.
    if (ctx.property === '' && os.kind !== 'union' && ns.kind === 'union' && ns.combinator === 'oneOf') {
      const wrapped =
        (oldIn(os) !== undefined && nv.some((v) => v.kind === 'ref' && v.target === oldIn(os))) ||
        nv.some((v) => this.signature(this.newModel, v) === this.signature(this.oldModel, os));
      if (wrapped) {
        this.emit(ctx, 'wrapped-in-one-of', `The body was wrapped in a oneOf of ${nv.length} arms.`, os, ns);
        return;
      }
    }
    if (restNew.size > 0) this.emit(ctx, `${kind}-added`, `${restNew.size} ${label} arm(s) added.`, os, ns);
    if (restOld.size > 0) this.emit(ctx, `${kind}-removed`, `${restOld.size} ${label} arm(s) removed.`, os, ns);
    for (const [s, t, name] of pairs)
      this.compareSchema(s, t, {
        ...ctx,
        property: ctx.property === '' ? `/${name}` : `${ctx.property}/${name}`,
        depth: ctx.depth + 1,
      });
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
    // Explicit entries are what the document says; implied ones (a variant's schema name) still
    // select a variant, so an explicit entry replaced by the same implied one changes nothing.
    const all = (d: typeof od): Map<string, { target: string; explicit: boolean }> =>
      new Map(d.mapping.map((m) => [m.value, { target: m.target, explicit: m.explicit }]));
    const om = all(od);
    const nm = all(nd);
    for (const [k, v] of nm) {
      const before = om.get(k);
      if (before === undefined) {
        if (v.explicit) this.emit(ctx, 'discriminator-mapping-added', `Discriminator value ${k} was added.`, os, ns);
      } else if (before.target !== v.target)
        this.emit(
          ctx,
          'discriminator-mapping-changed',
          `Discriminator value ${k} now selects ${v.target} (was ${before.target}).`,
          os,
          ns,
        );
    }
    for (const [k, v] of om)
      if (!nm.has(k) && v.explicit)
        this.emit(ctx, 'discriminator-mapping-deleted', `Discriminator value ${k} was removed.`, os, ns);
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
          );
        else if (o.required)
          this.emit(
            c,
            'required-property-removed',
            `Required response property ${c.property} was removed.`,
            o,
            undefined,
            'response-required-property-removed',
          );
        else
          this.emit(
            c,
            'optional-property-removed',
            `Optional response property ${c.property} was removed.`,
            o,
            undefined,
            'response-optional-property-removed',
          );
        continue;
      }
      // readOnly / writeOnly: a request property that became read-only is ignored or refused when
      // sent; a response property that became write-only is no longer returned.
      const req = n.required ? 'required' : 'optional';
      for (const [flag, word] of [
        ['readOnly', 'read-only'],
        ['writeOnly', 'write-only'],
      ] as const) {
        if (o[flag] === n[flag]) continue;
        this.emit(
          c,
          'x',
          `${ctx.dir === 'request' ? 'Request' : 'Response'} property ${c.property} ${n[flag] ? 'became' : 'is no longer'} ${flag}.`,
          o,
          n,
          `${ctx.dir}-${req}-property-became-${n[flag] ? '' : 'not-'}${word}`,
        );
      }
      // A property hidden in this direction on either side is not seen by clients there: only the
      // readOnly/writeOnly change above is reported.
      if (hidden(o) || hidden(n)) continue;
      if (!o.deprecated && n.deprecated && !hidden(n))
        this.emit(c, 'deprecated', `Property ${c.property} was deprecated.`, o, n, `${ctx.dir}-property-deprecated`);
      if (o.deprecated && !n.deprecated && !hidden(n))
        this.emit(
          c,
          'reactivated',
          `Property ${c.property} is no longer deprecated.`,
          o,
          n,
          `${ctx.dir}-property-reactivated`,
        );
      if (!hidden(n)) {
        if (ctx.dir === 'request' && !o.required && n.required)
          this.emit(
            c,
            'became-required',
            `Request property ${c.property} became required${n.hasDefault ? ' (it has a default)' : ''}.`,
            o,
            n,
            n.hasDefault ? 'request-property-became-required-with-default' : 'request-property-became-required',
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
          );
        else if (n.required)
          this.emit(c, 'x', `New required request property ${c.property}.`, os, n, 'new-required-request-property');
        else
          this.emit(
            c,
            'x',
            `New optional request property ${c.property}.`,
            undefined,
            n,
            'new-optional-request-property',
          );
      } else {
        this.emit(
          c,
          'x',
          `New ${n.required ? 'required' : 'optional'} response property ${c.property}.`,
          undefined,
          n,
          n.required ? 'response-required-property-added' : 'response-optional-property-added',
        );
      }
    }
    void ns;
  }

  // -----------------------------------------------------------------------------------------
  // Operations
  // -----------------------------------------------------------------------------------------

  /** How a parameter is written on the wire: style, explode, allowEmptyValue, allowReserved, content. */
  private parameterSerialization(p: Parameter, q: Parameter, ctx: Ctx): void {
    const what = `The ${p.in} parameter ${p.name}`;
    if (!p.deprecated && q.deprecated) this.emit(ctx, 'deprecated', `${what} was deprecated.`, p, q);
    if (p.deprecated && !q.deprecated) this.emit(ctx, 'reactivated', `${what} is no longer deprecated.`, p, q);
    if (p.style !== q.style)
      this.emit(ctx, 'style-changed', `${what}: style changed from ${p.style} to ${q.style}.`, p, q);
    else if (p.explode !== q.explode) {
      const r = this.resolve(this.newModel, q.schema).node;
      const single = r.kind === 'primitive' || r.kind === 'enum' || r.kind === 'literal';
      this.emit(
        ctx,
        'explode-changed',
        `${what}: explode changed from ${p.explode} to ${q.explode}${single ? ' (a single value is written the same way)' : ''}.`,
        p,
        q,
        undefined,
        single ? 'potentially-breaking' : undefined,
      );
    }
    if (p.allowReserved !== q.allowReserved)
      this.emit(
        ctx,
        q.allowReserved ? 'allow-reserved-added' : 'allow-reserved-removed',
        `${what}: allowReserved changed to ${q.allowReserved}.`,
        p,
        q,
      );
    if ((p.mediaType ?? '') !== (q.mediaType ?? ''))
      this.emit(
        ctx,
        'content-media-type-changed',
        `${what}: content media type changed from ${p.mediaType ?? '(schema)'} to ${q.mediaType ?? '(schema)'}.`,
        p,
        q,
        'request-parameter-content-media-type-changed',
      );
    const ra = rawAt(this.oldDoc, p.source.pointer)?.allowEmptyValue === true;
    const rb = rawAt(this.newDoc, q.source.pointer)?.allowEmptyValue === true;
    if (ra !== rb)
      this.emit(
        ctx,
        rb ? 'allow-empty-value-added' : 'allow-empty-value-removed',
        `${what}: allowEmptyValue changed to ${rb}.`,
        p,
        q,
      );
  }

  /** Response headers, by case-insensitive name. */
  private headers(r: Response, s: Response, ctx: Ctx): void {
    const o = new Map(r.headers.map((h) => [h.name.toLowerCase(), h]));
    const n = new Map(s.headers.map((h) => [h.name.toLowerCase(), h]));
    for (const [k, h] of o) {
      const g = n.get(k);
      const hctx: Ctx = { ...ctx, scope: 'response-header', where: `${ctx.where} header ${h.name}` };
      if (g === undefined) {
        this.emit(
          hctx,
          'x',
          `The ${h.required ? 'required' : 'optional'} response header ${h.name} was removed.`,
          h,
          undefined,
          h.required ? 'required-response-header-removed' : 'optional-response-header-removed',
        );
        continue;
      }
      if (h.required && !g.required)
        this.emit(hctx, 'became-optional', `The response header ${h.name} became optional.`, h, g);
      if (!h.required && g.required)
        this.emit(hctx, 'became-required', `The response header ${h.name} became required.`, h, g);
      const ra = rawAt(this.oldDoc, h.source.pointer);
      const rb = rawAt(this.newDoc, g.source.pointer);
      if (ra !== undefined && rb !== undefined) {
        const style = (x: Record<string, unknown>): string => (typeof x.style === 'string' ? x.style : 'simple');
        const explode = (x: Record<string, unknown>): boolean => x.explode === true;
        if (style(ra) !== style(rb))
          this.emit(hctx, 'style-changed', `The response header ${h.name}: style changed.`, h, g);
        if (explode(ra) !== explode(rb)) {
          const t = this.resolve(this.newModel, g.schema).node;
          const single = t.kind === 'primitive' || t.kind === 'enum' || t.kind === 'literal';
          this.emit(
            hctx,
            'explode-changed',
            `The response header ${h.name}: explode changed to ${explode(rb)}${single ? ' (a single value is written the same way)' : ''}.`,
            h,
            g,
            undefined,
            single ? 'potentially-breaking' : undefined,
          );
        }
      }
      this.compareSchema(h.schema, g.schema, hctx);
    }
    for (const [k, g] of n)
      if (!o.has(k))
        this.emit(
          { ...ctx, scope: 'response-header', where: `${ctx.where} header ${g.name}` },
          'added',
          `The response header ${g.name} was added.`,
          undefined,
          g,
        );
  }

  operation(o: Operation, n: Operation): void {
    const base = { op: n, depth: 0, property: '', oldPath: o.path };
    if (!o.deprecated && n.deprecated)
      this.out.add({
        id: 'endpoint-deprecated',
        operation: n.key,
        path: n.path,
        method: n.method.toUpperCase(),
        message: 'The operation was deprecated.',
        old: loc(o.source)!,
        new: loc(n.source)!,
      });
    if (o.deprecated && !n.deprecated)
      this.out.add({
        id: 'endpoint-reactivated',
        operation: n.key,
        path: n.path,
        method: n.method.toUpperCase(),
        message: 'The operation is no longer deprecated.',
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
        );
        continue;
      }
      if (!p.required && q.required)
        this.emit(ctx, 'became-required', `The ${p.in} parameter ${p.name} became required.`, p, q);
      if (p.required && !q.required)
        this.emit(ctx, 'became-optional', `The ${p.in} parameter ${p.name} became optional.`, p, q);
      this.parameterSerialization(p, q, ctx);
      this.compareSchema(p.schema, q.schema, ctx);
    }
    for (const [k, q] of np) {
      if (op.has(k)) continue;
      const ctx: Ctx = { ...base, scope: 'request-parameter', dir: 'request', where: `parameter ${q.in} ${q.name}` };
      if (q.in === 'path')
        this.emit(ctx, 'x', `New path parameter ${q.name}.`, undefined, q, 'new-request-path-parameter');
      else if (q.required)
        this.emit(ctx, 'x', `New required ${q.in} parameter ${q.name}.`, o, q, 'new-required-request-parameter');
      else
        this.emit(
          ctx,
          'x',
          `New optional ${q.in} parameter ${q.name}.`,
          undefined,
          q,
          'new-optional-request-parameter',
        );
    }
    // Request body.
    const ob = o.requestBody;
    const nb = n.requestBody;
    const bodyCtx: Ctx = { ...base, scope: 'request-body', dir: 'request', where: 'request body' };
    if (ob !== undefined && nb === undefined)
      this.emit(bodyCtx, 'removed', 'The request body was removed.', ob, undefined, 'request-body-removed');
    else if (ob === undefined && nb !== undefined)
      this.emit(
        bodyCtx,
        'x',
        `A ${nb.required ? 'required' : 'optional'} request body was added.`,
        o,
        nb,
        nb.required ? 'request-body-added-required' : 'request-body-added-optional',
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
        );
        continue;
      }
      this.media(r.content, s.content, ctx, 'response-media-type');
      this.headers(r, s, ctx);
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
      );
    }
  }

  private media(om: MediaTypeContent[], nm: MediaTypeContent[], ctx: Ctx, prefix: string): void {
    const key = (m: MediaTypeContent): string => m.mediaType.split(';')[0]!.trim().toLowerCase();
    const o = new Map(om.map((m) => [key(m), m]));
    const n = new Map(nm.map((m) => [key(m), m]));
    // A response media type renamed to a related one (`application/json` ↔ `application/problem+json`)
    // is one media type changed, as oasdiff pairs them: generalized (clients that parsed the specific
    // type get a more general one) or specialized (still parseable as the old type).
    const renamed = new Map<string, string>();
    if (ctx.dir === 'response')
      for (const k of n.keys()) {
        if (o.has(k)) continue;
        const from = [...o.keys()].find((ok) => !n.has(ok) && !renamed.has(ok) && mediaTypesRelated(ok, k));
        if (from !== undefined) renamed.set(from, k);
      }
    const pairedNew = new Set(renamed.values());
    for (const [k, m] of o) {
      const renamedTo = renamed.get(k);
      const tk = renamedTo ?? k;
      const t = n.get(tk);
      const where = `${ctx.where} ${tk}`;
      if (t === undefined) {
        this.emit(
          { ...ctx, where: `${ctx.where} ${k}` },
          'media-type-removed',
          `Media type ${k} was removed.`,
          m,
          undefined,
          `${prefix}-removed`,
        );
        continue;
      }
      if (renamedTo !== undefined) {
        const specialized = mediaTypeContains(k, renamedTo);
        this.emit(
          { ...ctx, where },
          'x',
          `Media type ${k} became ${renamedTo}, ${specialized ? 'a more specific' : 'a more general'} media type.`,
          m,
          t,
          `response-media-type-name-${specialized ? 'specialized' : 'generalized'}`,
        );
      } else if (ctx.dir === 'response' && m.mediaType.trim() !== t.mediaType.trim()) {
        this.emit(
          { ...ctx, where },
          'x',
          `Media type ${m.mediaType.trim()} became ${t.mediaType.trim()} (its parameters changed).`,
          m,
          t,
          'response-media-type-name-changed',
        );
      }
      const had = rawAt(this.oldDoc, m.source.pointer);
      const has = rawAt(this.newDoc, t.source.pointer);
      if (had !== undefined && has !== undefined && (had.schema === undefined) !== (has.schema === undefined)) {
        const side = ctx.dir === 'request' ? 'request-body' : 'response-body';
        this.emit(
          { ...ctx, where },
          'x',
          `The schema of ${tk} was ${has.schema === undefined ? 'removed' : 'added'}.`,
          m,
          t,
          `${side}-media-type-schema-${has.schema === undefined ? 'removed' : 'added'}`,
        );
        continue;
      }
      this.compareSchema(m.schema, t.schema, { ...ctx, where });
    }
    for (const [k, t] of n)
      if (!o.has(k) && !pairedNew.has(k))
        this.emit(
          { ...ctx, where: `${ctx.where} ${k}` },
          'media-type-added',
          `Media type ${k} was added.`,
          undefined,
          t,
          `${prefix}-added`,
        );
  }
}

/** `type/subtype+suffix` of a media type without parameters, or undefined when it is not one. */
function mediaTypeParts(name: string): { type: string; subtype: string; suffix: string } | undefined {
  const m = /^([^/\s]+)\/([^+\s]+)(?:\+([^+\s]+))?$/.exec(name);
  return m === null ? undefined : { type: m[1]!, subtype: m[2]!, suffix: m[3] ?? '' };
}

/**
 * Whether `specific` is `general` or a refinement of it: the same type, and either the same
 * subtype and suffix, or `general` has no suffix and `specific`'s suffix is its subtype
 * (`application/json` contains `application/problem+json`). The relation oasdiff uses.
 */
function mediaTypeContains(general: string, specific: string): boolean {
  const g = mediaTypeParts(general);
  const s = mediaTypeParts(specific);
  if (g === undefined || s === undefined || g.type !== s.type) return false;
  if (g.suffix === '' && s.suffix !== '' && s.suffix === g.subtype) return true;
  return g.subtype === s.subtype && g.suffix === s.suffix;
}

function mediaTypesRelated(a: string, b: string): boolean {
  return mediaTypeContains(a, b) || mediaTypeContains(b, a);
}

function oliteralOrConst(s: SchemaNode): boolean {
  return s.kind === 'literal';
}
const nliteralOrConst = oliteralOrConst;

/** The named schema a resolved node came from, when its pointer is a component's. */
function oldIn(s: SchemaNode): string | undefined {
  const m = /^\/components\/schemas\/([^/]+)$/.exec(s.source.pointer);
  return m === null ? undefined : m[1]!.replace(/~1/g, '/').replace(/~0/g, '~');
}

function isTypeArray(s: SchemaNode): boolean {
  return s.kind === 'union' && s.combinator === 'typeArray';
}

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
  // A requirement a client meets is still met by a new one asking for no scheme or scope more.
  const stillMet = (r: SecurityRequirement): boolean =>
    newReqs.some((q) =>
      q.schemes.every((x) => {
        const had = r.schemes.find((y) => y.scheme === x.scheme);
        return had !== undefined && x.scopes.every((sc) => had.scopes.includes(sc));
      }),
    );
  for (const [k, r] of o) {
    if (n.has(k) || newReqs.length === 0) continue;
    out.add({
      id: `${scope}-removed`,
      // Clients of the removed requirement are refused unless a new requirement (or none) still lets them in.
      ...(stillMet(r) ? { level: 'non-breaking' as const } : {}),
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
            ...base,
            where: `security ${scheme.scheme}`,
            message: `Scope ${sc} of ${scheme.scheme} is no longer required.`,
            old: loc(oldSrc)!,
            new: loc(newSrc)!,
          });
    }
  }
}

/** Two schemes of the same type under one key: what a client sends, and where it gets tokens. */
function diffSecurityScheme(s: AuthScheme, t: AuthScheme, out: Collector): void {
  const add = (id: string, message: string): void =>
    out.add({
      id,
      where: `securitySchemes ${s.key}`,
      message: `Security scheme ${s.key}: ${message}`,
      old: loc(s.source)!,
      new: loc(t.source)!,
    });
  const changed = (a: string | undefined, b: string | undefined): boolean => (a ?? '') !== (b ?? '');
  const show = (x: string | undefined): string => (x === undefined || x === '' ? '(none)' : x);
  if (s.type === 'http' && t.type === 'http') {
    if (s.scheme !== t.scheme)
      add('api-security-component-scheme-changed', `scheme changed from ${s.scheme} to ${t.scheme}.`);
    else if (changed(s.bearerFormat, t.bearerFormat))
      add(
        'api-security-component-bearer-format-changed',
        `bearerFormat changed from ${show(s.bearerFormat)} to ${show(t.bearerFormat)}.`,
      );
  } else if (s.type === 'apiKey' && t.type === 'apiKey') {
    if (s.in !== t.in) add('api-security-component-in-changed', `the key moved from ${s.in} to ${t.in}.`);
    if (s.paramName !== t.paramName)
      add('api-security-component-name-changed', `the key's name changed from ${s.paramName} to ${t.paramName}.`);
  } else if (s.type === 'openIdConnect' && t.type === 'openIdConnect') {
    if (s.openIdConnectUrl !== t.openIdConnectUrl)
      add(
        'api-security-component-open-id-connect-url-changed',
        `openIdConnectUrl changed from ${s.openIdConnectUrl} to ${t.openIdConnectUrl}.`,
      );
  } else if (s.type === 'oauth2' && t.type === 'oauth2') {
    const of = new Map(s.flows.map((f) => [f.flow, f]));
    const nf = new Map(t.flows.map((f) => [f.flow, f]));
    for (const [name, f] of of) {
      const g = nf.get(name);
      if (g === undefined) {
        add('api-security-component-oauth-flow-removed', `the ${name} flow was removed.`);
        continue;
      }
      if (changed(f.authorizationUrl, g.authorizationUrl))
        add(
          'api-security-component-oauth-url-changed',
          `${name} authorizationUrl changed from ${show(f.authorizationUrl)} to ${show(g.authorizationUrl)}.`,
        );
      if (changed(f.tokenUrl, g.tokenUrl))
        add(
          'api-security-component-oauth-token-url-changed',
          `${name} tokenUrl changed from ${show(f.tokenUrl)} to ${show(g.tokenUrl)}.`,
        );
      if (changed(f.refreshUrl, g.refreshUrl))
        add(
          'api-security-component-oauth-refresh-url-changed',
          `${name} refreshUrl changed from ${show(f.refreshUrl)} to ${show(g.refreshUrl)}.`,
        );
      const os = new Set(f.scopes.map((x) => x.name));
      const ns = new Set(g.scopes.map((x) => x.name));
      for (const x of os)
        if (!ns.has(x)) add('api-security-component-oauth-scope-removed', `${name} scope ${x} was removed.`);
      for (const x of ns)
        if (!os.has(x)) add('api-security-component-oauth-scope-added', `${name} scope ${x} was added.`);
    }
    for (const name of nf.keys())
      if (!of.has(name)) add('api-security-component-oauth-flow-added', `the ${name} flow was added.`);
  }
}

export function diffModels(oldModel: ApiModel, newModel: ApiModel, options: DiffOptions = {}): DescriptionChange[] {
  const out = new Collector(options.maxChanges ?? 20_000);
  const differ = new ModelDiff(oldModel, newModel, out, options);
  const byEndpoint = (ops: Operation[]): Map<string, Operation> =>
    new Map(ops.map((op) => [normaliseEndpoint(op.method, op.path), op]));
  const oldOps = byEndpoint(oldModel.operations);
  const newOps = byEndpoint(newModel.operations);
  const newPaths = new Set(newModel.operations.map((op) => normaliseEndpoint('x', op.path)));
  const oldGlobal = JSON.stringify(oldModel.security);
  const newGlobal = JSON.stringify(newModel.security);
  const globalSame = oldGlobal === newGlobal;
  for (const [k, o] of oldOps) {
    const n = newOps.get(k);
    const base = { operation: o.key, path: o.path, method: o.method.toUpperCase() };
    if (n === undefined) {
      const pathGone = !newPaths.has(normaliseEndpoint('x', o.path));
      const id = `${pathGone ? 'api-path' : 'api'}-removed-${o.deprecated ? 'with' : 'without'}-deprecation`;
      out.add({
        id,
        ...base,
        message: `The operation ${o.key} was removed${o.deprecated ? ' (it was deprecated)' : ''}.`,
        old: loc(o.source)!,
      });
      continue;
    }
    differ.operation(o, n);
    const ownOld = JSON.stringify(o.security) !== oldGlobal;
    const ownNew = JSON.stringify(n.security) !== newGlobal;
    if (globalSame || ownOld || ownNew)
      diffSecurity(o.security, n.security, out, 'api-security', n, o.source, n.source);
  }
  for (const [k, n] of newOps) {
    if (!oldOps.has(k))
      out.add({
        id: 'endpoint-added',
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
        operation: k,
        message: `The webhook ${k} was removed.`,
        old: loc(w.source)!,
      });
  for (const [k, w] of newHooks)
    if (!oldHooks.has(k))
      out.add({
        id: 'webhook-added',
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
        where: `securitySchemes ${k}`,
        message: `Security scheme ${k} was removed.`,
        old: loc(s.source)!,
      });
    else if (t.type !== s.type)
      out.add({
        id: 'api-security-component-type-changed',
        where: `securitySchemes ${k}`,
        message: `Security scheme ${k} changed type from ${s.type} to ${t.type}.`,
        old: loc(s.source)!,
        new: loc(t.source)!,
      });
    else diffSecurityScheme(s, t, out);
  }
  for (const [k, t] of newSchemes)
    if (!oldSchemes.has(k))
      out.add({
        id: 'api-security-component-added',
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
  // One collator for the sort (what localeCompare uses, without building one per comparison).
  const compare = new Intl.Collator().compare;
  return out.changes.sort(
    (a, b) =>
      LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] ||
      compare(a.operation ?? '', b.operation ?? '') ||
      compare(a.id, b.id),
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
      ? diffModels(oldLoaded.model, newLoaded.model, {
          ...options,
          oldDocument: oldLoaded.document,
          newDocument: newLoaded.document,
        })
      : [];
  lap('diff');
  return {
    kind: 'description_diff',
    ...(oldLoaded.model !== undefined ? { oldVersion: oldLoaded.model.info.version } : {}),
    ...(newLoaded.model !== undefined ? { newVersion: newLoaded.model.info.version } : {}),
    counts: {
      breaking: changes.filter((c) => c.level === 'breaking').length,
      potentiallyBreaking: changes.filter((c) => c.level === 'potentially-breaking').length,
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
