// The package's own tests (`tests/api.test.mjs`, run by `npm test`: `node --test`): per operation,
// one call with only the required parameters and one with every parameter and request options
// (both read through `.withResponse()`: the body decoded, the raw response's status checked), against the API at
// `TEST_API_BASE_URL` (a validating mock of the description; see docs/wire-tests.md). A list
// method also walks its first items through auto-pagination, a streaming method reads its events,
// an upload sends a Blob. The tests import the built package (`dist/`), so they are plain
// JavaScript (no compile of their own, no dependency). Every value is printed by the package's
// literal printer (`str`, `num`, `objKey`), never pasted. An operation with no optional input
// runs the second call alone, which proves both (core/wire-cases.ts).

import type { GeneratedFile } from '../core/files.ts';
import { isEventStream } from '../core/method.ts';
import { methodTargets } from '../core/resources.ts';
import { parameterValue, testValue, type Fill, type TestValue } from '../core/test-values.ts';
import { wireCases, wireTestName, type WireCase } from '../core/wire-cases.ts';
import type { ApiModel } from '../model/types.ts';
import { methodShape } from './method-shape.ts';
import type { MethodPlan, ResourcePlan, SdkPlan } from './plan.ts';
import { access, id, num, objKey, str } from '../printers/ts-source.ts';

export const TESTS_PATH = 'tests/api.test.mjs';
/** `npm test` in the generated package. */
export const TEST_SCRIPT = `node --test ${TESTS_PATH}`;

function value(v: TestValue): string {
  switch (v.t) {
    case 'str':
      return str(v.v);
    case 'num':
      return num(v.v);
    case 'bool':
      return v.v ? 'true' : 'false';
    case 'null':
      return 'null';
    case 'file':
      return `new Blob([${str('file contents')}])`;
    case 'arr':
      return `[${v.items.map(value).join(', ')}]`;
    case 'obj':
      return `{ ${v.entries.map(([k, x]) => `${objKey(k)}: ${value(x)}`).join(', ')} }`;
  }
}

/** The call's arguments for one case: path arguments, then the params object (when there is one). */
function callArgs(model: ApiModel, shape: ReturnType<typeof methodShape>, fill: Fill): string[] {
  const args = shape.pathArgs.map(({ param }) => value(parameterValue(model, param, fill)));
  const props: string[] = shape.fields
    .filter((f) => fill === 'all' || f.param.required)
    .map((f) => `${objKey(f.key)}: ${value(parameterValue(model, f.param, fill))}`);
  const body = shape.body;
  if (body) {
    if (body.flatten) {
      const example = testValue(model, body.content.schema, fill);
      if (example.t === 'obj') for (const [k, v] of example.entries) props.push(`${objKey(k)}: ${value(v)}`);
    } else if (fill === 'all' || body.required) {
      const v: TestValue =
        body.kind === 'binary'
          ? { t: 'file' }
          : body.kind === 'text'
            ? { t: 'str', v: 'text' }
            : testValue(model, body.content.schema, fill);
      props.push(`${objKey(body.key)}: ${value(v)}`);
    }
  }
  // In the `all` case a method with params always gets its params object, so the options follow it.
  if (props.length > 0 || (fill === 'all' && shape.hasParams)) args.push(`{ ${props.join(', ')} }`);
  return args;
}

const OPTIONS = `{ timeout: 30000, maxRetries: 0, headers: { ${str('X-Wire-Test')}: ${str('1')} } }`;

export function emitTests(model: ApiModel, plan: SdkPlan): GeneratedFile {
  const targets = methodTargets<MethodPlan, ResourcePlan>(plan.resources);
  const clientClass = id(plan.options.clientClass);
  const credentials = plan.authIdents.map((ident) => `${objKey(ident)}: ${str('test-credential')}`);
  const lines: string[] = [
    '// Generated tests: each method against the API at TEST_API_BASE_URL (a mock server of the',
    '// description, e.g. `prism mock openapi.yaml`). Run `npm run build`, then `npm test`.',
    "import { test } from 'node:test';",
    "import assert from 'node:assert/strict';",
    `import { ${clientClass} } from '../dist/index.js';`,
    '',
    "const baseURL = process.env.TEST_API_BASE_URL ?? 'http://127.0.0.1:4010';",
    `const client = new ${clientClass}({ ${[...credentials, 'baseURL', 'maxRetries: 0'].join(', ')} });`,
    '',
    '/** A status error with what the server said (a mock names each violation of the description). */',
    'function explain(error) {',
    "    if (error === null || typeof error !== 'object') return error;",
    '    if (error.status === undefined) {',
    '        // A connection error: what the HTTP client said (its causes) is the reason.',
    '        const causes = [];',
    '        for (let c = error.cause; c && causes.length < 3; c = c.cause) causes.push(String(c.message ?? c));',
    "        return causes.length === 0 ? error : new Error(`${error.message} ${causes.join(': ')}`, { cause: error });",
    '    }',
    "    // Prism answering with the description's own error example names the violations in a header.",
    "    const violations = error.headers?.['sl-violations'] ?? error.headers?.get?.('sl-violations');",
    '    const said = JSON.stringify(error.body ?? null).slice(0, 2000);',
    "    return new Error(`HTTP ${error.status}: ${said}${violations ? ` violations: ${violations}` : ''}`, { cause: error });",
    '}',
    '',
    'async function send(promise) {',
    '    let result;',
    '    try {',
    '        result = await promise.withResponse();',
    '    } catch (error) {',
    '        throw explain(error);',
    '    }',
    '    assert.ok(result.response.status >= 200 && result.response.status < 300, `status ${result.response.status}`);',
    '    return result;',
    '}',
  ];
  model.operations.forEach((op, index) => {
    const target = targets.get(op.key);
    if (target === undefined) return;
    const { trail, method } = target;
    const shape = methodShape(model, method);
    let callee = 'client';
    for (const step of [...trail.map((r) => r.propName), method.name]) callee = access(callee, step);
    const chain = ['client', ...trail.map((r) => r.propName), method.name].join('.');
    for (const kind of wireCases(op)) {
      const args = callArgs(model, shape, kind);
      const withOptions = kind === 'all' ? [...args, OPTIONS] : args;
      const call = `${callee}(${withOptions.join(', ')})`;
      lines.push('', `test(${str(wireTestName(index, kind, chain))}, async () => {`);
      lines.push(...body(kind, call, shape).map((l) => `    ${l}`));
      lines.push('});');
    }
  });
  return { path: TESTS_PATH, content: `${lines.join('\n')}\n` };
}

function body(kind: WireCase, call: string, shape: ReturnType<typeof methodShape>): string[] {
  if (shape.pagination)
    return kind === 'required'
      ? [`await send(${call});`]
      : [
          '// Auto-pagination: the first items, across a page boundary when a page is short.',
          'let seen = 0;',
          'try {',
          `    for await (const item of ${call}) {`,
          '        assert.notEqual(item, undefined);',
          '        if (++seen >= 3) break;',
          '    }',
          '} catch (error) {',
          '    throw explain(error);',
          '}',
        ];
  if (isEventStream(shape.response.kind))
    return [
      `const { data: stream } = await send(${call});`,
      'for await (const event of stream) assert.notEqual(event, undefined);',
    ];
  // `.withResponse()` decodes the body as the method's own result does, and gives the raw response.
  return [`await send(${call});`];
}
