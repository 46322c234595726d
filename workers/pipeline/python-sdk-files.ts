// The Python SDK of a model, emitted once per run process. The python_sdk step, the wire suite
// (wire-suites.ts) and the compatibility diff each used to emit it again: on the Stripe-sized
// description that was 0.3–0.5 s of the run process's one thread apiece, while every other step
// waited on that thread to emit its own package.

import { emitPythonSdk } from '../generators/python/index.ts';
import type { ApiModel } from '../generators/model/types.ts';
import type { GeneratedFile } from './step.ts';

const emitted = new WeakMap<ApiModel, readonly GeneratedFile[]>();

/** The generated files of the model's Python SDK (a new array each time; the files are shared, not to be changed). */
export function pythonSdkFiles(model: ApiModel): GeneratedFile[] {
  let files = emitted.get(model);
  if (files === undefined) {
    files = Object.freeze(emitPythonSdk(model).map((file) => Object.freeze(file)));
    emitted.set(model, files);
  }
  return [...files];
}
