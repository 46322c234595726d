// The description's own example as a request value (workers/generators/core/example-values.ts: the
// docs samples and the Go SDK's required-parameters tests): a string is kept only when it has its
// format's shape. Twilio's example `Url: myUrl` for `format: uri` was sent by the Go tests and
// Prism refused it ("Request body property Url must match format \"uri\"").
import { describe, expect, it } from 'vitest';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import { exampleValue } from '../../../../workers/generators/core/example-values.ts';
import { testValue, testValueJson } from '../../../../workers/generators/core/test-values.ts';

const SPEC = `openapi: 3.0.3
info: { title: Streams, version: 1.0.0 }
paths:
  /streams:
    post:
      requestBody:
        required: true
        content:
          application/x-www-form-urlencoded:
            schema:
              type: object
              required: [Url]
              properties:
                Url: { type: string, format: uri }
                Name: { type: string }
                Callback: { type: string, format: uri }
            example: { Url: myUrl, Name: myName, Callback: 'http://statuscallback.com' }
      responses: { '204': { description: ok } }
`;

describe('exampleValue', () => {
  it('keeps an example string only where it has its format, else the filled value', async () => {
    const { model } = await analyzeSpec({ openapiText: SPEC, mode: 'flagship' });
    const content = model!.operations[0]!.requestBody!.content[0]!;
    const value = exampleValue(model!, content.schema, content.examples?.[0], (node) =>
      testValue(model!, node, 'required'),
    );
    expect(testValueJson(value, undefined)).toEqual({
      Url: 'https://example.com',
      Name: 'myName',
      Callback: 'http://statuscallback.com',
    });
  });
});
