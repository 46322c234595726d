import { PIPELINE_STEPS, type PipelineStep } from '../../shared/enums.ts';
import type { StepDefinition } from './step.ts';
import { cliStep } from './steps/cli.ts';
import { compatDiffStep } from './steps/compat-diff.ts';
import { docsStep } from './steps/docs.ts';
import { goSdkStep } from './steps/go-sdk.ts';
import { mcpServerStep } from './steps/mcp-server.ts';
import { pythonSdkStep } from './steps/python-sdk.ts';
import { typescriptSdkStep } from './steps/typescript-sdk.ts';
import { validateStep } from './steps/validate.ts';
import { wireTestsStep } from './steps/wire-tests.ts';

/** The pipeline, in its fixed order. A step is one file plus one line here. */
export const STEPS: readonly StepDefinition[] = [
  validateStep,
  typescriptSdkStep,
  pythonSdkStep,
  goSdkStep,
  cliStep,
  mcpServerStep,
  docsStep,
  compatDiffStep,
  wireTestsStep,
];

if (STEPS.map((s) => s.name).join() !== PIPELINE_STEPS.join()) {
  throw new Error('workers/pipeline/step-list.ts must list every pipeline step in PIPELINE_STEPS order');
}

/**
 * The order in which the steps after `validate` are started when they run side by side. Emitting
 * is JavaScript on the worker's one thread; checking is another process (mypy, tsc). The step
 * whose checker runs longest (mypy on the Python SDK) starts first, so its check overlaps the
 * other steps' emitting instead of waiting for all of it.
 */
export const LAUNCH_ORDER: readonly PipelineStep[] = [
  'python_sdk',
  'typescript_sdk',
  'go_sdk',
  'cli',
  'mcp_server',
  'docs',
  'compat_diff',
  'wire_tests',
];

if (
  [...LAUNCH_ORDER].sort().join() !==
  PIPELINE_STEPS.filter((s) => s !== 'validate')
    .sort()
    .join()
) {
  throw new Error('workers/pipeline/step-list.ts: LAUNCH_ORDER must name every step after validate once');
}
