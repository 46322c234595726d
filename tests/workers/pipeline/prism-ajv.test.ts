// prism-ajv.ts: Prism's validators, loaded as prism-mock-main.ts loads them, are made from ajv
// instances without the optimisation pass, and validate exactly as Prism's own do. Each case runs
// in a fresh Node process: the change is made to the module cache before prism-http loads.

import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const PRISM_AJV = join(import.meta.dirname, '../../../workers/pipeline/prism-ajv.ts');

/** Prism's own `validateAgainstSchema` on a few requests' bodies; with or without our change. */
function validations(changed: boolean): { made: number; results: unknown[] } {
  const script = `
    import { createRequire } from 'node:module';
    const { compileWithoutOptimizing } = await import(${JSON.stringify(PRISM_AJV)});
    const prismCli = createRequire(createRequire(${JSON.stringify(PRISM_AJV)}).resolve('@stoplight/prism-cli/package.json'));
    const prismHttp = createRequire(prismCli.resolve('@stoplight/prism-http/package.json'));
    const made = ${changed} ? compileWithoutOptimizing(prismHttp) : () => 0;
    const { validateAgainstSchema } = prismHttp('@stoplight/prism-http/dist/validator/validators/utils.js');
    const schema = {
      type: 'object',
      required: ['name', 'count'],
      additionalProperties: false,
      properties: {
        name: { type: 'string', maxLength: 5 },
        count: { type: 'integer', minimum: 1, maximum: 3 },
        tags: { type: 'array', items: { enum: ['a', 'b'] } },
        when: { type: 'string', format: 'date-time' },
      },
    };
    const bodies = [
      { name: 'ok', count: 2 },
      { name: 'too long', count: 9, tags: ['c'], extra: true, when: 'yesterday' },
      { count: '2' },
    ];
    const results = bodies.map((body) => {
      const found = validateAgainstSchema(body, schema, false, 0, 'body');
      return found._tag === 'None' ? [] : found.value.map((d) => d.message);
    });
    console.log(JSON.stringify({ made: made(), results }));
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop() as string) as { made: number; results: unknown[] };
}

describe("Prism's validators without ajv's optimisation pass", () => {
  it('are made from our ajv subclasses, and refuse and accept exactly what Prism refuses and accepts', () => {
    const ours = validations(true);
    const prisms = validations(false);
    // Two instances per JSON Schema draft (coercing and not): prism-http still builds them from
    // the modules' default export. Were it to stop, this count is 0 and the change does nothing.
    expect(ours.made).toBe(6);
    expect(ours.results).toEqual(prisms.results);
    expect(ours.results[0]).toEqual([]);
    expect(ours.results[1]).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/maxLength|must NOT have more than 5 characters/),
        expect.stringMatching(/must be <= 3/),
        expect.stringMatching(/additional properties/),
      ]),
    );
    expect(ours.results[2]).toEqual(
      expect.arrayContaining([expect.stringMatching(/must have required property 'name'/)]),
    );
  });
});
