// What every check of the description diff shares: the two models and documents, where changes go,
// the caches, and the three things every check does (resolve a ref, read a document node, emit a
// change). Checks are free functions over a `Differ`, one file per object they compare; the only
// one they call back is `compareSchema` (schemas.ts implements it), so no two check files import
// each other in a circle.

import type { ApiModel, NamedSchema, Operation, SchemaNode, SourceLocation } from '../../model/types.ts';
import type { ChangeLevel } from '../types.ts';
import type { Collector } from './collector.ts';
import { type KeywordIndex, rawAt, type RawDocument } from './raw.ts';

export type Direction = 'request' | 'response';

/** Where a check is in the two documents, and how its change ids are spelled. */
export interface Ctx {
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

/** The change id of a check that runs at several places: `suffix` under the context's scope. */
export function scopedId(ctx: Ctx, suffix: string): string {
  const nested = ctx.property !== '';
  if (ctx.scope === 'request-parameter')
    return nested ? `request-parameter-property-${suffix}` : `request-parameter-${suffix}`;
  if (ctx.scope === 'request-body') return nested ? `request-property-${suffix}` : `request-body-${suffix}`;
  if (ctx.scope === 'response-header')
    return nested ? `response-header-property-${suffix}` : `response-header-${suffix}`;
  return nested ? `response-property-${suffix}` : `response-body-${suffix}`;
}

export function loc(s: SourceLocation | undefined): SourceLocation | undefined {
  return s === undefined ? undefined : { pointer: s.pointer, line: s.line, column: s.column };
}

const HEADER_PROPERTY_IDS: Record<string, string> = {
  'request-property-became-required': 'request-header-property-became-required',
  'new-required-request-property': 'new-required-request-header-property',
  'request-parameter-property-became-enum': 'request-header-property-became-enum',
};

export abstract class Differ {
  /** Schema pairs already compared: (old ref, new ref, direction, scope, operation). */
  readonly visited = new Set<string>();
  readonly oldModel: ApiModel;
  readonly newModel: ApiModel;
  readonly out: Collector;
  readonly oldDoc: RawDocument | undefined;
  readonly newDoc: RawDocument | undefined;
  /** A schema node's document object, by node identity (named schemas are met many times). */
  readonly oldRaw = new WeakMap<SchemaNode, Record<string, unknown> | null>();
  readonly newRaw = new WeakMap<SchemaNode, Record<string, unknown> | null>();
  readonly signatures = new WeakMap<SchemaNode, string>();
  oldIndex: KeywordIndex | undefined;
  newIndex: KeywordIndex | undefined;

  constructor(oldModel: ApiModel, newModel: ApiModel, out: Collector, options: DiffOptions) {
    this.oldModel = oldModel;
    this.newModel = newModel;
    this.out = out;
    this.oldDoc = options.oldDocument;
    this.newDoc = options.newDocument;
  }

  /** Compares two schemas at `ctx`, recursively (schemas.ts). */
  abstract compareSchema(oldIn: SchemaNode, newIn: SchemaNode, ctx: Ctx): void;

  raw(
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

  resolve(model: ApiModel, node: SchemaNode): { node: SchemaNode; named?: NamedSchema } {
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

  emit(
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
}
