// A real StepContext for running one pipeline step outside the runner (no database): the inputs'
// analysis is the pipeline's own (`analyzeInputs`), computed once.

import { createLogger } from '../../shared/logger.ts';
import type { RunMode } from '../../shared/enums.ts';
import { analyzeInputs } from '../../workers/pipeline/analysis.ts';
import { NO_CARRY_SOURCES, type CarrySources } from '../../workers/pipeline/custom-code/carry-sources.ts';
import type { StepContext } from '../../workers/pipeline/step.ts';

export function stepContext(
  openapiText: string,
  options: {
    oldSdkText?: string;
    signal?: AbortSignal;
    mode?: RunMode;
    configText?: string;
    carry?: CarrySources;
  } = {},
): StepContext {
  const signal = options.signal ?? new AbortController().signal;
  const mode = options.mode ?? 'flagship';
  const inputs = {
    openapiText,
    configText: options.configText ?? null,
    oldSdkText: options.oldSdkText ?? null,
    docsSourceText: null,
  };
  const stages = analyzeInputs(inputs, mode, signal, { maxBytes: 64 * 1024 * 1024 });
  return {
    runId: 'run_test',
    mode,
    inputs,
    signal,
    logger: createLogger('silent'),
    analysis: () => stages.analysis,
    model: () => stages.model,
    previousDescription: async () => undefined,
    carry: options.carry ?? NO_CARRY_SOURCES,
  };
}
