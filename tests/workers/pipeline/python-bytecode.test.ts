// The Python SDK compiled once per run: the python_sdk step's compile check keeps checked hash-based
// bytecode of every file, the Python wire suite imports the package from it, and bytecode of other
// source is never run (the interpreter compiles the source beside it instead).
import { describe, expect, it } from 'vitest';
import { analyzeSpec } from '../../../workers/generators/analyze.ts';
import type { ApiModel } from '../../../workers/generators/model/types.ts';
import { checkWithTools, type ToolRun } from '../../../workers/pipeline/check-with-tool.ts';
import { compileArgs, keepPythonBytecode, pythonBytecode } from '../../../workers/pipeline/python-bytecode.ts';
import { PYTHON_TOOLS_SETUP, pythonTools } from '../../../workers/pipeline/python-tools.ts';
import { pythonSdkFiles } from '../../../workers/pipeline/sdk-files.ts';
import type { GeneratedFile } from '../../../workers/pipeline/step.ts';
import { runSuite, type WireSuite } from '../../../workers/pipeline/wire-run.ts';

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

/** The python_sdk step's compile tool, keeping its bytecode for `model` when it passes. */
function compileTool(model: ApiModel): ToolRun {
  return {
    label: 'python3 compile (every file)',
    command: python as string,
    args: compileArgs,
    timeoutMs: 60_000,
    onPass: (root) => keepPythonBytecode(model, root),
  };
}

/** Runs `code` in a suite folder holding `files` (and the ready files given), with `python -v`. */
async function runPython(files: GeneratedFile[], code: string, ready?: () => readonly GeneratedFile[]) {
  const suite: WireSuite = {
    sdk: 'python',
    files,
    ...(ready ? { readyFiles: ready } : {}),
    command: python as string,
    args: ['-v', '-c', code],
    env: { PYTHONPATH: 'src', PYTHONDONTWRITEBYTECODE: '1' },
    timeoutMs: 60_000,
    parse: () => [],
  };
  return runSuite(suite, 'http://127.0.0.1:1', new AbortController().signal);
}

/** The package's modules the interpreter took from bytecode (`python -v`: "<pyc> matches <source>"). */
function fromBytecode(output: string, pkg: string): string[] {
  return [...output.matchAll(new RegExp(`__pycache__/(\\w+)\\.[\\w-]+\\.pyc matches \\S*src/${pkg}/`, 'g'))].map(
    (m) => m[1] as string,
  );
}

describe.skipIf(python === undefined)('the Python SDK compiled once per run', () => {
  it("keeps a checked hash-based .pyc of every file, and the wire suite's interpreter imports the package from them", async () => {
    const model = (await analyzeSpec({ openapiText: SPEC, mode: 'flagship' })).model!;
    const files = pythonSdkFiles(model);
    expect(pythonBytecode(model)).toEqual([]);
    const check = await checkWithTools(files, [compileTool(model)], new AbortController().signal);
    expect(check.ok, check.problems.join('\n')).toBe(true);

    const sources = files.filter((f) => f.path.startsWith('src/') && f.path.endsWith('.py')).map((f) => f.path);
    const bytecode = pythonBytecode(model);
    const tag = /\.(cpython-\d+)\.pyc$/.exec(bytecode[0]?.path ?? '')?.[1];
    expect(tag).toBeDefined();
    expect(bytecode.map((f) => f.path)).toEqual(
      sources.map((path) => path.replace(/([^/]+)\.py$/, `__pycache__/$1.${tag}.pyc`)).sort(),
    );
    for (const file of bytecode) {
      const bytes = Buffer.from(file.content);
      // PEP 552 flags: hash-based (bit 0) and checked against the source (bit 1).
      expect(bytes.readUInt32LE(4), file.path).toBe(0b11);
    }

    const pkg = /^src\/(\w+)\/__init__\.py$/.exec(sources.find((p) => p.endsWith('/__init__.py')) ?? '')?.[1] ?? '';
    const withBytecode = await runPython(files, `import ${pkg}`, () => pythonBytecode(model));
    expect(withBytecode.exitCode, withBytecode.output).toBe(0);
    expect(withBytecode.readyFiles).toBe(bytecode.length);
    const taken = fromBytecode(withBytecode.output, pkg);
    expect(taken).toContain('__init__');
    expect(taken).toContain('_client');
    // Every module of the package the import loaded came from the bytecode.
    const loaded = [...withBytecode.output.matchAll(new RegExp(`^import '${pkg}(?:\\.[\\w.]+)?'`, 'gm'))];
    expect(taken.length).toBe(loaded.length);

    const fromSource = await runPython(files, `import ${pkg}`);
    expect(fromSource.exitCode, fromSource.output).toBe(0);
    expect(fromSource.readyFiles).toBe(0);
    expect(fromBytecode(fromSource.output, pkg)).toEqual([]);
  }, 120_000);

  it('never runs bytecode of other source: the interpreter compiles the source beside it', async () => {
    const model = (await analyzeSpec({ openapiText: SPEC, mode: 'flagship' })).model!;
    const first = [{ path: 'src/pkg/__init__.py', content: 'VALUE = 1\n' }];
    const check = await checkWithTools(first, [compileTool(model)], new AbortController().signal);
    expect(check.ok, check.problems.join('\n')).toBe(true);
    const ready = () => pythonBytecode(model);

    const same = await runPython(first, 'import pkg; print("VALUE", pkg.VALUE)', ready);
    expect(same.output).toContain('VALUE 1');
    expect(fromBytecode(same.output, 'pkg')).toEqual(['__init__']);

    // The same file's bytecode, beside a source the custom code changed (same length, same times).
    const changed = [{ path: 'src/pkg/__init__.py', content: 'VALUE = 2\n' }];
    const other = await runPython(changed, 'import pkg; print("VALUE", pkg.VALUE)', ready);
    expect(other.readyFiles).toBe(1);
    expect(other.output).toContain('VALUE 2');
    expect(fromBytecode(other.output, 'pkg')).toEqual([]);
  }, 60_000);

  it("a file that does not compile fails the check in compileall's words, and no bytecode is kept", async () => {
    const model = (await analyzeSpec({ openapiText: SPEC, mode: 'flagship' })).model!;
    const files = [
      { path: 'src/pkg/__init__.py', content: 'VALUE = 1\n' },
      { path: 'src/pkg/broken.py', content: 'return 1\n' },
    ];
    const check = await checkWithTools(files, [compileTool(model)], new AbortController().signal);
    expect(check.ok).toBe(false);
    expect(check.problems).toEqual([
      "*** Error compiling 'src/pkg/broken.py'...",
      "SyntaxError: 'return' outside function (broken.py, line 1)",
    ]);
    expect(pythonBytecode(model)).toEqual([]);
  }, 60_000);
});
