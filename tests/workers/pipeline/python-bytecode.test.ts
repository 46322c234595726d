// The Python SDK compiled once per run: the python_sdk step's compile check keeps checked hash-based
// bytecode of every file, the Python wire suite waits for that compile and imports the package from
// it, and bytecode of other source is never run (the interpreter compiles the source beside it).
import { describe, expect, it } from 'vitest';
import { analyzeSpec } from '../../../workers/generators/analyze.ts';
import type { ApiModel } from '../../../workers/generators/model/types.ts';
import { checkWithTools, type ToolRun } from '../../../workers/pipeline/check-with-tool.ts';
import {
  type BytecodeCompile,
  compileArgs,
  compilePythonBytecode,
  pythonBytecode,
} from '../../../workers/pipeline/python-bytecode.ts';
import { PYTHON_TOOLS_SETUP, pythonTools } from '../../../workers/pipeline/python-tools.ts';
import { pythonSdkFiles } from '../../../workers/pipeline/sdk-files.ts';
import type { GeneratedFile } from '../../../workers/pipeline/step.ts';
import { runSuite, type WireSuite } from '../../../workers/pipeline/wire-run.ts';
import { wireSuites } from '../../../workers/pipeline/wire-suites.ts';

const SPEC = `openapi: 3.1.0
info: { title: Bytecode, version: 1.0.0 }
servers: [{ url: 'https://api.example.com/v1' }]
paths:
  /items/{id}:
    get:
      operationId: getItem
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses:
        '200':
          description: ok
          content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } }
components:
  schemas:
    Item: { type: object, required: [id], properties: { id: { type: string } } }
`;

const python = pythonTools().python;
if (python === undefined)
  console.warn(`\n*** python-bytecode tests SKIPPED: python3 not installed (${PYTHON_TOOLS_SETUP}) ***\n`);

/** The python_sdk step's compile tool, with the step's hook for `compile`. */
function compileTool(compile: BytecodeCompile): ToolRun {
  return {
    label: 'python3 compile (every file)',
    command: python as string,
    args: compileArgs,
    timeoutMs: 60_000,
    onExit: (root, passed) => compile.onExit(root, passed),
  };
}

const signal = new AbortController().signal;

/** The run's Python wire suite (the other SDKs left out). */
async function pythonSuite(model: ApiModel): Promise<WireSuite> {
  const [entry] = await Promise.all(wireSuites(model, signal, new Set(['typescript', 'cli', 'mcp', 'go'])));
  if (!entry || !('suite' in entry)) throw new Error(`no Python suite: ${JSON.stringify(entry)}`);
  return entry.suite;
}

/** Runs `code` with `python -v` in a suite folder holding `files`. */
async function runPython(files: readonly GeneratedFile[], code: string) {
  const suite: WireSuite = {
    sdk: 'python',
    files: [...files],
    command: python as string,
    args: ['-v', '-c', code],
    env: { PYTHONPATH: 'src', PYTHONDONTWRITEBYTECODE: '1' },
    timeoutMs: 60_000,
    parse: () => [],
  };
  return runSuite(suite, 'http://127.0.0.1:1', signal);
}

/** The package's modules the interpreter took from bytecode (`python -v`: "<pyc> matches <source>"). */
function fromBytecode(output: string, pkg: string): string[] {
  return [...output.matchAll(new RegExp(`__pycache__/(\\w+)\\.[\\w-]+\\.pyc matches \\S*src/${pkg}/`, 'g'))].map(
    (m) => m[1] as string,
  );
}

/** Whether `promise` is still pending after a moment. */
async function pending(promise: Promise<unknown>): Promise<boolean> {
  const later = Symbol('pending');
  return (await Promise.race([promise, new Promise((resolve) => setTimeout(resolve, 50, later))])) === later;
}

describe.skipIf(python === undefined)('the Python SDK compiled once per run', () => {
  it("the wire suite waits for the check's compile, is given a checked hash-based .pyc of every file, and imports the package from them", async () => {
    const model = (await analyzeSpec({ openapiText: SPEC, mode: 'flagship' })).model!;
    const files = pythonSdkFiles(model);
    const compile = compilePythonBytecode(model);
    const suite = pythonSuite(model);
    expect(await pending(suite)).toBe(true);
    const check = await checkWithTools(files, [compileTool(compile)], signal);
    expect(check.ok, check.problems.join('\n')).toBe(true);

    const sources = files.filter((f) => f.path.startsWith('src/') && f.path.endsWith('.py')).map((f) => f.path);
    const { files: given, counts, env } = await suite;
    const bytecode = given.filter((f) => f.path.endsWith('.pyc'));
    expect(counts).toEqual({ pythonBytecodeFiles: bytecode.length });
    const tag = /\.(cpython-\d+)\.pyc$/.exec(bytecode[0]?.path ?? '')?.[1];
    expect(tag).toBeDefined();
    expect(bytecode.map((f) => f.path)).toEqual(
      sources.map((path) => path.replace(/([^/]+)\.py$/, `__pycache__/$1.${tag}.pyc`)).sort(),
    );
    // PEP 552 flags: hash-based (bit 0) and checked against the source (bit 1).
    for (const file of bytecode) expect(Buffer.from(file.content).readUInt32LE(4), file.path).toBe(0b11);

    // The suite's own command, its imports logged (nothing listens at port 1: its tests fail to connect).
    const ran = await runSuite({ ...(await suite), env: { ...env, PYTHONVERBOSE: '1' } }, 'http://127.0.0.1:1', signal);
    const pkg = /^src\/(\w+)\/__init__\.py$/.exec(sources.find((p) => p.endsWith('/__init__.py')) ?? '')?.[1] ?? '';
    const taken = fromBytecode(ran.output, pkg);
    expect(taken).toContain('__init__');
    expect(taken).toContain('_client');
    // Every module of the package the tests loaded came from the bytecode.
    const loaded = [...ran.output.matchAll(new RegExp(`^import '${pkg}(?:\\.[\\w.]+)?'`, 'gm'))];
    expect(taken.length).toBe(loaded.length);
    expect(ran.outcomes.length).toBeGreaterThan(0);

    const fromSource = await runPython(files, `import ${pkg}`);
    expect(fromSource.exitCode, fromSource.output).toBe(0);
    expect(fromBytecode(fromSource.output, pkg)).toEqual([]);
  }, 120_000);

  it('without a compile under way the suite is built at once, with no bytecode; a check that ends without one releases it', async () => {
    const model = (await analyzeSpec({ openapiText: SPEC, mode: 'flagship' })).model!;
    expect((await pythonSuite(model)).counts).toEqual({ pythonBytecodeFiles: 0 });
    const compile = compilePythonBytecode(model);
    const suite = pythonSuite(model);
    expect(await pending(suite)).toBe(true);
    compile.settle();
    expect((await suite).counts).toEqual({ pythonBytecodeFiles: 0 });
  });

  it('never runs bytecode of other source: the interpreter compiles the source beside it', async () => {
    const model = (await analyzeSpec({ openapiText: SPEC, mode: 'flagship' })).model!;
    const first = [{ path: 'src/pkg/__init__.py', content: 'VALUE = 1\n' }];
    const check = await checkWithTools(first, [compileTool(compilePythonBytecode(model))], signal);
    expect(check.ok, check.problems.join('\n')).toBe(true);
    const bytecode = await pythonBytecode(model);
    expect(bytecode).toHaveLength(1);

    const same = await runPython([...first, ...bytecode], 'import pkg; print("VALUE", pkg.VALUE)');
    expect(same.output).toContain('VALUE 1');
    expect(fromBytecode(same.output, 'pkg')).toEqual(['__init__']);

    // The same file's bytecode, beside a source the custom code changed (same length, same times).
    const changed = [{ path: 'src/pkg/__init__.py', content: 'VALUE = 2\n' }];
    const other = await runPython([...changed, ...bytecode], 'import pkg; print("VALUE", pkg.VALUE)');
    expect(other.output).toContain('VALUE 2');
    expect(fromBytecode(other.output, 'pkg')).toEqual([]);
  }, 60_000);

  it("a file that does not compile fails the check in compileall's words, and the suite gets no bytecode", async () => {
    const model = (await analyzeSpec({ openapiText: SPEC, mode: 'flagship' })).model!;
    const files = [
      { path: 'src/pkg/__init__.py', content: 'VALUE = 1\n' },
      { path: 'src/pkg/broken.py', content: 'return 1\n' },
    ];
    const check = await checkWithTools(files, [compileTool(compilePythonBytecode(model))], signal);
    expect(check.ok).toBe(false);
    expect(check.problems).toEqual([
      "*** Error compiling 'src/pkg/broken.py'...",
      "SyntaxError: 'return' outside function (broken.py, line 1)",
    ]);
    expect(await pythonBytecode(model)).toEqual([]);
  }, 60_000);
});
