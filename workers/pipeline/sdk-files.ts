// The SDKs of a model, each emitted once per run process. A run asks for the same package several
// times: the TypeScript SDK for the typescript_sdk step and its compile (typescript-sdk-build.ts),
// inside the CLI and the MCP server (which carry it under `src/sdk/`) and for the compatibility
// diff; the Python SDK for the python_sdk step, the wire suite and the compatibility diff. On the
// Stripe-sized description each emit was 0.3-0.5 s of the run process's one thread, while every
// other step waited on that thread to emit its own package.

import type { ApiModel } from '../generators/model/types.ts';
import { emitPythonSdk } from '../generators/python/index.ts';
import { emitTypeScriptSdk } from '../generators/typescript/index.ts';

/**
 * `emit`, once per model: a new array each time, of the same files (shared and frozen, so a step
 * that tried to change one would fail loudly instead of changing another step's package).
 */
function emittedOnce<File extends object>(emit: (model: ApiModel) => File[]): (model: ApiModel) => File[] {
  const emitted = new WeakMap<ApiModel, readonly File[]>();
  return (model) => {
    let files = emitted.get(model);
    if (files === undefined) {
      files = Object.freeze(emit(model).map((file) => Object.freeze(file)));
      emitted.set(model, files);
    }
    return [...files];
  };
}

/** The generated files of the model's Python SDK. */
export const pythonSdkFiles = emittedOnce(emitPythonSdk);

/** The generated files of the model's TypeScript SDK (default options, as every step of a run builds it). */
export const typeScriptSdkFiles = emittedOnce((model) => emitTypeScriptSdk(model));
