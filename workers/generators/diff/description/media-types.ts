// The media types of a request body or a response, by name without parameters: removed, added,
// renamed to a related one (`application/json` ↔ `application/problem+json`), a schema added or
// removed, then their schemas.

import type { MediaTypeContent } from '../../model/types.ts';
import type { Ctx, Differ } from './differ.ts';
import { MESSAGES } from './messages.ts';
import { rawAt } from './raw.ts';

/** `prefix` is `request-body-media-type` or `response-media-type`, the start of the ids it emits. */
export function compareMediaTypes(
  d: Differ,
  om: MediaTypeContent[],
  nm: MediaTypeContent[],
  ctx: Ctx,
  prefix: string,
): void {
  const key = (m: MediaTypeContent): string => m.mediaType.split(';')[0]!.trim().toLowerCase();
  const o = new Map(om.map((m) => [key(m), m]));
  const n = new Map(nm.map((m) => [key(m), m]));
  const renamed = ctx.dir === 'response' ? renamedMediaTypes(o, n) : new Map<string, string>();
  const pairedNew = new Set(renamed.values());
  /** A media type only one side has. */
  const present = (k: string, m: MediaTypeContent, change: 'removed' | 'added'): void =>
    d.emit(
      { ...ctx, where: `${ctx.where} ${k}` },
      `media-type-${change}`,
      MESSAGES[`media-type-${change}`](k),
      change === 'removed' ? m : undefined,
      change === 'added' ? m : undefined,
      `${prefix}-${change}`,
    );
  for (const [k, m] of o) {
    const renamedTo = renamed.get(k);
    const tk = renamedTo ?? k;
    const t = n.get(tk);
    const where = `${ctx.where} ${tk}`;
    if (t === undefined) {
      present(k, m, 'removed');
      continue;
    }
    if (renamedTo !== undefined) {
      const specialized = mediaTypeContains(k, renamedTo);
      d.emit(
        { ...ctx, where },
        'x',
        MESSAGES['media-type-name-related'](k, renamedTo, specialized),
        m,
        t,
        `response-media-type-name-${specialized ? 'specialized' : 'generalized'}`,
      );
    } else if (ctx.dir === 'response' && m.mediaType.trim() !== t.mediaType.trim()) {
      d.emit(
        { ...ctx, where },
        'x',
        MESSAGES['media-type-name-changed'](m.mediaType.trim(), t.mediaType.trim()),
        m,
        t,
        'response-media-type-name-changed',
      );
    }
    const had = rawAt(d.oldDoc, m.source.pointer);
    const has = rawAt(d.newDoc, t.source.pointer);
    if (had !== undefined && has !== undefined && (had.schema === undefined) !== (has.schema === undefined)) {
      const side = ctx.dir === 'request' ? 'request-body' : 'response-body';
      const removed = has.schema === undefined;
      d.emit(
        { ...ctx, where },
        'x',
        MESSAGES['media-type-schema'](tk, removed),
        m,
        t,
        `${side}-media-type-schema-${removed ? 'removed' : 'added'}`,
      );
      continue;
    }
    d.compareSchema(m.schema, t.schema, { ...ctx, where });
  }
  for (const [k, t] of n) if (!o.has(k) && !pairedNew.has(k)) present(k, t, 'added');
}

/**
 * A response media type renamed to a related one (`application/json` ↔ `application/problem+json`)
 * is one media type changed, as oasdiff pairs them: generalized (clients that parsed the specific
 * type get a more general one) or specialized (still parseable as the old type). Old name → new.
 */
function renamedMediaTypes(o: Map<string, unknown>, n: Map<string, unknown>): Map<string, string> {
  const renamed = new Map<string, string>();
  for (const k of n.keys()) {
    if (o.has(k)) continue;
    const from = [...o.keys()].find((ok) => !n.has(ok) && !renamed.has(ok) && mediaTypesRelated(ok, k));
    if (from !== undefined) renamed.set(from, k);
  }
  return renamed;
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
