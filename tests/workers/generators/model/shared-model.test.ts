// A run's process builds its description's model once (keepLastModels, workers/pipeline/run-process.ts):
// the diff against the project's previous description (diff/description/load-model.ts) is answered
// from the analysis's model when it would build it from the same inputs (a description without a
// config of its own), and builds its own otherwise. The shared model is frozen here (an ES module is
// strict: a write to a frozen object throws): the diff must give what it gives on models of its own.
import { describe, expect, it } from 'vitest';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import { diffDescriptions } from '../../../../workers/generators/diff/description/diff-descriptions.ts';
import { loadModelForDiff } from '../../../../workers/generators/diff/description/load-model.ts';
import { keepLastModels } from '../../../../workers/generators/model/build-model.ts';
import { keepLastParses } from '../../../../workers/generators/model/parse/parse-document.ts';
import { deepFreeze, readFixture as read, SHARED_CASES as CASES } from './shared-cases.ts';

function diff(previous: string, text: string) {
  const { timings: _, ...report } = diffDescriptions(previous, text) as { timings?: unknown };
  return report;
}

describe('one model of the description, shared by the analysis and the description diff', () => {
  it('answers the diff from the analysis’s model, which it leaves as it is and diffs as a fresh one', async () => {
    const fresh = CASES.map(([, text, previous]) => diff(previous, text));
    keepLastParses();
    keepLastModels();
    for (const [i, [label, text, previous]] of CASES.entries()) {
      const { model } = await analyzeSpec({ openapiText: text, mode: 'flagship' });
      expect(model, label).toBeDefined();
      const before = JSON.stringify(model);
      deepFreeze(model);
      expect(diff(previous, text), label).toEqual(fresh[i]);
      // The previous description's model was built in between: both are kept.
      expect(loadModelForDiff(text).model, `${label}: the analysis's model`).toBe(model);
      expect(JSON.stringify(model), label).toBe(before);
    }
  });

  it('answers it also when the project’s package names shaped the analysis’s (the diff reads none)', async () => {
    const [label, text, previous] = CASES[2]!;
    const fresh = diff(previous, text);
    keepLastParses();
    keepLastModels();
    const { model } = await analyzeSpec({
      openapiText: text,
      mode: 'flagship',
      projectPackages: { inUse: { typescript: 'tiny-api', python: 'tiny-api', pythonModule: 'tiny_api' } },
    });
    expect(model?.client.packages.typescript, label).toBe('tiny-api');
    deepFreeze(model);
    expect(diff(previous, text), label).toEqual(fresh);
    expect(loadModelForDiff(text).model, label).toBe(model);
  });

  it('builds a model of its own when the run’s config shapes the analysis’s', async () => {
    keepLastParses();
    keepLastModels();
    const text = read('custom-code/notes-v2.yaml');
    const { model } = await analyzeSpec({
      openapiText: text,
      configText: read('custom-code/notes-stainless.yml'),
      mode: 'partner_compatible',
    });
    expect(model).toBeDefined();
    const own = loadModelForDiff(text).model;
    expect(own).toBeDefined();
    expect(own).not.toBe(model);
    // Without the config the diff's is the same as it would be in a process that keeps nothing.
    expect(loadModelForDiff(text).model).toBe(own);
  });
});
