import type { Rule } from './rule.ts';
import { joinPointer } from '../parse/pointer.ts';

export const operationGetRequestBody: Rule = {
  id: 'operation/get-request-body',
  severity: 'warning',
  description: 'GET and HEAD requests with a body have no defined semantics; many clients and proxies drop the body.',
  run(ctx) {
    for (const op of ctx.operations) {
      if ((op.method === 'get' || op.method === 'head') && op.operation.requestBody !== undefined) {
        ctx.report(
          joinPointer(op.pointer, 'requestBody'),
          `${op.method.toUpperCase()} ${op.path} declares a request body.`,
        );
      }
    }
  },
};
