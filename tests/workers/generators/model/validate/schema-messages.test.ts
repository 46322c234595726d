// The official-schema check's messages, one case per failure kind, in both 3.0 and 3.1, and the
// grouping of one cause found in many places into one diagnostic.

import { describe, expect, it } from 'vitest';
import { groupDiagnostics, LOCATIONS_KEPT } from '../../../../../workers/generators/model/lint/finalize-diagnostics.ts';
import type { Diagnostic } from '../../../../../workers/generators/model/types.ts';
import { analyzeJson, baseSpec, type Json } from '../../helpers.ts';

const VERSIONS = ['3.0.3', '3.1.0'] as const;
const label = (version: string) => version.slice(0, 3);
const param = (extra: Json): Json => ({ name: 'petId', in: 'path', required: true, ...extra });
const withParam = (extra: Json, version: string): Json =>
  baseSpec({ paths: { '/pets/{petId}': { get: { parameters: [param(extra)] } } } }, version);
const OP = '/paths/~1pets~1{petId}/get';

async function schemaFindings(doc: Json): Promise<{ pointer: string; message: string; count?: number }[]> {
  const r = await analyzeJson(doc);
  return r.diagnostics
    .filter((d) => d.ruleId === 'oas/schema')
    .map((d) => ({ pointer: d.pointer, message: d.message, ...(d.count ? { count: d.count } : {}) }));
}

describe('schema-check messages', () => {
  it('3.1 License with both identifier and url: says they are mutually exclusive and how to choose', async () => {
    const doc = baseSpec(
      { info: { license: { name: 'MIT', identifier: 'MIT', url: 'https://mit.example' } } },
      '3.1.0',
    );
    expect(await schemaFindings(doc)).toEqual([
      {
        pointer: '/info/license',
        message:
          '`identifier` and `url` are mutually exclusive in a License Object: keep `identifier` for an SPDX license expression, or `url` for a link to the license text. (OpenAPI 3.1 schema)',
      },
    ]);
  });

  it.each(VERSIONS)('%s: a Parameter with both schema and content, and one with neither', async (version) => {
    const both = withParam(
      { schema: { type: 'string' }, content: { 'text/plain': { schema: { type: 'string' } } } },
      version,
    );
    expect(await schemaFindings(both)).toEqual([
      {
        pointer: `${OP}/parameters/0`,
        message: `\`schema\` and \`content\` are mutually exclusive in a Parameter Object: describe the value with \`schema\`, or with \`content\` for one media type, not both. (OpenAPI ${label(version)} schema)`,
      },
    ]);
    expect(await schemaFindings(withParam({}, version))).toEqual([
      {
        pointer: `${OP}/parameters/0`,
        message: `A Parameter Object needs one of \`schema\` or \`content\`; add exactly one. (OpenAPI ${label(version)} schema)`,
      },
    ]);
  });

  it.each(VERSIONS)('%s: example and examples together', async (version) => {
    const doc = withParam({ schema: { type: 'string' }, example: 'a', examples: { one: { value: 'a' } } }, version);
    expect((await schemaFindings(doc)).map((f) => f.message)).toEqual([
      `\`example\` and \`examples\` are mutually exclusive in a Parameter Object: keep \`example\` for one value, or \`examples\` for named Example Objects. (OpenAPI ${label(version)} schema)`,
    ]);
  });

  it.each(VERSIONS)('%s: a missing required field is named with its object', async (version) => {
    const doc = baseSpec(
      { paths: { '/pets/{petId}': { get: { responses: { '200': { description: undefined } } } } } },
      version,
    );
    expect(await schemaFindings(doc)).toEqual([
      {
        pointer: `${OP}/responses/200`,
        message: `A Response Object needs \`description\`; add it. (OpenAPI ${label(version)} schema)`,
      },
    ]);
  });

  it.each(VERSIONS)('%s: a field the object does not have, with the nearest real one', async (version) => {
    const doc = baseSpec({ paths: { '/pets/{petId}': { get: { sumary: 'Get a pet' } } } }, version);
    expect(await schemaFindings(doc)).toEqual([
      {
        pointer: `${OP}/sumary`,
        message: `\`sumary\` is not a field of an Operation Object; did you mean \`summary\`? Custom fields must start with \`x-\`. (OpenAPI ${label(version)} schema)`,
      },
    ]);
  });

  it.each(VERSIONS)('%s: an enum over several branches is one list, with the value found', async (version) => {
    const doc = withParam({ in: 'body', schema: { type: 'string' } }, version);
    const findings = await schemaFindings(doc);
    expect(findings).toHaveLength(1);
    expect(findings[0]!.pointer).toBe(`${OP}/parameters/0/in`);
    expect(findings[0]!.message).toMatch(
      /^`in` is the string "body"; it must be one of (?=.*"query")(?=.*"header")(?=.*"path")(?=.*"cookie")/,
    );
  });

  it.each(VERSIONS)('%s: a wrong type says what was found and how to fix it', async (version) => {
    const doc = baseSpec({ info: { version: 2 } }, version);
    expect(await schemaFindings(doc)).toEqual([
      {
        pointer: '/info/version',
        message: `\`version\` must be a string, not the number 2. Quote it: "2". (OpenAPI ${label(version)} schema)`,
      },
    ]);
  });

  it('3.0: a list of types (a 3.1 idiom) is one finding that says how 3.0 spells it', async () => {
    const doc = withParam({ schema: { type: ['string', 'null'] } }, '3.0.3');
    expect((await schemaFindings(doc)).map((f) => f.message)).toEqual([
      'In OpenAPI 3.0 `type` is a single type name; a list of types is 3.1. For a nullable value write the type with `nullable: true`; for several types use `oneOf`. (OpenAPI 3.0 schema)',
    ]);
  });

  it.each(VERSIONS)('%s: an invalid response code', async (version) => {
    const doc = baseSpec(
      { paths: { '/pets/{petId}': { get: { responses: { '2000': { description: 'x' } } } } } },
      version,
    );
    expect((await schemaFindings(doc)).map((f) => f.message)).toEqual([
      `Response code "2000" is not valid: use a three-digit HTTP status (e.g. 200), a range such as 2XX, or \`default\`. (OpenAPI ${label(version)} schema)`,
    ]);
  });

  it.each(VERSIONS)(
    '%s: five Example Objects without their `value:` wrapper are one finding with five places, not one per property',
    async (version) => {
      const examples: Json = {};
      for (let i = 1; i <= 5; i++) examples[`pet${i}`] = { id: `p${i}`, name: 'Rex', tag: 'dog', age: i, owner: 'ann' };
      const doc = baseSpec(
        {
          paths: {
            '/pets/{petId}': {
              get: {
                responses: { '200': { content: { 'application/json': { schema: { type: 'object' }, examples } } } },
              },
            },
          },
        },
        version,
      );
      const r = await analyzeJson(doc);
      const schema = r.diagnostics.filter((d) => d.ruleId === 'oas/schema');
      expect(schema).toHaveLength(1);
      const [d] = schema as [Diagnostic];
      expect(d.message).toBe(
        `This Example Object has no \`value\`: its fields look like the example itself. Put the example under \`value:\` (summary and description stay beside it). (OpenAPI ${label(version)} schema)`,
      );
      expect(d.count).toBe(5);
      const base = `${OP}/responses/200/content/application~1json/examples`;
      expect(d.pointer).toBe(`${base}/pet1`);
      expect(d.locations?.map((l) => l.pointer)).toEqual([1, 2, 3, 4, 5].map((i) => `${base}/pet${i}`));
      expect(d.locations?.every((l) => l.line > 0)).toBe(true);
      // The summary counts causes: one error (its five places are in `places`).
      expect(r.counts.errors).toBe(1);
      expect(r.counts.places).toBe(r.diagnostics.reduce((n, x) => n + (x.count ?? 1), 0));
      expect(r.counts.places).toBeGreaterThanOrEqual(5);
    },
  );
});

describe('grouping', () => {
  const at = (i: number, message = 'Same cause.', ruleId = 'tags/declared'): Diagnostic => ({
    ruleId,
    severity: 'warning',
    message,
    pointer: `/paths/${i}`,
    line: i + 1,
    column: 3,
  });

  it('keeps single findings as they were, and different messages or rules apart', () => {
    const list = [at(1), at(2, 'Another cause.'), at(3, 'Same cause.', 'components/unused')];
    expect(groupDiagnostics(list)).toEqual(list);
  });

  it('lists at most LOCATIONS_KEPT places and counts them all', () => {
    const many = Array.from({ length: LOCATIONS_KEPT + 50 }, (_, i) => at(i));
    const [group, ...rest] = groupDiagnostics(many);
    expect(rest).toEqual([]);
    expect(group).toMatchObject({ pointer: '/paths/0', line: 1, count: LOCATIONS_KEPT + 50 });
    expect(group!.locations).toHaveLength(LOCATIONS_KEPT);
    expect(group!.locations![1]).toEqual({ pointer: '/paths/1', line: 2, column: 3 });
  });
});
