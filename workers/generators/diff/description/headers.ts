// A response's headers, by case-insensitive name: removed, added, required or optional, style and
// explode (read from the documents), then their schemas.

import type { Response } from '../../model/types.ts';
import type { Ctx, Differ } from './differ.ts';
import { MESSAGES } from './messages.ts';
import { rawAt } from './raw.ts';
import { isSingleValue } from './schema-shape.ts';

/** The headers of two matched responses; `ctx` is the response's. */
export function compareHeaders(d: Differ, r: Response, s: Response, ctx: Ctx): void {
  const o = new Map(r.headers.map((h) => [h.name.toLowerCase(), h]));
  const n = new Map(s.headers.map((h) => [h.name.toLowerCase(), h]));
  for (const [k, h] of o) {
    const g = n.get(k);
    const hctx: Ctx = { ...ctx, scope: 'response-header', where: `${ctx.where} header ${h.name}` };
    if (g === undefined) {
      d.emit(
        hctx,
        'x',
        MESSAGES['response-header-removed'](h.name, h.required),
        h,
        undefined,
        h.required ? 'required-response-header-removed' : 'optional-response-header-removed',
      );
      continue;
    }
    if (h.required && !g.required)
      d.emit(hctx, 'became-optional', MESSAGES['response-header-became-optional'](h.name), h, g);
    if (!h.required && g.required)
      d.emit(hctx, 'became-required', MESSAGES['response-header-became-required'](h.name), h, g);
    const ra = rawAt(d.oldDoc, h.source.pointer);
    const rb = rawAt(d.newDoc, g.source.pointer);
    if (ra !== undefined && rb !== undefined) {
      const style = (x: Record<string, unknown>): string => (typeof x.style === 'string' ? x.style : 'simple');
      const explode = (x: Record<string, unknown>): boolean => x.explode === true;
      if (style(ra) !== style(rb))
        d.emit(hctx, 'style-changed', MESSAGES['response-header-style-changed'](h.name), h, g);
      if (explode(ra) !== explode(rb)) {
        const single = isSingleValue(d.resolve(d.newModel, g.schema).node);
        d.emit(
          hctx,
          'explode-changed',
          MESSAGES['response-header-explode-changed'](h.name, explode(rb), single),
          h,
          g,
          undefined,
          single ? 'potentially-breaking' : undefined,
        );
      }
    }
    d.compareSchema(h.schema, g.schema, hctx);
  }
  for (const [k, g] of n)
    if (!o.has(k))
      d.emit(
        { ...ctx, scope: 'response-header', where: `${ctx.where} header ${g.name}` },
        'added',
        MESSAGES['response-header-added'](g.name),
        undefined,
        g,
      );
}
