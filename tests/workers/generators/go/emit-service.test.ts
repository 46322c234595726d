// A Go method whose whole request body is optional (workers/generators/go/emit-service.ts and the
// runtime's encodeBody): left out, nothing is sent; given, the value is sent. Before, an optional
// string-enum body was a plain string whose zero value went out as `""` (circleci's
// `POST .../checkout-key`: Prism refused it, "must be equal to one of the allowed values"), and an
// optional array body left out went out as `null`. A real server on 127.0.0.1 records each body.
// Also a path parameter that is an enum of integers: it was a string, and the tests sent "string".
import { describe, expect, it } from 'vitest';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import { GO_MISSING, GO_TOOLS, runAgainstRecorder } from './helpers.ts';

if (GO_TOOLS === undefined) console.warn(`\n!!! Go whole-body suite SKIPPED: ${GO_MISSING.join(', ')} not found.\n`);

const RESPONSE = `'200': { description: ok, content: { application/json: { schema: { type: object, properties: { kind: { type: string } } } } } }`;
const SPEC = `openapi: 3.0.3
info: { title: Keys, version: 1.0.0 }
servers: [{ url: 'https://keys.example.com' }]
paths:
  /keys:
    post:
      operationId: createKey
      requestBody:
        content:
          application/json:
            schema: { type: string, enum: [deploy-key, github-user-key] }
      responses:
        ${RESPONSE}
  /versions/{version}:
    get:
      operationId: getVersion
      parameters:
        - { name: version, in: path, required: true, schema: { type: integer, enum: [1] } }
      responses:
        ${RESPONSE}
  /tags:
    post:
      operationId: setTags
      requestBody:
        content:
          application/json:
            schema: { type: array, items: { type: string } }
      responses:
        ${RESPONSE}
`;

const PROGRAM = `package main

import (
	"context"
	"os"

	keys "github.com/keys/keys-go"
	"github.com/keys/keys-go/option"
	"github.com/keys/keys-go/packages/param"
)

func main() {
	ctx := context.Background()
	client := keys.NewClient(option.WithBaseURL(os.Getenv("BASE_URL")))
	for _, call := range []func() error{
		func() error { _, err := client.Keys.New(ctx, keys.KeyNewParams{}); return err },
		func() error {
			_, err := client.Keys.New(ctx, keys.KeyNewParams{Body: param.NewOpt(keys.KeyNewParamsBodyDeployKey)})
			return err
		},
		func() error { _, err := client.Tags.New(ctx, keys.TagNewParams{}); return err },
		func() error { _, err := client.Tags.New(ctx, keys.TagNewParams{Body: []string{"a"}}); return err },
		func() error { _, err := client.Versions.Get(ctx, 1); return err },
	} {
		if err := call(); err != nil {
			panic(err)
		}
	}
}
`;

describe.skipIf(GO_TOOLS === undefined)('Go methods: an optional whole body, an integer-enum path parameter', () => {
  it('send no body when it is left out, the value when it is given, and an integer path value', async () => {
    const { model } = await analyzeSpec({ openapiText: SPEC, mode: 'flagship' });
    const { result, requests } = await runAgainstRecorder(model!, PROGRAM);
    expect(result.code, result.output).toBe(0);
    expect(requests.map(({ url, body }) => [url, body])).toEqual([
      ['/keys', ''],
      ['/keys', '"deploy-key"'],
      ['/tags', ''],
      ['/tags', '["a"]'],
      // A path parameter that is an enum of integers is an int64 (tomtom's `versionNumber`).
      ['/versions/1', ''],
    ]);
    // A body that is sent says it is JSON; one left out says nothing.
    expect(requests.map((r) => r.contentType)).toEqual(['', 'application/json', '', 'application/json', '']);
  }, 120_000);
});
