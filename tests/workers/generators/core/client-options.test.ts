// The common client options are described once (workers/generators/core/client-options.ts) and
// rendered in each SDK's words: the TypeScript client's JSDoc and the Python client's docstring.

import { describe, expect, it } from 'vitest';
import { emitPythonSdk } from '../../../../workers/generators/python/index.ts';
import { emitTypeScriptSdk } from '../../../../workers/generators/typescript/index.ts';
import { fixtureModel } from '../python/helpers.ts';

describe('client option docs from one description', () => {
  it('the TypeScript and Python clients say the same of each common option, in their own names and units', async () => {
    const model = await fixtureModel('shapes');
    const ts = emitTypeScriptSdk(model).find((f) => f.path === 'src/client.ts')!.content;
    const py = emitPythonSdk(model).find((f) => f.path.endsWith('/_client.py'))!.content;
    expect(ts).toContain('/** Retries on connection errors, 408, 409, 429 and 5xx (default 2). */');
    expect(py).toContain('max_retries: Retries on connection errors, 408, 409, 429 and 5xx (default 2).');
    expect(ts).toContain('/** Milliseconds before a request times out (default 60000). */');
    expect(py).toContain('timeout: Seconds before a request times out (per socket operation; default 60).');
    expect(ts).toContain(
      '/** Header carrying an idempotency key on non-GET requests that may be retried; `null` disables it. */',
    );
    expect(py).toContain(
      'idempotency_header: Header carrying an idempotency key on non-GET requests that may be retried; None disables it.',
    );
    expect(ts).toMatch(/Overrides the base URL; defaults to the `[A-Z_]+_BASE_URL` environment variable/);
    expect(py).toMatch(/base_url: Overrides the base URL; defaults to the [A-Z_]+_BASE_URL environment variable/);
  });
});
