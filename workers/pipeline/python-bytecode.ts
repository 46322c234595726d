// The Python SDK is compiled once per run: the python_sdk step's check compiles every file, and
// the Python wire suite, built once that compile is over, imports the package from its bytecode
// instead of compiling it again. Importing the Stripe-sized package from source is 1.6 CPU-s, from
// its bytecode 0.4; writing the bytecode adds 0.1 to the compile's 0.7.
//
// The bytecode is written as checked hash-based `.pyc` files (PEP 552): the interpreter that
// imports one hashes the source beside it and compiles that source itself when the hash differs,
// whatever the files' times. So a `.pyc` of other source (a file the custom code changed) is never
// run; it only spares no work.

import type { ApiModel } from '../generators/model/types.ts';
import { readTree } from './check-with-tool.ts';
import type { GeneratedFile } from './step.ts';

/** Where the check's compile writes the bytecode, beside the checked `src/` (no checker reads it). */
const BYTECODE_DIR = '__bytecode__';

/**
 * Every `.py` file under the folder given (argv 1) compiled by CPython as `python3 -m compileall -q`
 * compiles it (`compile(source bytes, path, "exec", dont_inherit=True)`, what importlib's
 * `source_to_code` does). A file that does not compile is printed as compileall prints it (`***
 * Error compiling '<path>'...` and the error), and the exit status is 1, as compileall's. With an
 * output folder (argv 2), each compiled file's checked hash-based `.pyc` is written there, at the
 * path importlib looks for it (`cache_from_source`): the magic number, flags 0b11 (hash-based,
 * checked), the source's hash and the marshalled code.
 */
export const COMPILE_EVERY_FILE = [
  'import importlib.util, marshal, pathlib, sys',
  'out = pathlib.Path(sys.argv[2]) if len(sys.argv) > 2 else None',
  'failed = False',
  'for path in sorted(pathlib.Path(sys.argv[1]).rglob("*.py")):',
  '    try:',
  '        source = path.read_bytes()',
  '        code = compile(source, str(path), "exec", dont_inherit=True)',
  '    except Exception as error:',
  '        failed = True',
  '        print(f"*** Error compiling {str(path)!r}...")',
  '        print(f"{type(error).__name__}: {error}")',
  '        continue',
  '    if out is not None:',
  '        pyc = out / importlib.util.cache_from_source(str(path))',
  '        pyc.parent.mkdir(parents=True, exist_ok=True)',
  '        header = importlib.util.MAGIC_NUMBER + (3).to_bytes(4, "little") + importlib.util.source_hash(source)',
  '        pyc.write_bytes(header + marshal.dumps(code))',
  'sys.exit(1 if failed else 0)',
].join('\n');

/** The compile's arguments for a checked tree's `src/`, writing the bytecode beside it. */
export function compileArgs(): string[] {
  return ['-I', '-c', COMPILE_EVERY_FILE, 'src', BYTECODE_DIR];
}

const compiles = new WeakMap<ApiModel, Promise<readonly GeneratedFile[]>>();

/** The python_sdk step's side of one compile of the model's SDK: the compile tool's hook, and its end. */
export interface BytecodeCompile {
  /** The compile tool's `onExit`: keeps what it wrote in `root` when it passed. */
  onExit(root: string, passed: boolean): Promise<void>;
  /** The check is over: a suite still waiting gets no bytecode (the compile failed or never ran). */
  settle(): void;
}

/**
 * Announces that the python_sdk step is about to compile the model's SDK, so the Python wire suite
 * waits for its bytecode instead of compiling the package itself. Call `settle` when the check is
 * over, whatever happened.
 */
export function compilePythonBytecode(model: ApiModel): BytecodeCompile {
  let resolve: (files: readonly GeneratedFile[]) => void = () => {};
  compiles.set(model, new Promise((done) => (resolve = done)));
  return {
    async onExit(root, passed) {
      if (!passed) return resolve([]);
      try {
        const files = await readTree(`${root}/${BYTECODE_DIR}`, 'src');
        resolve(Object.freeze(files.map((file) => Object.freeze(file))));
      } catch {
        resolve([]);
      }
    },
    settle: () => resolve([]),
  };
}

/**
 * The model's Python SDK bytecode (`src/<package>/__pycache__/*.pyc`) once the python_sdk step's
 * compile is over; none when that step is not compiling it (the suite then compiles what it imports).
 */
export function pythonBytecode(model: ApiModel): Promise<readonly GeneratedFile[]> {
  return compiles.get(model) ?? Promise.resolve([]);
}
