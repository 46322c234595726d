import type { Rule } from './rule.ts';
import { joinPointer } from '../parse/pointer.ts';

export const refUnresolved: Rule = {
  id: 'ref/unresolved',
  severity: 'error',
  description: 'A local $ref must point at something that exists in the description.',
  run(ctx) {
    for (const site of ctx.refs.sites) {
      if (site.kind === 'unresolved')
        ctx.report(
          joinPointer(site.pointer, '$ref'),
          `$ref "${site.ref}" does not resolve: nothing exists at that location.`,
        );
    }
  },
};
