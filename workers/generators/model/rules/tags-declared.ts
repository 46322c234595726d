import type { Rule } from './rule.ts';
import { asArray, asRecord, asString } from '../json-guards.ts';
import { joinPointer } from '../parse/pointer.ts';

export const tagsDeclared: Rule = {
  id: 'tags/declared',
  severity: 'warning',
  description:
    'Tags used by operations should be declared in the top-level `tags` list (docs group and describe by them).',
  run(ctx) {
    const declared = new Set(asArray(ctx.doc.tags).map((t) => asString(asRecord(t)?.name)));
    for (const op of ctx.operations) {
      asArray(op.operation.tags).forEach((tag, i) => {
        if (typeof tag === 'string' && !declared.has(tag)) {
          ctx.report(joinPointer(op.pointer, 'tags', i), `Tag "${tag}" is not declared in the top-level \`tags\`.`);
        }
      });
    }
  },
};
