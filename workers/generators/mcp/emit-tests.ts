// The MCP server package's own tests (`tests/mcp.test.mjs`, run by `npm test`: `node --test`):
// the built server started as an MCP client starts it (`node dist/main.js --tools static`, MCP
// over its stdin and stdout), then per tool one `tools/call` with only the required arguments and
// one with every argument, against the API at `TEST_API_BASE_URL` (a validating mock of the
// description; docs/wire-tests.md); a paginated tool's `all` call also asks for two pages
// (`max_pages`, what the tools take for pagination) and fails when the walk stopped after one page
// that says more follow (`has_more`). The tools take no per-call request options (timeout,
// retries, headers): the server's client has them, and the tests start it with `--max-retries 0`,
// as the SDKs' tests make their clients (an answer the mock cannot give fails at once, not after
// two retries' backoff: 1.3 s a call on OpenAI's POST /audio/speech). A call passes when its
// result is not a tool error; a failure carries the tool error's text (the API's status and body,
// so the mock's violations show). The client is a few lines of newline-delimited JSON-RPC, so the tests need no dependency. Values
// come from core/test-values.ts, as the SDKs' tests take them, printed as JSON inside `str`. A tool
// with no optional input gets the second call alone (core/wire-cases.ts).

import { credentialTestEnv } from '../core/client.ts';
import type { GeneratedFile } from '../core/files.ts';
import { parameterValue, testValue, testValueJson, type Fill, type TestValue } from '../core/test-values.ts';
import { wireCases, wireTestName } from '../core/wire-cases.ts';
import type { ApiModel } from '../model/types.ts';
import { str } from '../printers/ts-source.ts';
import type { SdkPlan } from '../typescript/naming.ts';
import { methodShape } from '../typescript/naming.ts';
import { MAX_PAGES_ARG, type McpTool } from './plan.ts';

export const MCP_TESTS_PATH = 'tests/mcp.test.mjs';
/** `npm test` in the generated MCP server package (after `npm run build`). */
export const MCP_TEST_SCRIPT = `node --test ${MCP_TESTS_PATH}`;

const FILE = { content_base64: Buffer.from('file contents').toString('base64'), filename: 'upload.bin' };

const json = (value: TestValue): unknown => testValueJson(value, FILE);

/** How many pages a paginated tool's `all` call asks for. */
const PAGES = 2;

/** The tool's arguments for one case. */
function toolArguments(model: ApiModel, tool: McpTool, fill: Fill): Record<string, unknown> {
  const shape = methodShape(model, tool.method);
  const out: Record<string, unknown> = {};
  const argOf = (key: string): (typeof tool.args)[number] | undefined =>
    tool.args.find((a) => a.to === 'param' && a.key === key);
  for (const arg of tool.args) {
    if (arg.to !== 'path') continue;
    const param = shape.pathArgs[arg.index]?.param;
    if (param) out[arg.name] = json(parameterValue(model, param, fill));
  }
  for (const field of shape.fields) {
    if (fill === 'required' && !field.param.required) continue;
    const arg = argOf(field.key);
    if (arg) out[arg.name] = json(parameterValue(model, field.param, fill));
  }
  const body = shape.body;
  if (body?.flatten) {
    const value = testValue(model, body.content.schema, fill);
    if (value.t === 'obj')
      for (const [key, item] of value.entries) {
        const arg = argOf(key);
        if (arg === undefined) continue;
        out[arg.name] =
          arg.file === 'one'
            ? FILE
            : arg.file === 'many'
              ? item.t === 'arr'
                ? item.items.map(() => FILE)
                : [FILE]
              : json(item);
      }
  } else if (body && (fill === 'all' || body.required)) {
    const arg = argOf(body.key);
    if (arg)
      out[arg.name] =
        body.kind === 'binary'
          ? FILE
          : body.kind === 'text'
            ? 'text'
            : json(testValue(model, body.content.schema, fill));
  }
  for (const [name, value] of Object.entries(out)) if (value === null) delete out[name];
  return out;
}

export function emitMcpTests(model: ApiModel, sdk: SdkPlan, tools: readonly McpTool[]): GeneratedFile {
  const index = new Map(model.operations.map((op, i) => [op.key, i]));
  const env = credentialTestEnv(model, sdk.options.envPrefix).map((name) => `${str(name)}: ${str('test-credential')}`);
  const lines: string[] = [
    '// Generated tests: each tool against the API at TEST_API_BASE_URL (a mock server of the',
    '// description, e.g. `prism mock openapi.yaml`). Run `npm run build`, then `npm test`.',
    "import { after, test } from 'node:test';",
    "import assert from 'node:assert/strict';",
    "import { spawn } from 'node:child_process';",
    "import { fileURLToPath } from 'node:url';",
    '',
    "const baseURL = process.env.TEST_API_BASE_URL ?? 'http://127.0.0.1:4010';",
    "const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));",
    `const env = { ...process.env, ${env.join(', ')} };`,
    '',
    '// The server as an MCP client starts it: MCP messages, one JSON object a line, over stdio.',
    "const server = spawn(process.execPath, [main, '--tools', 'static', '--base-url', baseURL, '--max-retries', '0'], { env, stdio: ['pipe', 'pipe', 'inherit'] });",
    'const waiting = new Map();',
    'let nextId = 1;',
    "let buffer = '';",
    "server.stdout.setEncoding('utf8');",
    "server.stdout.on('data', (chunk) => {",
    '    buffer += chunk;',
    "    for (let end = buffer.indexOf('\\n'); end >= 0; end = buffer.indexOf('\\n')) {",
    '        const line = buffer.slice(0, end).trim();',
    '        buffer = buffer.slice(end + 1);',
    "        if (line === '') continue;",
    '        const message = JSON.parse(line);',
    '        waiting.get(message.id)?.resolve(message);',
    '        waiting.delete(message.id);',
    '    }',
    '});',
    "server.on('exit', (code) => {",
    '    for (const { reject } of waiting.values()) reject(new Error(`the server exited (${code})`));',
    '    waiting.clear();',
    '});',
    'after(() => server.kill());',
    '',
    'function send(message) {',
    "    server.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\\n`);",
    '}',
    '',
    'function request(method, params) {',
    '    const id = nextId++;',
    '    return new Promise((resolve, reject) => {',
    '        waiting.set(id, { resolve, reject });',
    '        send({ id, method, params });',
    '    });',
    '}',
    '',
    "const ready = request('initialize', {",
    "    protocolVersion: '2025-06-18',",
    '    capabilities: {},',
    "    clientInfo: { name: 'generated-tests', version: '1.0.0' },",
    "}).then(() => send({ method: 'notifications/initialized' }));",
    '',
    '/** Calls a tool; a tool error (the API refused, or the call failed) fails the test with its text. */',
    'async function call(name, args) {',
    '    await ready;',
    "    const reply = await request('tools/call', { name, arguments: args });",
    '    if (reply.error) throw new Error(`MCP error ${reply.error.code}: ${reply.error.message}`);',
    "    const text = (reply.result.content ?? []).map((c) => c.text ?? '').join('\\n');",
    '    if (reply.result.isError) {',
    "        // The tool error's first line, then the API's response body, compact (the mock's violations).",
    "        const [first, ...rest] = text.split('\\n');",
    "        let detail = rest.join('\\n');",
    '        try {',
    '            const parsed = JSON.parse(detail);',
    '            detail = JSON.stringify(parsed.body ?? parsed);',
    '        } catch {}',
    '        throw new Error(`${first} ${detail}`.slice(0, 2000));',
    '    }',
    '    return reply.result;',
    '}',
  ];
  for (const tool of tools) {
    const at = index.get(tool.method.op.key);
    if (at === undefined) continue;
    for (const kind of wireCases(tool.method.op)) {
      const walk = kind === 'all' && tool.paginated;
      const args = JSON.stringify({ ...toolArguments(model, tool, kind), ...(walk ? { [MAX_PAGES_ARG]: PAGES } : {}) });
      lines.push('', `test(${str(wireTestName(at, kind, tool.name))}, async () => {`);
      if (!walk) lines.push(`    await call(${str(tool.name)}, JSON.parse(${str(args)}));`);
      else
        lines.push(
          `    const result = await call(${str(tool.name)}, JSON.parse(${str(args)}));`,
          "    const walked = JSON.parse(result.content.map((c) => c.text ?? '').join('\\n'));",
          "    assert.ok(Array.isArray(walked.items), 'the walked pages give an items array');",
          `    assert.ok(walked.pages === ${PAGES} || walked.has_more === false, \`${MAX_PAGES_ARG}=${PAGES} stopped after \${walked.pages} page(s), has_more \${walked.has_more}\`);`,
        );
      lines.push('});');
    }
  }
  return { path: MCP_TESTS_PATH, content: `${lines.join('\n')}\n` };
}
