// The CLI package's own tests (`tests/cli.test.mjs`, run by `npm test`: `node --test`): per
// command, one run with only the required flags and one with every flag and the CLI's request
// flags (`--verbose`, whose log must show the response; `--api-key`, the first credential's
// variables left out of the environment; a list command's `--max-items=3`, which walks the pages
// and must print an array of at most 3 items), each the command line a
// user types (`<bin> <group> <command> --flag=value … --base-url $TEST_API_BASE_URL`, and
// `--max-retries 0` as the SDKs' tests make their clients: an answer the mock cannot give fails at
// once, not after two retries' backoff, 1.3 s a command on OpenAI's POST /audio/speech) given to the
// CLI's own entry (`main`, which `dist/main.js` calls with the process arguments) in the test
// process, so a run costs no Node start (tests/workers/generators/cli/run.test.ts spawns the binary
// itself), against the API at `TEST_API_BASE_URL` (a validating mock of the description; docs/wire-tests.md). A run passes
// when the command exits 0; a failure carries what the CLI printed on stderr (the mock names each
// violation). Values come from core/test-values.ts, as the SDKs' tests take them, and every value
// is printed by the TypeScript literal printer (`str`), never pasted. A command with no optional
// flag runs the second line alone (core/wire-cases.ts); the environment's credentials are proven
// by every other command's first run.

import { credentialEnv, credentialTestEnv } from '../core/client.ts';
import type { GeneratedFile } from '../core/files.ts';
import { parameterValue, testValue, testValueJson, type Fill, type TestValue } from '../core/test-values.ts';
import { wireCases, wireTestName } from '../core/wire-cases.ts';
import type { ApiModel } from '../model/types.ts';
import { str } from '../printers/ts-source.ts';
import type { SdkPlan } from '../typescript/naming.ts';
import type { CliFlag, CliGroup, CliMethod } from './plan.ts';

export const CLI_TESTS_PATH = 'tests/cli.test.mjs';
/** `npm test` in the generated CLI package (after `npm run build`). */
export const CLI_TEST_SCRIPT = `node --test ${CLI_TESTS_PATH}`;

/** How many items the `all` case of a list command walks (`--max-items`). */
const WALK = 3;

/** The upload a file flag or a binary body is given (written by the tests into a temp folder). */
const UPLOAD = '\u0000upload';

const json = (value: TestValue): unknown => testValueJson(value, 'file contents');

/** A flag's words for a value, `--name=value` (a value may start with `-`); none for a null. */
function flagWords(flag: CliFlag, value: TestValue): string[] {
  if (value.t === 'null') return [];
  const given = (text: string): string[] => [`--${flag.name}=${text}`];
  if (flag.type === 'json') return given(JSON.stringify(json(value)));
  if (flag.multiple && value.t === 'arr')
    return value.items.flatMap((item) => flagWords({ ...flag, multiple: false }, item));
  if (flag.type === 'file' || value.t === 'file') return [`--${flag.name}=${UPLOAD}`];
  if (flag.type === 'boolean') return value.t === 'bool' && !value.v ? [`--no-${flag.name}`] : [`--${flag.name}`];
  if (value.t === 'str' || value.t === 'num' || value.t === 'bool') return given(String(value.v));
  return given(JSON.stringify(json(value)));
}

/** The command's arguments for one case, after its words. */
function commandArgs(model: ApiModel, method: CliMethod, fill: Fill): string[] {
  const { shape } = method;
  const words: string[] = [];
  const byKey = new Map(method.flags.filter((f) => f.in !== 'body').map((f) => [`${f.in}:${f.key}`, f]));
  for (const { param } of shape.pathArgs) {
    const flag = byKey.get(`path:${param.name}`);
    if (flag) words.push(...flagWords(flag, parameterValue(model, param, fill)));
  }
  for (const field of shape.fields) {
    if (fill === 'required' && !field.param.required) continue;
    const flag = byKey.get(`${field.param.in === 'path' ? 'query' : field.param.in}:${field.key}`);
    if (flag) words.push(...flagWords(flag, parameterValue(model, field.param, fill)));
  }
  const body = shape.body;
  if (body?.flatten) {
    // A flattened body is its fields' flags (a file field takes the upload).
    const value = testValue(model, body.content.schema, fill);
    const flags = new Map(method.flags.filter((f) => f.in === 'body').map((f) => [f.key, f]));
    if (value.t === 'obj')
      for (const [key, item] of value.entries) {
        const flag = flags.get(key);
        if (flag) words.push(...flagWords(flag, item));
      }
  } else if (body && (fill === 'all' || body.required)) {
    if (body.kind === 'binary') words.push(`--data=@${UPLOAD}`);
    else if (body.kind === 'text') words.push('--data=text');
    else words.push(`--data=${JSON.stringify(json(testValue(model, body.content.schema, fill)))}`);
  }
  return words;
}

/** Every command with its words from the root, depth first. */
function commands(groups: readonly CliGroup[], above: string[] = []): { words: string[]; method: CliMethod }[] {
  return groups.flatMap((group) => [
    ...group.methods.map((method) => ({ words: [...above, group.word, method.word], method })),
    ...commands(group.groups, [...above, group.word]),
  ]);
}

/** A JavaScript array literal of the words, the upload's placeholder as the `upload` variable's value. */
function wordsLiteral(words: readonly string[]): string {
  const literal = (w: string): string => {
    const at = w.indexOf(UPLOAD);
    return at < 0 ? str(w) : `${str(w.slice(0, at))} + upload`;
  };
  return `[${words.map(literal).join(', ')}]`;
}

export function emitCliTests(model: ApiModel, sdk: SdkPlan, groups: readonly CliGroup[]): GeneratedFile {
  const index = new Map(model.operations.map((op, i) => [op.key, i]));
  const env = credentialTestEnv(model, sdk.options.envPrefix).map((name) => `${str(name)}: ${str('test-credential')}`);
  // The `all` case gives the first credential with `--api-key`, so the environment leaves it out.
  const keyed = model.authOptions.length > 0;
  const keyVars = keyed ? credentialEnv(model, sdk.options.envPrefix, 0) : [];
  const lines: string[] = [
    '// Generated tests: each command against the API at TEST_API_BASE_URL (a mock server of the',
    '// description, e.g. `prism mock openapi.yaml`). Run `npm run build`, then `npm test`.',
    "import { after, test } from 'node:test';",
    "import assert from 'node:assert/strict';",
    "import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';",
    "import { tmpdir } from 'node:os';",
    "import { join } from 'node:path';",
    "import { main, processIO } from '../dist/cli/main.js';",
    "import { program } from '../dist/commands.js';",
    '',
    "const baseURL = process.env.TEST_API_BASE_URL ?? 'http://127.0.0.1:4010';",
    "const uploads = mkdtempSync(join(tmpdir(), 'cli-test-'));",
    "const upload = join(uploads, 'upload.bin');",
    "writeFileSync(upload, 'file contents');",
    'after(() => rmSync(uploads, { recursive: true, force: true }));',
    `const env = { ...process.env, ${[...env, "NO_COLOR: '1'"].join(', ')} };`,
    ...(keyed
      ? [
          '// Without the first credential: the `all` cases give it with --api-key.',
          'const keyless = { ...env };',
          ...keyVars.map((name) => `delete keyless[${str(name)}];`),
        ]
      : []),
    '',
    '/**',
    " * Runs a command line through the CLI's own entry (`main`, what `dist/main.js` calls with the",
    ' * process arguments), in this process: resolves with what it printed on stdout and stderr, rejects',
    ' * with what it printed on stderr and its exit code.',
    ' */',
    'async function cli(args, environment = env) {',
    "    let out = '';",
    "    let err = '';",
    '    const io = {',
    '        ...processIO(),',
    '        env: environment,',
    '        stdoutIsTTY: false,',
    "        stdout: (text) => void (out += typeof text === 'string' ? text : Buffer.from(text).toString('utf8')),",
    '        stderr: (text) => void (err += text),',
    '    };',
    "    const code = await main(program, [...args, '--base-url', baseURL, '--format', 'json', '--max-retries', '0'], io);",
    '    if (code !== 0) {',
    "        // What the CLI said, without the --verbose log's request and response lines.",
    "        const said = err.split('\\n').filter((line) => !/^[<>] /.test(line)).join('\\n');",
    '        throw new Error(`exit ${code}: ${said.trim().slice(0, 2000)}`);',
    '    }',
    '    return { out, err };',
    '}',
  ];
  for (const { words, method } of commands(groups)) {
    const at = index.get(method.sdk.op.key);
    if (at === undefined) continue;
    for (const kind of wireCases(method.sdk.op)) {
      const args = [...words, ...commandArgs(model, method, kind)];
      lines.push('', `test(${str(wireTestName(at, kind, words.join(' ')))}, async () => {`);
      if (kind === 'required') {
        lines.push(`    const { out } = await cli(${wordsLiteral(args)});`);
        lines.push("    assert.equal(typeof out, 'string');");
      } else {
        const paged = method.shape.pagination !== undefined;
        const extra = [
          ...(paged ? [`--max-items=${WALK}`] : []),
          '--verbose',
          ...(keyed ? ['--api-key=test-credential'] : []),
        ];
        lines.push(
          `    const { out, err } = await cli(${wordsLiteral([...args, ...extra])}${keyed ? ', keyless' : ''});`,
        );
        lines.push("    assert.match(err, /^< 2\\d\\d /m, 'the --verbose log shows the response');");
        if (paged) {
          lines.push('    const items = JSON.parse(out);');
          lines.push(
            `    assert.ok(Array.isArray(items) && items.length <= ${WALK}, \`--max-items=${WALK} prints at most ${WALK} items: \${out.slice(0, 200)}\`);`,
          );
        }
      }
      lines.push('});');
    }
  }
  return { path: CLI_TESTS_PATH, content: `${lines.join('\n')}\n` };
}
