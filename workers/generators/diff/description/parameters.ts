// An operation's parameters, matched by place and name (path parameters by position, header names
// without case): removed, added, required or optional, how they are written on the wire, then
// their schemas.

import type { Operation, Parameter } from '../../model/types.ts';
import type { Ctx, Differ } from './differ.ts';
import { MESSAGES } from './messages.ts';
import { rawAt } from './raw.ts';
import { isSingleValue } from './schema-shape.ts';

/** The parameters of two matched operations; `base` is the operation's context. */
export function compareParameters(
  d: Differ,
  o: Operation,
  n: Operation,
  base: Omit<Ctx, 'scope' | 'dir' | 'where'>,
): void {
  const op = parametersOf(o);
  const np = parametersOf(n);
  const at = (p: Parameter): Ctx => ({
    ...base,
    scope: 'request-parameter',
    dir: 'request',
    where: `parameter ${p.in} ${p.name}`,
  });
  for (const [k, p] of op) {
    const q = np.get(k);
    const ctx = at(p);
    if (q === undefined) {
      d.emit(
        ctx,
        'removed',
        MESSAGES['parameter-removed'](p.in, p.name),
        p,
        undefined,
        p.deprecated ? 'request-parameter-removed-with-deprecation' : 'request-parameter-removed',
      );
      continue;
    }
    if (!p.required && q.required)
      d.emit(ctx, 'became-required', MESSAGES['parameter-became-required'](p.in, p.name), p, q);
    if (p.required && !q.required)
      d.emit(ctx, 'became-optional', MESSAGES['parameter-became-optional'](p.in, p.name), p, q);
    compareSerialization(d, p, q, ctx);
    d.compareSchema(p.schema, q.schema, ctx);
  }
  for (const [k, q] of np) {
    if (op.has(k)) continue;
    const ctx = at(q);
    if (q.in === 'path')
      d.emit(ctx, 'x', MESSAGES['new-request-path-parameter'](q.name), undefined, q, 'new-request-path-parameter');
    else if (q.required)
      d.emit(
        ctx,
        'x',
        MESSAGES['new-required-request-parameter'](q.in, q.name),
        o,
        q,
        'new-required-request-parameter',
      );
    else
      d.emit(
        ctx,
        'x',
        MESSAGES['new-optional-request-parameter'](q.in, q.name),
        undefined,
        q,
        'new-optional-request-parameter',
      );
  }
}

/** An operation's parameters by match key: `path#<position>`, else `<in>:<name>` (headers lower-cased). */
function parametersOf(op: Operation): Map<string, Parameter> {
  const m = new Map<string, Parameter>();
  for (const where of ['path', 'query', 'header', 'cookie'] as const) {
    op.parameters[where].forEach((p, i) =>
      m.set(where === 'path' ? `path#${i}` : `${where}:${where === 'header' ? p.name.toLowerCase() : p.name}`, p),
    );
  }
  return m;
}

/** How a parameter is written on the wire: style, explode, allowEmptyValue, allowReserved, content. */
function compareSerialization(d: Differ, p: Parameter, q: Parameter, ctx: Ctx): void {
  const what = `The ${p.in} parameter ${p.name}`;
  if (!p.deprecated && q.deprecated) d.emit(ctx, 'deprecated', MESSAGES['parameter-deprecated'](what), p, q);
  if (p.deprecated && !q.deprecated) d.emit(ctx, 'reactivated', MESSAGES['parameter-reactivated'](what), p, q);
  if (p.style !== q.style) d.emit(ctx, 'style-changed', MESSAGES['style-changed'](what, p.style, q.style), p, q);
  else if (p.explode !== q.explode) {
    const single = isSingleValue(d.resolve(d.newModel, q.schema).node);
    d.emit(
      ctx,
      'explode-changed',
      MESSAGES['explode-changed'](what, p.explode, q.explode, single),
      p,
      q,
      undefined,
      single ? 'potentially-breaking' : undefined,
    );
  }
  if (p.allowReserved !== q.allowReserved)
    d.emit(
      ctx,
      q.allowReserved ? 'allow-reserved-added' : 'allow-reserved-removed',
      MESSAGES['allow-reserved'](what, q.allowReserved),
      p,
      q,
    );
  if ((p.mediaType ?? '') !== (q.mediaType ?? ''))
    d.emit(
      ctx,
      'content-media-type-changed',
      MESSAGES['content-media-type-changed'](what, p.mediaType, q.mediaType),
      p,
      q,
      'request-parameter-content-media-type-changed',
    );
  const ra = rawAt(d.oldDoc, p.source.pointer)?.allowEmptyValue === true;
  const rb = rawAt(d.newDoc, q.source.pointer)?.allowEmptyValue === true;
  if (ra !== rb)
    d.emit(
      ctx,
      rb ? 'allow-empty-value-added' : 'allow-empty-value-removed',
      MESSAGES['allow-empty-value'](what, rb),
      p,
      q,
    );
}
