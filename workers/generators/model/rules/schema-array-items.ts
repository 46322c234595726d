import type { Rule } from './rule.ts';

export const schemaArrayItems: Rule = {
  id: 'schema/array-items',
  severity: 'error',
  description:
    'In OpenAPI 3.0 an array schema must define `items` (3.1: strongly advised, or SDKs type elements as unknown).',
  run(ctx) {
    for (const { schema, pointer } of ctx.schemas) {
      const isArray = schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'));
      if (!isArray || 'items' in schema || 'prefixItems' in schema) continue;
      if (ctx.version === '3.0') ctx.report(pointer, 'Array schema has no `items` (required in OpenAPI 3.0).');
      else ctx.report(pointer, 'Array schema has no `items`: element type is unknown.', 'warning');
    }
  },
};
