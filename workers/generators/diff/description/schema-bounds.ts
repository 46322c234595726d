// Bounds (maximum, minLength, maxItems, minProperties, …) and formats of a schema: what a bound
// set, unset, raised or lowered, or a format added, removed or changed, does to clients.

import type { SchemaNode } from '../../model/types.ts';
import type { Ctx, Differ } from './differ.ts';
import { MESSAGES } from './messages.ts';

/** One bound: `<name>-set`, `-unset`, `-increased` or `-decreased`. */
export function compareBound(
  d: Differ,
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
  d.emit(ctx, suffix, MESSAGES.bound(name, o, n), os, ns);
}

/**
 * A format removed accepts more (a request generalizes; a response may send more, which oasdiff
 * does not flag); a format added or changed narrows a request and changes what a response sends.
 */
export function compareFormat(
  d: Differ,
  of: string | undefined,
  nf: string | undefined,
  ctx: Ctx,
  os: SchemaNode,
  ns: SchemaNode,
): void {
  if ((of ?? '') === (nf ?? '')) return;
  const message = MESSAGES['format-changed'](of, nf);
  if (nf === undefined || nf === '') d.emit(ctx, 'type-generalized', message, os, ns);
  else if ((of === undefined || of === '') && ctx.dir === 'response') d.emit(ctx, 'type-specialized', message, os, ns);
  else d.emit(ctx, 'type-changed', message, os, ns);
}
