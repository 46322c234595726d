import type { ArtifactKind, PipelineStep, RunMode } from '../../shared/enums.ts';
import type { Logger } from '../../shared/logger.ts';
import type { Analysis, ModelReady } from './analysis.ts';
import type { GeneratedFile as CoreGeneratedFile } from '../generators/core/files.ts';
import type { RunInputs } from './run-inputs.ts';
import type { CustomCodeReport } from '../../shared/schemas/custom-code.ts';
import type { SdkLanguage } from '../generators/custom-code/custom-folders.ts';
import type { CarrySources } from './custom-code/carry-sources.ts';

/** One file of a generated tree (an SDK, a CLI, a docs site), as text or bytes. */
export type GeneratedFile = CoreGeneratedFile<string | Uint8Array>;

/** What a step hands the runner to store: a file tree (a .tar.gz), a JSON report, or one text file. */
export type ArtifactDraft =
  | { kind: ArtifactKind; name: string; files: GeneratedFile[] }
  | { kind: ArtifactKind; name: string; json: unknown }
  | { kind: ArtifactKind; name: string; text: string; mediaType: string };

export interface StepOutcome {
  /** `passed`: did its work and found no blocking problem; `failed`: the input failed the step's checks (a report, not a fault); `skipped`: could not or need not run, with the reason in `summary`. */
  status: 'passed' | 'failed' | 'skipped';
  summary: string;
  counts?: Record<string, number>;
  artifacts?: ArtifactDraft[];
  /** An SDK step's custom-code record: the pristine generation (the next merge base) and the carry report. */
  customCode?: StepCustomCode;
}

export interface StepCustomCode {
  language: SdkLanguage;
  pristine: GeneratedFile[];
  /** Absent when the run had no SDK of the customer's to carry from. */
  report?: CustomCodeReport;
}

export interface StepContext {
  runId: string;
  mode: RunMode;
  inputs: RunInputs;
  /** Aborted when the run is canceled or the job must stop; long steps check it. */
  signal: AbortSignal;
  logger: Logger;
  /** The parsed, validated description and its API model, computed once per job (memoised). */
  analysis(): Promise<Analysis>;
  /** The API model of the same analysis, as soon as it is built (before the description's checks). */
  model(): Promise<ModelReady>;
  /** The description of this project's latest earlier run whose inputs are still retained (other inputs than this run's), if any. */
  previousDescription(): Promise<string | undefined>;
  /** The merge bases and the connected repository's SDK the worker found for this run. */
  carry: CarrySources;
  /** The steps this run does not build (workers/pipeline/turned-off.ts); none when absent. */
  turnedOff?: () => Promise<ReadonlySet<PipelineStep>>;
}

export interface StepDefinition {
  name: PipelineStep;
  /** False for a step whose generator is not in this build (it records `skipped`). */
  built: boolean;
  run(context: StepContext): Promise<StepOutcome>;
}

export function defineStep(definition: Omit<StepDefinition, 'built'> & { built?: boolean }): StepDefinition {
  return { built: true, ...definition };
}
