import { PIPELINE_STEPS } from '../../shared/enums.ts';
import type { StepDefinition } from './step.ts';
import { cliStep } from './steps/cli.ts';
import { compatDiffStep } from './steps/compat-diff.ts';
import { docsStep } from './steps/docs.ts';
import { pythonSdkStep } from './steps/python-sdk.ts';
import { typescriptSdkStep } from './steps/typescript-sdk.ts';
import { validateStep } from './steps/validate.ts';

/** The pipeline, in its fixed order. A step is one file plus one line here. */
export const STEPS: readonly StepDefinition[] = [
  validateStep,
  typescriptSdkStep,
  pythonSdkStep,
  cliStep,
  docsStep,
  compatDiffStep,
];

if (STEPS.map((s) => s.name).join() !== PIPELINE_STEPS.join()) {
  throw new Error('workers/pipeline/step-list.ts must list every pipeline step in PIPELINE_STEPS order');
}
