import type { Rule } from './rule.ts';
import { joinPointer } from '../parse/pointer.ts';

export const operationIdUnique: Rule = {
  id: 'operation/operation-id-unique',
  severity: 'error',
  description:
    'operationIds must be unique across the description (the specification requires it; SDK methods would collide).',
  run(ctx) {
    const first = new Map<string, string>();
    for (const op of ctx.operations) {
      const id = op.operation.operationId;
      if (typeof id !== 'string') continue;
      const where = `${op.method.toUpperCase()} ${op.path}`;
      const previous = first.get(id);
      if (previous === undefined) first.set(id, where);
      else
        ctx.report(
          joinPointer(op.pointer, 'operationId'),
          `operationId "${id}" of ${where} is already used by ${previous}.`,
        );
    }
  },
};
