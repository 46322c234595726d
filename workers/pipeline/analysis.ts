import type { RunMode } from '../../shared/enums.ts';
import { startAnalysis, type ModelStage } from '../generators/analyze.ts';
import type { ProjectPackages } from '../generators/config/project-packages.ts';
import type { ApiModel, Diagnostic } from '../generators/model/types.ts';
import type { ParseLimits } from '../generators/model/parse/limits.ts';
import type { RunInputs } from './run-inputs.ts';

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

/** What the generating steps wait for: the model, before the description's checks are in. */
export type ModelReady = Pick<ModelStage, 'model' | 'needsSetup' | 'targets'>;

/**
 * The analysis of a run's inputs, in its two stages (see `startAnalysis`). Without `checks` the
 * description's checks are not run (a resumed run whose validate step is done only needs the model).
 */
export function analyzeInputs(
  inputs: RunInputs,
  mode: RunMode,
  signal: AbortSignal,
  limits: Partial<ParseLimits>,
  options: { checks?: boolean; projectPackages?: ProjectPackages } = {},
): { model: Promise<ModelReady>; analysis: Promise<Analysis> } {
  const stages = startAnalysis({
    openapiText: inputs.openapiText,
    configText: inputs.configText ?? undefined,
    mode,
    limits,
    signal,
    checks: options.checks ?? true,
    ...(options.projectPackages ? { projectPackages: options.projectPackages } : {}),
  });
  const analysis = stages.result.then((result) => ({
    diagnostics: result.diagnostics,
    model: result.model,
    starterConfigYaml: result.starterConfigYaml,
    needsSetup: result.needsSetup ?? [],
    counts: result.counts,
  }));
  analysis.catch(() => {});
  return { model: stages.model, analysis };
}
