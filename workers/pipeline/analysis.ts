import type { RunMode } from '../../shared/enums.ts';
import { analyzeSpec } from '../generators/model/analyze.ts';
import type { ApiModel, Diagnostic } from '../generators/model/types.ts';
import type { RunInputs } from './step.ts';

/** What the pipeline knows about a description after parse → validate → model (once per job). */
export interface Analysis {
  diagnostics: Diagnostic[];
  model: ApiModel | undefined;
  /** A flagship config derived from the paths when the run had none (the `starter_config` artifact). */
  starterConfigYaml: string | undefined;
  /** Why a partner run cannot go on without setup (empty when it can). */
  needsSetup: string[];
  counts: Record<string, number>;
}

export async function analyzeInputs(inputs: RunInputs, mode: RunMode, signal: AbortSignal, maxBytes: number): Promise<Analysis> {
  const result = await analyzeSpec({
    openapiText: inputs.openapiText,
    configText: inputs.configText ?? undefined,
    mode,
    limits: { maxBytes },
    signal,
  });
  return {
    diagnostics: result.diagnostics,
    model: result.model,
    starterConfigYaml: result.starterConfigYaml,
    needsSetup: result.needsSetup ?? [],
    counts: result.counts,
  };
}
