// The SDKs of a run's model are emitted once each (workers/pipeline/sdk-files.ts): every step that
// asks for the Python or the TypeScript SDK gets the same files, byte for byte what the emitter
// writes, in an array of its own.
import { describe, expect, it } from 'vitest';
import type { ApiModel } from '../../../workers/generators/model/types.ts';
import { emitPythonSdk } from '../../../workers/generators/python/index.ts';
import { emitTypeScriptSdk } from '../../../workers/generators/typescript/index.ts';
import { pythonSdkFiles, typeScriptSdkFiles } from '../../../workers/pipeline/sdk-files.ts';
import { PETSTORE } from '../../setup/http.ts';
import { stepContext } from '../../setup/step-context.ts';

const SDKS: [string, (model: ApiModel) => { path: string; content: unknown }[], (model: ApiModel) => unknown[]][] = [
  ['Python', pythonSdkFiles, emitPythonSdk],
  ['TypeScript', typeScriptSdkFiles, emitTypeScriptSdk],
];

async function model(): Promise<ApiModel> {
  const { model } = await stepContext(PETSTORE).model();
  if (!model) throw new Error('no model');
  return model;
}

describe('the SDKs of a run', () => {
  it.each(SDKS)(
    '%s: emitted once per model, as the emitter writes it, in a new array each time',
    async (_, once, emit) => {
      const m = await model();
      const first = once(m);
      const second = once(m);
      expect(second).not.toBe(first);
      expect(second.every((file, i) => file === first[i])).toBe(true);
      expect(first).toEqual(emit(m));
      // Shared, so not to be changed: a step that tried would fail loudly, not change another's files.
      expect(() => {
        (first[0] as { content: string }).content = 'changed';
      }).toThrow(TypeError);
      // Another model (another run) gets its own.
      expect(once(await model())[0]).not.toBe(first[0]);
    },
  );
});
