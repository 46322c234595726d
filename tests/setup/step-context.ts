// A real StepContext for running one pipeline step outside the runner (no database): the inputs'
// analysis is the pipeline's own (`analyzeInputs`), computed once.

import { createLogger } from '../../shared/logger.ts';
import { analyzeInputs } from '../../workers/pipeline/analysis.ts';
import type { StepContext } from '../../workers/pipeline/step.ts';

export function stepContext(
  openapiText: string,
  options: { oldSdkText?: string; signal?: AbortSignal } = {},
): StepContext {
  const signal = options.signal ?? new AbortController().signal;
  const inputs = { openapiText, configText: null, oldSdkText: options.oldSdkText ?? null, docsSourceText: null };
  const stages = analyzeInputs(inputs, 'flagship', signal, { maxBytes: 64 * 1024 * 1024 });
  return {
    runId: 'run_test',
    mode: 'flagship',
    inputs,
    signal,
    logger: createLogger('silent'),
    analysis: () => stages.analysis,
    model: () => stages.model,
    previousDescription: async () => undefined,
  };
}
