import type { Rule } from './rule.ts';
import { joinPointer } from '../parse/pointer.ts';

const ALLOWED_31 = new Set(['$ref', 'summary', 'description']);

export const refSiblingIgnored: Rule = {
  id: 'ref/sibling-ignored',
  severity: 'info',
  description:
    'Keys beside a $ref are ignored in OpenAPI 3.0 (and outside schemas in 3.1, except summary/description).',
  run(ctx) {
    for (const site of ctx.refs.sites) {
      const holder = ctx.refs.holder(site);
      if (holder === undefined) continue;
      // 3.1 Schema Objects are JSON Schema 2020-12: siblings of $ref apply there.
      if (ctx.version === '3.1' && isSchemaPointer(site.pointer)) continue;
      const ignored = Object.keys(holder).filter(
        (k) => !k.startsWith('x-') && !(ctx.version === '3.1' ? ALLOWED_31.has(k) : k === '$ref'),
      );
      if (ignored.length > 0)
        ctx.report(joinPointer(site.pointer, ignored[0] as string), `Ignored beside $ref: ${ignored.join(', ')}.`);
    }
  },
};

function isSchemaPointer(pointer: string): boolean {
  return /\/(schema|schemas\/[^/]+|properties\/[^/]+|items|additionalProperties|allOf\/\d+|oneOf\/\d+|anyOf\/\d+|not|prefixItems\/\d+)(\/|$)/.test(
    pointer,
  );
}
