import type { Rule } from './rule.ts';
import { asArray, asRecord } from '../json-guards.ts';
import { joinPointer } from '../parse/pointer.ts';

export const schemaRequiredPropertyDefined: Rule = {
  id: 'schema/required-property-defined',
  severity: 'warning',
  description: 'Names in `required` should be declared in `properties` (otherwise SDK types cannot include them).',
  run(ctx) {
    for (const { schema, pointer } of ctx.schemas) {
      const properties = asRecord(schema.properties);
      if (properties === undefined || !Array.isArray(schema.required)) continue;
      // Inside compositions, required names may come from a sibling; only plain objects are judged.
      if ('allOf' in schema || 'oneOf' in schema || 'anyOf' in schema || /\/(allOf|oneOf|anyOf)\/\d+$/.test(pointer))
        continue;
      if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) continue;
      asArray(schema.required).forEach((name, i) => {
        if (typeof name === 'string' && !Object.hasOwn(properties, name)) {
          ctx.report(
            joinPointer(pointer, 'required', i),
            `Required property "${name}" is not declared in \`properties\`.`,
          );
        }
      });
    }
  },
};
