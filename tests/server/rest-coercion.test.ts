import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { appRouter } from '../../server/trpc/root.ts';

interface ProcedureLike {
  _def: { meta?: { openapi?: { method: string; path: string } }; inputs: ZodType[] };
}

/** Unwraps what trpc-to-openapi unwraps before deciding to coerce (optional, nullable, default). */
function unwrap(schema: ZodType): ZodType {
  let current = schema;
  for (;;) {
    const def = current._zod.def as { type: string; innerType?: ZodType };
    if (['optional', 'nullable', 'default', 'prefault'].includes(def.type) && def.innerType) current = def.innerType;
    else return current;
  }
}

// trpc-to-openapi's REST adapter sets `coerce` on top-level (and nested-object) boolean, number,
// bigint and date fields of EVERY input schema, bodies included: "false" would become true.
// Body fields of those kinds must be wrapped (BodyBoolean) so the adapter leaves them alone.
describe('request bodies are not coerced by the REST adapter', () => {
  it('no POST/PATCH/PUT procedure has a bare boolean, number, bigint or date field', () => {
    const procedures = appRouter._def.procedures as unknown as Record<string, ProcedureLike>;
    const offenders: string[] = [];
    const walk = (schema: ZodType, path: string) => {
      const inner = unwrap(schema);
      const type = (inner._zod.def as { type: string }).type;
      if (['boolean', 'number', 'bigint', 'date'].includes(type)) offenders.push(`${path} (${type})`);
      if (type === 'object') {
        for (const [key, child] of Object.entries((inner as unknown as { shape: Record<string, ZodType> }).shape))
          walk(child, `${path}.${key}`);
      }
    };
    let checked = 0;
    for (const [name, procedure] of Object.entries(procedures)) {
      const method = procedure._def.meta?.openapi?.method;
      if (!method || method === 'GET' || method === 'DELETE') continue;
      for (const input of procedure._def.inputs) walk(input, name);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(5);
    expect(offenders).toEqual([]);
  });
});
