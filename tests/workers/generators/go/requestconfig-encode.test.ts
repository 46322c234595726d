// The Go runtime's query encoding of an object parameter (workers/generators/go/bundle/internal/
// requestconfig/encode.go, tagged by emit-service.ts), by its OpenAPI style: `form` exploded (the
// default) sends each member as a parameter of its own, `form` not exploded `name=k1,v1,k2,v2`,
// `deepObject` `name[k]=v`. Before, a `form` object went out as its JSON (`metadata={"k":"v"}`),
// which Prism refused for OpenAI's `GET /chat/completions` ("query parameter metadata must be
// object") where the other SDKs passed. A union holding a string goes out as the string in a
// multipart part or a query (it went out as its JSON, `"auto"`). A form body's fields are encoded
// the same way (OpenAPI's default for `application/x-www-form-urlencoded`: `style: form`, `explode:
// true`), as the TypeScript and Python SDKs send them: an object field went out as its JSON
// (`metadata={"k":"v"}`), which Prism refused in 97 of the Stripe-sized description's 509 operations
// (Stripe's `metadata: anyOf [map, '']`). A real server on 127.0.0.1 records each request.
import { describe, expect, it } from 'vitest';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import { GO_MISSING, GO_TOOLS, runAgainstRecorder } from './helpers.ts';

if (GO_TOOLS === undefined) console.warn(`\n!!! Go query-object suite SKIPPED: ${GO_MISSING.join(', ')} not found.\n`);

const SPEC = `openapi: 3.1.0
info: { title: Filters, version: 1.0.0 }
servers: [{ url: 'https://filters.example.com' }]
paths:
  /things:
    get:
      operationId: listThings
      parameters:
        - { name: metadata, in: query, schema: { type: object, additionalProperties: { type: string } } }
        - { name: range, in: query, style: form, explode: false, schema: { type: object, properties: { lo: { type: integer }, hi: { type: integer } } } }
        - { name: filter, in: query, style: deepObject, schema: { type: object, properties: { name: { type: string } } } }
        - { name: meta, in: query, schema: { anyOf: [{ type: object, additionalProperties: { type: string } }, { type: 'null' }] } }
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: object, properties: { kind: { type: string } } } } } }
  /audio:
    post:
      operationId: transcribe
      requestBody:
        required: true
        content:
          multipart/form-data:
            schema:
              type: object
              properties:
                chunking: { anyOf: [{ type: string, enum: [auto] }, { type: object, properties: { size: { type: integer } } }] }
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: object, properties: { kind: { type: string } } } } } }
`;

const PROGRAM = `package main

import (
	"context"
	"os"

	filters "github.com/filters/filters-go"
	"github.com/filters/filters-go/option"
	"github.com/filters/filters-go/packages/param"
)

func main() {
	client := filters.NewClient(option.WithBaseURL(os.Getenv("BASE_URL")))
	_, err := client.Things.List(context.Background(), filters.ThingListParams{
		Metadata: map[string]string{"b": "2", "a": "1"},
		Range:    filters.ThingListParamsRange{Lo: param.NewOpt(int64(1)), Hi: param.NewOpt(int64(9))},
		Filter:   filters.ThingListParamsFilter{Name: param.NewOpt("x y")},
		Meta:     param.NewOpt(filters.ThingListParamsMeta{OfMap: map[string]string{"c": "3"}}),
	})
	if err != nil {
		panic(err)
	}
	_, err = client.Audio.New(context.Background(), filters.AudioNewParams{
		Chunking: filters.AudioNewParamsChunking{OfEnum: param.NewOpt(filters.AudioNewParamsChunkingEnumAuto)},
	})
	if err != nil {
		panic(err)
	}
}
`;

describe.skipIf(GO_TOOLS === undefined)('Go runtime: a query object by its style', () => {
  it('explodes a form object, joins an unexploded one, brackets a deepObject', async () => {
    const { model } = await analyzeSpec({ openapiText: SPEC, mode: 'flagship' });
    const { result, requests } = await runAgainstRecorder(model!, PROGRAM);
    const query = new URL(requests.find((r) => r.method === 'GET')?.url ?? '/', 'http://x').search;
    const multipart = requests.find((r) => r.method !== 'GET')?.body ?? '';
    expect(result.code, result.output).toBe(0);
    const pairs = [...new URLSearchParams(query)].sort(([a], [b]) => (a < b ? -1 : 1));
    expect(pairs).toEqual([
      ['a', '1'],
      ['b', '2'],
      // A nullable object (`anyOf: [object, null]`, OpenAI's Metadata) is spread the same.
      ['c', '3'],
      ['filter[name]', 'x y'],
      ['range', 'hi,9,lo,1'],
    ]);
    // A union holding a string is sent as the string, not its JSON (`"auto"`: Prism refused
    // OpenAI's chunking_strategy, "must be equal to one of the allowed values: auto").
    expect(multipart).toMatch(/name="chunking"\r\n\r\nauto\r\n/);
  }, 120_000);

  it('sends a form body field by the OpenAPI default encoding: an object member by member, an array item by item', async () => {
    const spec = `openapi: 3.1.0
info: { title: Forms, version: 1.0.0 }
servers: [{ url: 'https://forms.example.com' }]
paths:
  /things/{id}:
    post:
      operationId: updateThing
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      requestBody:
        content:
          application/x-www-form-urlencoded:
            schema:
              type: object
              properties:
                metadata: { anyOf: [{ type: object, additionalProperties: { type: string } }, { type: string, enum: [''] }] }
                expand: { type: array, items: { type: string } }
                name: { type: string }
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: object, properties: { kind: { type: string } } } } } }
`;
    const program = `package main

import (
	"context"
	"os"

	forms "github.com/forms/forms-go"
	"github.com/forms/forms-go/option"
	"github.com/forms/forms-go/packages/param"
)

func main() {
	client := forms.NewClient(option.WithBaseURL(os.Getenv("BASE_URL")))
	_, err := client.Things.Update(context.Background(), "t1", forms.ThingUpdateParams{
		Metadata: forms.ThingUpdateParamsMetadata{OfMap: map[string]string{"order": "6735", "a b": "x&y"}},
		Expand:   []string{"customer", "invoice"},
		Name:     forms.String("Ann"),
	})
	if err != nil {
		panic(err)
	}
	_, err = client.Things.Update(context.Background(), "t2", forms.ThingUpdateParams{
		Metadata: forms.ThingUpdateParamsMetadata{OfEnum: param.NewOpt(forms.ThingUpdateParamsMetadataEnumEmpty)},
	})
	if err != nil {
		panic(err)
	}
}
`;
    const { model } = await analyzeSpec({ openapiText: spec, mode: 'flagship' });
    const { result, requests } = await runAgainstRecorder(model!, program);
    expect(result.code, result.output).toBe(0);
    const form = (id: string) =>
      [...new URLSearchParams(requests.find((r) => r.url.includes(id))?.body ?? '')].sort(([a], [b]) =>
        a < b ? -1 : 1,
      );
    expect(form('/things/t1')).toEqual([
      ['a b', 'x&y'],
      ['expand', 'customer'],
      ['expand', 'invoice'],
      ['name', 'Ann'],
      ['order', '6735'],
    ]);
    // The empty-string variant (Stripe's way to clear metadata) is the field, empty.
    expect(form('/things/t2')).toEqual([['metadata', '']]);
  }, 120_000);
});
