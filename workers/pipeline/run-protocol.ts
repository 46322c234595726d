// The messages between a worker and the process that runs one run's steps (run-process.ts).
// The worker's own event loop only records results; parsing, analysis, emitting, checking and
// packing happen in that process, which the worker can stop (a time or memory limit) without
// stopping itself.

import type { ArtifactKind, PipelineStep, RunMode } from '../../shared/enums.ts';
import type { ParseLimits } from '../generators/model/parse/limits.ts';
import type { PackedArtifact } from './pack-artifact.ts';
import type { RunInputs } from './run-inputs.ts';
import type { ProjectPackages } from '../generators/config/project-packages.ts';
import type { PackageNames } from '../../shared/schemas/projects.ts';
import type { CustomCodeReport } from '../../shared/schemas/custom-code.ts';
import type { SdkLanguage } from '../generators/custom-code/custom-folders.ts';
import type { CarrySources } from './custom-code/carry-sources.ts';

/** What the run's process is asked to do. */
export interface RunTask {
  runId: string;
  mode: RunMode;
  inputs: RunInputs;
  limits: Partial<ParseLimits>;
  /** The steps to run, in pipeline order (the unfinished ones). */
  steps: PipelineStep[];
  /** Start the steps after `validate` together once the model is built (else one after another). */
  parallel: boolean;
  logLevel: string;
  /** Merge bases and the connected repository's SDK, for carrying the customer's code (absent: none). */
  carry?: CarrySources;
  /**
   * The project's settings that shape a run: package names, the steps whose target is turned off,
   * and those turned on (over a stainless.yml that does not list their target).
   */
  project?: { packages: ProjectPackages; off: PipelineStep[]; on?: PipelineStep[] };
}

/** A step's artifact as stored: packed (tar.gz, JSON or text) in the run's process. */
export interface PackedDraft {
  kind: ArtifactKind;
  packed: PackedArtifact;
}

export interface StepResult {
  status: 'passed' | 'failed' | 'skipped';
  summary: string;
  counts?: Record<string, number>;
  artifacts: PackedDraft[];
  /** An SDK step's pristine generation (packed) and custom-code report. */
  customCode?: { language: SdkLanguage; pristine: PackedArtifact; report?: CustomCodeReport };
}

export type ToWorker =
  /** The modules are loaded; the process waits for its task. */
  | { type: 'ready' }
  /** The API model is built (or could not be): the steps after validate may run. */
  | { type: 'model'; needsSetup: string[]; packages?: PackageNames }
  | { type: 'started'; step: PipelineStep; at: number }
  /** Every step of the task that will run has been started (parallel mode). */
  | { type: 'launched' }
  | { type: 'settled'; step: PipelineStep; at: number; result: StepResult }
  /** A fault in a step (not a finding about the description): the worker treats it as a job failure. */
  | { type: 'fault'; step: PipelineStep; message: string }
  | { type: 'need-previous' }
  | { type: 'done' };

export type ToRunProcess =
  | { type: 'start'; task: RunTask }
  | { type: 'previous'; text: string | null }
  /** Stop at the next chance (canceled); the worker kills the process shortly after anyway. */
  | { type: 'abort' };
