// Which cases an operation's generated wire tests run (workers/generators/core/wire-cases.ts): an
// operation with no optional input runs the `all` case alone, and every SDK's `all` case then reads
// the raw response the `required` case read.
import { describe, expect, it } from 'vitest';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import { wireCases } from '../../../../workers/generators/core/wire-cases.ts';
import { emitGoSdk } from '../../../../workers/generators/go/index.ts';
import { emitPythonSdk } from '../../../../workers/generators/python/index.ts';
import { emitTypeScriptSdk } from '../../../../workers/generators/typescript/index.ts';

const SPEC = `openapi: 3.1.0
info: { title: Cases, version: 1.0.0 }
paths:
  /things:
    get:
      operationId: listThings
      parameters:
        - { name: color, in: query, schema: { type: string } }
      responses: { '200': { description: ok, content: { application/json: { schema: { type: array, items: { type: string } } } } } }
    post:
      operationId: createThing
      requestBody:
        required: true
        content: { application/json: { schema: { type: object, required: [name], properties: { name: { type: string } } } } }
      responses: { '204': { description: ok } }
  /things/{id}:
    get:
      operationId: getThing
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
        - { name: X-Tenant, in: header, required: true, schema: { type: string } }
      responses: { '200': { description: ok, content: { application/json: { schema: { type: object, properties: { id: { type: string } } } } } } }
    delete:
      operationId: deleteThing
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
        - { name: force, in: header, schema: { type: boolean } }
      responses: { '204': { description: ok } }
`;

async function model() {
  const result = await analyzeSpec({ openapiText: SPEC, mode: 'flagship' });
  if (!result.model) throw new Error('no model');
  return result.model;
}

describe('wireCases', () => {
  it('runs `all` alone only where both cases would send the same request', async () => {
    const m = await model();
    const cases = Object.fromEntries(m.operations.map((op) => [op.key, wireCases(op)]));
    expect(cases).toEqual({
      'get /things': ['required', 'all'], // an optional query parameter
      'post /things': ['required', 'all'], // a body (its optional properties are filled in `all`)
      'get /things/{id}': ['all'], // path and header parameters, all required
      'delete /things/{id}': ['required', 'all'], // an optional header
    });
  });

  it('has the lone `all` case read the raw response in TypeScript, Python and Go', async () => {
    const m = await model();
    const index = m.operations.findIndex((op) => op.key === 'get /things/{id}');
    const ts = emitTypeScriptSdk(m).find((f) => f.path === 'tests/api.test.mjs')?.content ?? '';
    expect(ts).not.toContain(`"op${index} required`);
    // `send` reads `.withResponse()` and checks the raw status.
    expect(ts).toMatch(new RegExp(`test\\("op${index} all client\\.things\\.retrieve"[^\\n]*\\n\\s*await send\\(`));
    const py = emitPythonSdk(m).find((f) => f.path === 'tests/test_api.py')?.content ?? '';
    expect(py).not.toContain(`test_op${index}_required`);
    expect(py).toMatch(
      new RegExp(
        `def test_op${index}_all\\(self\\) -> None:\\n\\s*self\\._send\\(lambda: self\\.client\\.with_raw_response\\.`,
      ),
    );
    const go = emitGoSdk(m)
      .filter((f) => f.path.endsWith('_test.go'))
      .map((f) => f.content)
      .join('\n');
    const subtest = go.slice(go.indexOf(`t.Run("op${index}_all"`));
    expect(go).not.toContain(`"op${index}_required"`);
    const body = subtest.slice(0, subtest.indexOf('\n\t})'));
    expect(body).toContain('opts = append(opts, option.WithResponseInto(&raw))');
    expect(body).toContain('the raw response is not a success');
    expect(body).toContain('the middleware option saw no request');
  });
});
