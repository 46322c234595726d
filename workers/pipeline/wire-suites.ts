// The SDKs whose generated tests wire_tests runs, each ready to run: the TypeScript package built
// by its own compile (its tests import `dist/`), the CLI as its step built it (its tests run
// `dist/main.js` as a user types the commands), the MCP server as its step built it (its tests
// start it over stdio and call each tool), the Python package as generated (standard-library
// `unittest`), and the Go SDK when one is in this build (wire-go.ts).

import { CLI_TESTS_PATH, emitCli } from '../generators/cli/index.ts';
import { emitMcpServer, MCP_TESTS_PATH } from '../generators/mcp/index.ts';
import { TESTS_PATH } from '../generators/typescript/index.ts';
import type { ApiModel } from '../generators/model/types.ts';
import { findExecutable } from './check-with-tool.ts';
import { pythonBytecode } from './python-bytecode.ts';
import { pythonTools } from './python-tools.ts';
import { MCP_SDK_RESOLUTION } from './tsc-check.ts';
import { buildSdkPackage, buildTypeScriptSdk } from './typescript-sdk-build.ts';
import { goWireSuite } from './wire-go.ts';
import { pythonSdkFiles, typeScriptSdkFiles } from './sdk-files.ts';
import { parseTap, parseUnittest, type WireSdk, type WireSuite } from './wire-run.ts';

export type SuiteOrReason = { sdk: WireSdk; suite: WireSuite } | { sdk: WireSdk; reason: string };

const SUITE_TIMEOUT_MS = 300_000;

/**
 * node:test on the suite's one test file, in the runner's own process (`--test-isolation=none`):
 * with a file per process, the runner forks a second Node and reads every test's events back
 * through a pipe, about a quarter of a TypeScript suite's CPU on the Stripe-sized description
 * (2.1 against 1.5 CPU-s for 1,018 tests), for no isolation a single file needs. Same TAP.
 */
const NODE_TEST_ARGS = ['--test', '--test-isolation=none', '--test-reporter=tap'];

/**
 * The Node suites' environment: without Node's compile cache, which the run process's children
 * inherit (NODE_COMPILE_CACHE, isolated-run.ts). Everything a suite loads is this run's own code
 * (the package, its tests, the CLI's and MCP server's bundles), so no later run could reuse it:
 * each run only added its modules to the worker's cache, which grew without bound, and writing them
 * cost 0.1 CPU-s of each suite's 1.8-2.2 on the Stripe-sized description.
 */
const NODE_SUITE_ENV = { NODE_DISABLE_COMPILE_CACHE: '1' };

/**
 * The suites of the run's SDKs, but for those in `skip` (their steps are turned off in this run),
 * in the report's order, each ready on its own: wire_tests runs a suite as soon as its package is
 * built and a mock is free, so the Python suite (emit only) does not wait for the TypeScript
 * packages' compiles.
 */
export function wireSuites(
  model: ApiModel,
  signal: AbortSignal,
  skip: ReadonlySet<WireSdk> = new Set(),
): Promise<SuiteOrReason>[] {
  const out: Promise<SuiteOrReason>[] = [];
  if (!skip.has('typescript'))
    out.push(
      buildTypeScriptSdk(model, signal).then(({ files: tsFiles, check: built }) =>
        !built.ok || !built.built
          ? {
              sdk: 'typescript',
              reason: `the package does not compile (see typescript_sdk): ${built.problems[0] ?? ''}`,
            }
          : {
              sdk: 'typescript',
              suite: {
                sdk: 'typescript',
                files: [...tsFiles, ...built.built],
                command: process.execPath,
                args: [...NODE_TEST_ARGS, TESTS_PATH],
                env: NODE_SUITE_ENV,
                timeoutMs: SUITE_TIMEOUT_MS,
                parse: parseTap,
              },
            },
      ),
    );
  if (!skip.has('cli'))
    // The CLI as built by its step (one build per run): its tests run the command as a user types it.
    out.push(
      buildSdkPackage('cli', () => emitCli(model, { sdkFiles: typeScriptSdkFiles(model) }), model, signal).then(
        (cli) =>
          !cli.check.ok || !cli.check.built
            ? { sdk: 'cli', reason: `the package does not compile (see cli): ${cli.check.problems[0] ?? ''}` }
            : {
                sdk: 'cli',
                suite: {
                  sdk: 'cli',
                  files: [...cli.files, ...cli.check.built],
                  command: process.execPath,
                  args: [...NODE_TEST_ARGS, CLI_TESTS_PATH],
                  env: NODE_SUITE_ENV,
                  timeoutMs: SUITE_TIMEOUT_MS,
                  parse: parseTap,
                },
              },
      ),
    );
  if (!skip.has('mcp'))
    // The MCP server as its step built it (bundled): its tests start it over stdio and call each tool.
    out.push(
      buildSdkPackage(
        'mcp_server',
        () => emitMcpServer(model, { sdkFiles: typeScriptSdkFiles(model) }),
        model,
        signal,
        [MCP_SDK_RESOLUTION],
        'dist/main.js',
      ).then((mcp) =>
        !mcp.check.ok || !mcp.check.built
          ? { sdk: 'mcp', reason: `the package does not compile (see mcp_server): ${mcp.check.problems[0] ?? ''}` }
          : {
              sdk: 'mcp',
              suite: {
                sdk: 'mcp',
                files: [...mcp.files, ...mcp.check.built],
                command: process.execPath,
                args: [...NODE_TEST_ARGS, MCP_TESTS_PATH],
                env: NODE_SUITE_ENV,
                timeoutMs: SUITE_TIMEOUT_MS,
                parse: parseTap,
              },
            },
      ),
    );
  if (!skip.has('python')) {
    // The pinned environment's interpreter, as the python_sdk step's checks use: PATH's python3
    // may be a version manager's shim (pyenv's is a shell script that starts two more programs).
    const python = pythonTools().python ?? findExecutable('python3');
    // Built once the python_sdk step's compile is over, from the bytecode it compiled (when that
    // step is compiling this model's SDK): importing the package then compiles nothing.
    out.push(
      python === undefined
        ? Promise.resolve({ sdk: 'python', reason: 'python3 is not installed on this worker' })
        : pythonBytecode(model).then((bytecode) => ({
            sdk: 'python',
            suite: {
              sdk: 'python',
              files: [...pythonSdkFiles(model), ...bytecode],
              command: python,
              args: ['-m', 'unittest', 'discover', '-s', 'tests', '-v'],
              env: { PYTHONPATH: 'src', PYTHONDONTWRITEBYTECODE: '1' },
              timeoutMs: SUITE_TIMEOUT_MS,
              counts: { pythonBytecodeFiles: bytecode.length },
              parse: parseUnittest,
            },
          })),
    );
  }
  if (!skip.has('go')) {
    const go = goWireSuite(model);
    if (go !== undefined)
      out.push(Promise.resolve('suite' in go ? { sdk: 'go', suite: go.suite } : { sdk: 'go', reason: go.reason }));
  }
  return out;
}
