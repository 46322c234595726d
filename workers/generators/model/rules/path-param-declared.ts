import type { Rule } from './rule.ts';
import { effectiveParameters, pathTemplateNames, type OperationEntry } from '../doc-index.ts';
import { asArray } from '../json-guards.ts';
import type { RuleContext } from './rule.ts';

/** A parameter that is an external or broken $ref could be the missing one: do not guess. */
function hasUnresolvableParameter(op: OperationEntry, ctx: RuleContext): boolean {
  return [...asArray(op.pathItem.parameters), ...asArray(op.operation.parameters)].some(
    (p) => ctx.refs.resolve(p, '') === undefined,
  );
}

export const pathParamDeclared: Rule = {
  id: 'path/param-declared',
  severity: 'error',
  description: 'Every {placeholder} in a path must be declared as an `in: path` parameter of each operation.',
  run(ctx) {
    for (const op of ctx.operations) {
      if (op.webhook || hasUnresolvableParameter(op, ctx)) continue;
      const declared = new Set(
        effectiveParameters(op, ctx.refs)
          .filter((p) => p.in === 'path')
          .map((p) => p.name),
      );
      for (const name of new Set(pathTemplateNames(op.path))) {
        if (!declared.has(name)) {
          ctx.report(
            op.pointer,
            `${op.method.toUpperCase()} ${op.path}: path placeholder {${name}} has no matching \`in: path\` parameter.`,
          );
        }
      }
    }
  },
};
