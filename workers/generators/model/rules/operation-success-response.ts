import type { Rule } from './rule.ts';
import { asRecord } from '../json-guards.ts';
import { joinPointer } from '../parse/pointer.ts';

export const operationSuccessResponse: Rule = {
  id: 'operation/success-response',
  severity: 'warning',
  description:
    'Each operation should declare a success (2xx/3xx) or default response, so clients know what a call returns.',
  run(ctx) {
    for (const op of ctx.operations) {
      if (op.webhook) continue;
      const responses = asRecord(op.operation.responses);
      if (responses === undefined) continue; // the schema check reports a missing `responses`
      const ok = Object.keys(responses).some((status) => /^[23]([0-9]{2}|XX)$/i.test(status) || status === 'default');
      if (!ok)
        ctx.report(
          joinPointer(op.pointer, 'responses'),
          `${op.method.toUpperCase()} ${op.path} declares no 2xx, 3xx or default response.`,
        );
    }
  },
};
