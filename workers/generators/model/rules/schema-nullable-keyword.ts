import type { Rule } from './rule.ts';
import { joinPointer } from '../parse/pointer.ts';

export const schemaNullableKeyword: Rule = {
  id: 'schema/nullable-keyword',
  severity: 'warning',
  description: 'OpenAPI 3.1 has no `nullable` (use `type: [T, "null"]`); in 3.0 `nullable` needs a sibling `type`.',
  run(ctx) {
    for (const { schema, pointer } of ctx.schemas) {
      if (!('nullable' in schema)) continue;
      if (ctx.version === '3.1') {
        ctx.report(
          joinPointer(pointer, 'nullable'),
          '`nullable` is not an OpenAPI 3.1 keyword and is ignored by 3.1 tools; use `type: [T, "null"]`. (It is honoured here.)',
        );
      } else if (
        schema.nullable === true &&
        schema.type === undefined &&
        !('$ref' in schema) &&
        !('allOf' in schema) &&
        !('oneOf' in schema) &&
        !('anyOf' in schema)
      ) {
        ctx.report(joinPointer(pointer, 'nullable'), '`nullable: true` without a `type` has no effect in OpenAPI 3.0.');
      }
    }
  },
};
