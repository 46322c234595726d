// Stores a run's artifacts as the pipeline makes them: the real steps (typescript_sdk with its
// compile and dist/, python_sdk with mypy and its wheel and sdist, compat_diff against an old SDK)
// run on the run's description, and each outcome is packed and stored like the runner does.

import type { ArtifactKind } from '../../shared/enums.ts';
import type { ArtifactDraft, StepDefinition } from '../../workers/pipeline/step.ts';
import { compatDiffStep } from '../../workers/pipeline/steps/compat-diff.ts';
import { pythonSdkStep } from '../../workers/pipeline/steps/python-sdk.ts';
import { typescriptSdkStep } from '../../workers/pipeline/steps/typescript-sdk.ts';
import { stepContext } from './step-context.ts';
import { storeArtifact } from './stored-artifact.ts';

const STEPS: Partial<Record<ArtifactKind, StepDefinition>> = {
  typescript_sdk: typescriptSdkStep,
  python_sdk: pythonSdkStep,
  compat_diff: compatDiffStep,
};

export { storeArtifact };

/** The steps' outcomes per input, computed once per test file (the steps are pure functions of their inputs). */
const made = new Map<string, Promise<{ summaries: Record<string, string>; drafts: ArtifactDraft[] }>>();

async function runSteps(openapiText: string, kinds: ArtifactKind[], oldSdkText: string | undefined) {
  const context = stepContext(openapiText, oldSdkText !== undefined ? { oldSdkText } : {});
  const summaries: Record<string, string> = {};
  const drafts: ArtifactDraft[] = [];
  for (const kind of kinds) {
    const step = STEPS[kind];
    if (!step) throw new Error(`no step makes ${kind}`);
    const outcome = await step.run(context);
    summaries[kind] = `${outcome.status}: ${outcome.summary}`;
    drafts.push(...(outcome.artifacts ?? []));
  }
  return { summaries, drafts };
}

/** Runs the named steps on the description (once per input) and stores what they produce for the run; returns their summaries. */
export async function storeStepArtifacts(
  orgId: string,
  runId: string,
  openapiText: string,
  kinds: ArtifactKind[],
  oldSdkText?: string,
): Promise<Record<string, string>> {
  const key = JSON.stringify([openapiText, kinds, oldSdkText ?? null]);
  let pending = made.get(key);
  if (!pending) made.set(key, (pending = runSteps(openapiText, kinds, oldSdkText)));
  const { summaries, drafts } = await pending;
  for (const draft of drafts) await storeArtifact(orgId, runId, draft);
  return summaries;
}
