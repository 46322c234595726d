import type { Rule } from './rule.ts';
import { checkValue } from '../check-value.ts';
import { joinPointer } from '../parse/pointer.ts';

export const schemaDefaultValid: Rule = {
  id: 'schema/default-valid',
  severity: 'warning',
  description: "A schema's `default` should validate against the schema: SDKs may send or document it.",
  run(ctx) {
    for (const { schema, pointer } of ctx.schemas) {
      if (!('default' in schema)) continue;
      const problem = checkValue(schema.default, schema, ctx.refs, ctx.version);
      if (problem)
        ctx.report(
          joinPointer(pointer, 'default'),
          `Default ${JSON.stringify(schema.default)} does not match its schema${problem.at ? ` at ${problem.at}` : ''}: ${problem.message}.`,
        );
    }
  },
};
