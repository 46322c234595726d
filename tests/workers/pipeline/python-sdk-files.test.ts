// The Python SDK of a run's model is emitted once (workers/pipeline/python-sdk-files.ts): the
// python_sdk step, the wire suite and the compatibility diff get the same files, byte for byte
// what the emitter writes, in an array of their own.
import { describe, expect, it } from 'vitest';
import { emitPythonSdk } from '../../../workers/generators/python/index.ts';
import { pythonSdkFiles } from '../../../workers/pipeline/python-sdk-files.ts';
import { PETSTORE } from '../../setup/http.ts';
import { stepContext } from '../../setup/step-context.ts';

describe('the Python SDK of a run', () => {
  it('is emitted once per model, as the emitter writes it, in a new array each time', async () => {
    const { model } = await stepContext(PETSTORE).model();
    if (!model) throw new Error('no model');
    const first = pythonSdkFiles(model);
    const second = pythonSdkFiles(model);
    expect(second).not.toBe(first);
    expect(second.every((file, i) => file === first[i])).toBe(true);
    expect(first).toEqual(emitPythonSdk(model));
    // Shared, so not to be changed: a step that tried would fail loudly, not change another's files.
    expect(() => {
      (first[0] as { content: string }).content = 'changed';
    }).toThrow(TypeError);
    // Another model (another run) gets its own.
    const other = (await stepContext(PETSTORE).model()).model;
    if (!other) throw new Error('no model');
    expect(pythonSdkFiles(other)[0]).not.toBe(first[0]);
  });
});
