// Running one SDK's generated tests against the mock and reading what each test did: the test
// runner's own report (node:test's TAP, unittest's verbose lines, `go test -v`) parsed into one
// outcome per test, then per operation: passed, failed (with what the mock refused or what failed
// to decode) or not servable (a response Prism cannot produce, or a request the SDK's runtime
// cannot send: each reason begins with whose limit it is).

import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { parseWireTestName, type WireCase } from '../generators/core/wire-cases.ts';
import { writeTree } from './check-with-tool.ts';
import { runInBackground } from './priority.ts';
import type { GeneratedFile } from './step.ts';

export type WireSdk = 'typescript' | 'cli' | 'mcp' | 'python' | 'go';

/** One SDK's tests: its files (ready to run: a TypeScript package with its built `dist/`) and its test command. */
export interface WireSuite {
  sdk: WireSdk;
  files: GeneratedFile[];
  command: string;
  args: string[];
  env?: Record<string, string>;
  timeoutMs: number;
  /** Counts the step reports for this suite (how many of its files are bytecode it was given). */
  counts?: Record<string, number>;
  /** Reads the runner's output into test outcomes (name → ok, or the failure's text). */
  parse(output: string): TestOutcome[];
}

export interface TestOutcome {
  name: string;
  ok: boolean;
  message?: string;
}

export type OperationVerdict =
  | { operation: number; status: 'passed' }
  | { operation: number; status: 'failed' | 'not_servable'; kind: WireCase; reason: string };

/**
 * Failures that are no fault of the SDK's code, each with its reason, worded by its cause: "not
 * servable by the mock: ..." (Prism cannot produce a response), "not testable: ..." (the SDK's
 * runtime cannot send the request).
 */
const NOT_SERVABLE: [RegExp, string][] = [
  [
    // The type URL (the SDKs print the body), or its title (the CLI prints `error: 500 <title>`).
    /prism\/errors#NO_COMPLEX_OBJECT_TEXT|500 Cannot serialise complex objects as text/,
    'not servable by the mock: Prism cannot serialise an object schema as text (an event stream or text/plain response of objects)',
  ],
  [
    /prism\/errors#NO_RESPONSE(_RESPONSE)?_DEFINED/,
    'not servable by the mock: the description declares no response Prism can answer with (no content or example for the status it picked)',
  ],
  [/prism\/errors#NOT_IMPLEMENTED/, 'not servable by the mock: Prism does not implement this operation'],
  [/prism\/errors#UNKNOWN/, 'not servable by the mock: Prism failed while generating the response'],
  [
    // Node's parser (the TypeScript SDK's cause; the CLI and the MCP server print it after
    // "Connection error."): undici's "Response does not match the HTTP/1.1 protocol (…)",
    // node:http's "Parse Error: …" (reproduced with Prism on notion.com's description).
    /Content-Length can't be present with Transfer-Encoding/,
    "not servable by the mock: Prism sends the description's own Transfer-Encoding response header beside its Content-Length, which is not valid HTTP/1.1",
  ],
  [
    // Go's transport takes the chunked body, then un-gzips it as the header says: compress/gzip's
    // ErrHeader. The SDK asks for no encoding itself; only a body mislabelled gzip gives this.
    /\bgzip: invalid header\b/,
    "not servable by the mock: Prism sends the description's own `Content-Encoding: gzip` response header with a body that is not gzip",
  ],
  [
    // Not the mock's limit but Node's: undici's fetch refuses the forbidden methods (Fetch standard)
    // before sending, "TypeError: 'TRACE' HTTP method is unsupported." in any SDK's wrapping (the
    // TypeScript SDK, and the CLI and MCP server that run it). Python and Go send them.
    /'(CONNECT|TRACE|TRACK)' HTTP method is unsupported/,
    "not testable: Node's fetch cannot send this method (CONNECT, TRACE and TRACK are forbidden methods in the Fetch standard), so the TypeScript SDK, the CLI and the MCP server cannot send it",
  ],
  [
    // The SDKs' tests (`HTTP 302`), the CLI's error (`exit 1: error: 302 Found`), the MCP tool
    // error (`API error 302:`), Go's (`(status: 302)`).
    /^(AssertionError: )?HTTP 3\d\d\b|^exit \d+: error: 3\d\d |^API error 3\d\d:|\(status: 3\d\d\)/,
    'not servable by the mock: the operation answers a redirect (3xx) and Prism sends no Location to follow',
  ],
];

/**
 * The worker's environment without proxy settings: the suites call only the local mock, and an
 * HTTP client that honours `HTTP_PROXY` (httpx, Go's net/http) would send the SDK's requests, with
 * their credentials, to the proxy instead (tests/security/ssrf.test.ts sets every proxy variable).
 */
function withoutProxies(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) if (!/^(https?|all|no)_proxy$/i.test(name)) out[name] = value;
  return out;
}

/** Runs the suite's command in a temp folder holding its files, with `TEST_API_BASE_URL`. */
export async function runSuite(
  suite: WireSuite,
  baseUrl: string,
  signal: AbortSignal,
): Promise<{ outcomes: TestOutcome[]; output: string; exitCode: number | null; durationMs: number }> {
  const started = Date.now();
  const root = await writeTree(suite.files, `wire-${suite.sdk}-`);
  try {
    const result = await new Promise<{ output: string; code: number | null }>((resolve) => {
      const child = execFile(
        suite.command,
        suite.args,
        {
          cwd: root,
          signal,
          timeout: suite.timeoutMs,
          maxBuffer: 64 * 1024 * 1024,
          env: { ...withoutProxies(process.env), ...suite.env, TEST_API_BASE_URL: baseUrl, NO_COLOR: '1' },
        },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
          resolve({ output: `${stdout}\n${stderr}`, code });
        },
      );
      runInBackground(child.pid);
    });
    signal.throwIfAborted();
    return {
      outcomes: suite.parse(result.output.replaceAll(root, '.')),
      output: result.output.replaceAll(root, '.'),
      exitCode: result.code,
      durationMs: Date.now() - started,
    };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** Per operation (by index), from its tests: a failure that is a limit listed above is `not_servable`. */
export function operationVerdicts(outcomes: readonly TestOutcome[]): OperationVerdict[] {
  const byOp = new Map<number, OperationVerdict>();
  for (const outcome of outcomes) {
    const named = parseWireTestName(outcome.name);
    if (named === undefined) continue;
    const previous = byOp.get(named.index);
    if (outcome.ok) {
      if (previous === undefined) byOp.set(named.index, { operation: named.index, status: 'passed' });
      continue;
    }
    const message = outcome.message?.trim() || 'the test failed without a message';
    const limit = NOT_SERVABLE.find(([pattern]) => pattern.test(message));
    const verdict: OperationVerdict = limit
      ? { operation: named.index, status: 'not_servable', kind: named.kind, reason: limit[1] }
      : { operation: named.index, status: 'failed', kind: named.kind, reason: shorten(message) };
    // A failure outranks a limit of the mock, which outranks a pass.
    if (
      previous === undefined ||
      previous.status === 'passed' ||
      (previous.status === 'not_servable' && verdict.status === 'failed')
    )
      byOp.set(named.index, verdict);
  }
  return [...byOp.values()].sort((a, b) => a.operation - b.operation);
}

/** What a failure says, without stack frames, on one line, bounded. */
function shorten(message: string): string {
  return message
    .split('\n')
    .map((line) => line.trim())
    .filter(
      (line) =>
        line && !/^at\s/.test(line) && !line.startsWith('File "') && line !== 'Traceback (most recent call last):',
    )
    .join(' ')
    .replace(/\s+/g, ' ')
    .slice(0, 600);
}

/** node:test's TAP reporter: `ok N - name` / `not ok N - name` with a YAML block holding `error:`. */
export function parseTap(output: string): TestOutcome[] {
  const lines = output.split('\n');
  const outcomes: TestOutcome[] = [];
  for (let i = 0; i < lines.length; i++) {
    const found = /^(not )?ok \d+ - (.*?)(?: # .*)?$/.exec(lines[i] as string);
    if (!found) continue;
    const name = (found[2] as string).replace(/\\#/g, '#').replace(/\\\\/g, '\\');
    if (!found[1]) {
      outcomes.push({ name, ok: true });
      continue;
    }
    // The YAML block: `error: '...'` or `error: |-` followed by indented lines.
    const block: string[] = [];
    for (let j = i + 1; j < lines.length && !/^\s*\.\.\.\s*$/.test(lines[j] as string); j++)
      block.push(lines[j] as string);
    const at = block.findIndex((l) => /^\s*error:/.test(l));
    let message = '';
    if (at >= 0) {
      const first = (block[at] as string).replace(/^\s*error:\s*/, '');
      if (first === '|-' || first === '|' || first === '>-') {
        const indent = /^(\s*)/.exec(block[at + 1] ?? '')?.[1]?.length ?? 0;
        const rest: string[] = [];
        for (
          let k = at + 1;
          k < block.length && ((/^(\s*)/.exec(block[k] as string)?.[1]?.length ?? 0) >= indent || block[k] === '');
          k++
        )
          rest.push((block[k] as string).trim());
        message = rest.join('\n');
      } else message = first.replace(/^'(.*)'$/s, '$1').replace(/''/g, "'");
    }
    outcomes.push({ name, ok: false, message: message || block.join('\n') });
  }
  return outcomes;
}

/**
 * `python -m unittest -v`: `test_x (module.Class.test_x) ... ok|FAIL|ERROR|skipped`, then one
 * block per failure whose last line is the exception.
 */
export function parseUnittest(output: string): TestOutcome[] {
  const outcomes = new Map<string, TestOutcome>();
  for (const match of output.matchAll(/^(test_\w+) \([^)]*\)(?:\n[^\n]*?)? \.\.\. (ok|FAIL|ERROR|skipped.*)$/gm)) {
    const name = match[1] as string;
    outcomes.set(name, { name, ok: match[2] === 'ok' || (match[2] as string).startsWith('skipped') });
  }
  for (const block of output.split(/^={50,}$/m).slice(1)) {
    const head = /^(?:FAIL|ERROR): (test_\w+)/m.exec(block);
    if (!head) continue;
    const body = block.split(/^-{50,}$/m)[1] ?? '';
    // The exception that ended the test: the last line that is not a traceback frame or a chain note.
    const raised = body
      .split('\n')
      .filter(
        (l) => /^\S/.test(l) && !/^(Traceback|The above exception|During handling|Ran \d+ tests?|FAILED|OK\b)/.test(l),
      );
    const message = raised.at(-1) ?? body.trim().split('\n').at(-1) ?? '';
    const name = head[1] as string;
    outcomes.set(name, { name, ok: false, message });
  }
  return [...outcomes.values()];
}

/** `go test -v -json`-less plain `-v`: `--- PASS: TestX` / `--- FAIL: TestX` with the failure's lines before it. */
export function parseGoTest(output: string): TestOutcome[] {
  const outcomes: TestOutcome[] = [];
  const pending = new Map<string, string[]>();
  let current: string | undefined;
  for (const line of output.split('\n')) {
    const run = /^=== RUN\s+(\S+)/.exec(line);
    if (run) {
      current = run[1] as string;
      pending.set(current, []);
      continue;
    }
    const done = /^\s*--- (PASS|FAIL|SKIP): (\S+)/.exec(line);
    if (done) {
      const name = done[2] as string;
      outcomes.push({
        name,
        ok: done[1] !== 'FAIL',
        ...(done[1] === 'FAIL' ? { message: (pending.get(name) ?? []).join('\n') } : {}),
      });
      continue;
    }
    if (current) pending.get(current)?.push(line);
  }
  return outcomes;
}
