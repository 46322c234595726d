import type { Rule } from './rule.ts';
import { effectiveParameters, pathTemplateNames } from '../doc-index.ts';

export const pathParamUnused: Rule = {
  id: 'path/param-unused',
  severity: 'error',
  description: 'An `in: path` parameter must appear as a {placeholder} in its path.',
  run(ctx) {
    for (const op of ctx.operations) {
      if (op.webhook) continue;
      const names = new Set(pathTemplateNames(op.path));
      for (const p of effectiveParameters(op, ctx.refs)) {
        if (p.in === 'path' && !names.has(p.name)) {
          ctx.report(
            p.pointer,
            `${op.method.toUpperCase()} ${op.path}: path parameter "${p.name}" does not appear in the path.`,
          );
        }
      }
    }
  },
};
