import type { Rule } from './rule.ts';

export const operationIdMissing: Rule = {
  id: 'operation/operation-id-missing',
  severity: 'warning',
  description: 'Every operation should have an operationId: SDK method names and docs anchors derive from it.',
  run(ctx) {
    for (const op of ctx.operations) {
      if (op.webhook) continue;
      if (typeof op.operation.operationId !== 'string' || op.operation.operationId.trim() === '') {
        ctx.report(op.pointer, `${op.method.toUpperCase()} ${op.path} has no operationId.`);
      }
    }
  },
};
