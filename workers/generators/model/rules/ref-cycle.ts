import type { Rule } from './rule.ts';
import { joinPointer } from '../parse/pointer.ts';

export const refCycle: Rule = {
  id: 'ref/cycle',
  severity: 'error',
  description:
    'A chain of $refs that leads back to itself never reaches a definition (recursive schemas through properties are fine).',
  run(ctx) {
    for (const site of ctx.refs.sites) {
      if (site.kind !== 'local') continue;
      if (ctx.refs.isCyclicChain(ctx.refs.holder(site))) {
        ctx.report(
          joinPointer(site.pointer, '$ref'),
          `$ref "${site.ref}" is part of a reference cycle that never reaches a definition.`,
        );
      }
    }
  },
};
