import type { Rule } from './rule.ts';
import { asRecord, entries } from '../json-guards.ts';
import { joinPointer } from '../parse/pointer.ts';

export const parameterAllowReservedLocation: Rule = {
  id: 'parameter/allow-reserved-location',
  severity: 'error',
  description: '`allowReserved` applies only to `in: query` parameters (an error in 3.1, ignored in 3.0).',
  run(ctx) {
    const seen = new Set<string>();
    const check = (param: unknown, pointer: string): void => {
      const p = asRecord(param);
      if (
        p === undefined ||
        !('allowReserved' in p) ||
        p.in === 'query' ||
        typeof p.in !== 'string' ||
        seen.has(pointer)
      )
        return;
      seen.add(pointer);
      ctx.report(
        joinPointer(pointer, 'allowReserved'),
        `\`allowReserved\` is not allowed on an \`in: ${p.in}\` parameter.`,
        ctx.version === '3.1' ? 'error' : 'warning',
      );
    };
    for (const [name, p] of entries(asRecord(ctx.doc.components)?.parameters))
      check(p, joinPointer('/components/parameters', name));
    for (const op of ctx.operations) {
      for (const [list, base] of [
        [op.pathItem.parameters, op.pathItemPointer],
        [op.operation.parameters, op.pointer],
      ] as const) {
        if (!Array.isArray(list)) continue;
        list.forEach((p, i) => check(p, joinPointer(base, 'parameters', i)));
      }
    }
  },
};
