// Per-operation verdicts from the runners' outcomes: a redirect Prism answers without a Location is
// the mock's limit in every SDK's wording (TypeScript and Python, the CLI, the MCP server, Go), a
// refused request is a failure.
import { describe, expect, it } from 'vitest';
import { operationVerdicts } from '../../../workers/pipeline/wire-run.ts';

describe('operationVerdicts', () => {
  it("files a method Node's fetch refuses (TRACE) as not sendable, with its reason, in each wording", () => {
    const messages = [
      "APIConnectionError: Connection error. [cause]: TypeError: 'TRACE' HTTP method is unsupported.",
      "exit 1: error: Connection error. ('TRACE' HTTP method is unsupported.)",
      "API error: Connection error. ('TRACE' HTTP method is unsupported.)",
    ];
    const verdicts = operationVerdicts(
      messages.map((message, i) => ({ name: `op${i} required x`, ok: false, message })),
    );
    expect(verdicts.map((v) => v.status)).toEqual(['not_servable', 'not_servable', 'not_servable']);
    // Worded by its cause: not the mock's limit but Node's.
    for (const v of verdicts)
      expect(v.status === 'not_servable' && v.reason).toMatch(/^not testable: Node's fetch cannot send/);
  });

  it('files a redirect as not servable in each SDK wording, and a 4xx as failed', () => {
    const redirects = [
      'AssertionError: HTTP 302: null',
      'exit 1: error: 302 Found status: 302',
      'API error 302: 302 Found {"status":302,"message":"302 Found","body":null}',
      'redirect_test.go:25: Redirect.Get: GET "http://127.0.0.1:1/redirect/1": 302 Found (status: 302)',
    ];
    const verdicts = operationVerdicts([
      ...redirects.map((message, i) => ({ name: `op${i} required x`, ok: false, message })),
      {
        name: 'op9_all',
        ok: false,
        message: 'x_test.go:9: X.New: POST "http://h/": 422 Unprocessable Entity (status: 422)',
      },
      { name: 'op10 required y', ok: true },
    ]);
    expect(verdicts.map((v) => [v.operation, v.status])).toEqual([
      [0, 'not_servable'],
      [1, 'not_servable'],
      [2, 'not_servable'],
      [3, 'not_servable'],
      [9, 'failed'],
      [10, 'passed'],
    ]);
    expect(verdicts[0]).toMatchObject({ reason: expect.stringMatching(/^not servable by the mock: /) });
  });

  it("files Prism's Transfer-Encoding beside Content-Length, and its false gzip label, as not servable in each SDK wording", () => {
    // The wordings as each runtime gave them against Prism on notion.com's description (2026-11-28).
    const messages = [
      "APIConnectionError: Connection error. [cause]: TypeError: fetch failed [cause]: HTTPParserError: Response does not match the HTTP/1.1 protocol (Content-Length can't be present with Transfer-Encoding)",
      "exit 1: error: Connection error. (fetch failed: Response does not match the HTTP/1.1 protocol (Content-Length can't be present with Transfer-Encoding))",
      "API error: Connection error. (fetch failed: Response does not match the HTTP/1.1 protocol (Content-Length can't be present with Transfer-Encoding))",
      'blocks_test.go:25: Blocks.Get: gzip: invalid header',
    ];
    const verdicts = operationVerdicts([
      ...messages.map((message, i) => ({ name: `op${i} required x`, ok: false, message })),
      // A connection error whose cause is not known stays a failure.
      {
        name: 'op5 required y',
        ok: false,
        message: 'exit 1: error: Connection error. (fetch failed: other side closed)',
      },
      { name: 'op6 required y', ok: false, message: 'exit 1: error: Connection error.' },
    ]);
    expect(verdicts.map((v) => [v.operation, v.status])).toEqual([
      [0, 'not_servable'],
      [1, 'not_servable'],
      [2, 'not_servable'],
      [3, 'not_servable'],
      [5, 'failed'],
      [6, 'failed'],
    ]);
    expect(verdicts[3]).toMatchObject({ reason: expect.stringContaining('Content-Encoding: gzip') });
    expect(verdicts[0]).toMatchObject({ reason: expect.stringMatching(/^not servable by the mock: Prism sends/) });
  });
});
