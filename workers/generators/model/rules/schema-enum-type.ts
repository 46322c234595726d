import type { Rule } from './rule.ts';
import { joinPointer } from '../parse/pointer.ts';

function fits(value: unknown, type: string): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    default:
      return true;
  }
}

export const schemaEnumType: Rule = {
  id: 'schema/enum-type',
  severity: 'error',
  description: "Enum values must match the schema's type (a string enum of numbers breaks typed SDKs).",
  run(ctx) {
    for (const { schema, pointer } of ctx.schemas) {
      if (!Array.isArray(schema.enum)) continue;
      const types =
        typeof schema.type === 'string'
          ? [schema.type]
          : Array.isArray(schema.type)
            ? schema.type.filter((t): t is string => typeof t === 'string')
            : [];
      if (types.length === 0) continue;
      const nullable = schema.nullable === true;
      schema.enum.forEach((value, i) => {
        if (value === null && (nullable || types.includes('null'))) return;
        if (!types.some((t) => fits(value, t))) {
          ctx.report(
            joinPointer(pointer, 'enum', i),
            `Enum value ${JSON.stringify(value)} is not of type ${types.join(' or ')}.`,
          );
        }
      });
      const seen = new Set<string>();
      schema.enum.forEach((value, i) => {
        const key = JSON.stringify(value);
        if (seen.has(key))
          ctx.report(joinPointer(pointer, 'enum', i), `Enum value ${key} is listed more than once.`, 'warning');
        seen.add(key);
      });
    }
  },
};
