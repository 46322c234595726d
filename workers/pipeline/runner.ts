import { randomUUID } from 'node:crypto';
import { Op, type Transaction } from 'sequelize';
import { Artifact, Project, Run, RunInput } from '../../db/models/index.ts';
import type { ArtifactManifestShape, StepRecord } from '../../db/models/run-shapes.ts';
import type { PipelineStep } from '../../shared/enums.ts';
import { metrics } from '../../shared/metrics.ts';
import { isAppError } from '../../shared/errors.ts';
import type { WorkerDeps } from '../worker-deps.ts';
import { IsolatedRun } from './isolated-run.ts';
import type { RunInputs } from './run-inputs.ts';
import { addRepositorySources } from './custom-code/add-repository-sources.ts';
import { loadCarrySources } from './custom-code/load-carry-sources.ts';
import { saveGeneration } from './custom-code/save-generation.ts';
import type { PackedDraft } from './run-protocol.ts';
import { putArtifactObjects } from './put-artifact-objects.ts';
import { saveArtifacts } from './save-artifacts.ts';
import { projectRunSettings, recordRunPackages } from './project-run-settings.ts';
import type { PackageNames } from '../../shared/schemas/projects.ts';
import { STEPS } from './step-list.ts';
import { decideOutcome, type ReportSummary } from './verdict.ts';

const FINISHED = new Set(['passed', 'failed', 'skipped']);
const CANCEL_POLL_MS = 500;

export type RunnerResult = 'finished' | 'canceled' | 'gone';

/** Thrown when the run stopped being ours (canceled, finished by another worker, or claimed by a newer attempt). */
class RunReleased extends Error {}

/**
 * Runs (or resumes) the pipeline of one run. The `runs` row is the source of truth and every
 * write is conditioned on `status = 'running'` and this attempt's claim token: a canceled run never
 * flips back, a job that another worker already finished does nothing, and an older attempt still
 * alive after its job was retried elsewhere (its heartbeat lapsed) stops instead of racing. Each step's result and artifacts are saved when
 * the step ends, so a retried job starts at the first unfinished step.
 *
 * The steps themselves run in a process of their own (isolated-run.ts): this event loop only
 * records what that process reports. A step that overruns its time or the process's memory limit
 * is recorded `failed` with the reason, and the steps it took down with it run again in a new
 * process (one at a time when it is not known which of several steps was to blame).
 */
export async function runPipeline(deps: WorkerDeps, runId: string, jobSignal: AbortSignal): Promise<RunnerResult> {
  const claimed = await claimRun(runId);
  if (!claimed) return 'gone';
  const { run, claim } = claimed;
  const row = run.inputId ? await RunInput.findByPk(run.inputId) : null;
  if (!row) {
    await finish(
      runId,
      claim,
      run.steps,
      { status: 'failed', verdict: 'failed' },
      'The raw inputs were purged before the run could start.',
    );
    return 'finished';
  }
  let input: RunInputs;
  try {
    input = await row.readTexts();
  } catch (error) {
    if (!isAppError(error)) throw error;
    // The row names an object the store does not have (or that fails its check): reported, not retried.
    deps.logger.error({ err: error, runId, inputId: row.id }, 'the run inputs cannot be read from the object store');
    await finish(runId, claim, run.steps, { status: 'failed', verdict: 'failed' }, error.message);
    return 'finished';
  }

  // The customer's code to carry: merge bases, and the connected repository (before the cancel watch starts).
  const carry = await loadCarrySources(run);
  input = await addRepositorySources(
    run,
    carry,
    input,
    deps.config.publishing.github,
    deps.config.publishing.timeoutMs,
    deps.logger,
  );

  const projectSettings = await projectRunSettings(run.projectId);
  const watch = watchForCancel(runId, claim, jobSignal);
  const { signal } = watch;
  const artifactExpiry = new Date(Date.now() + deps.config.retention.artifactHours * 3600_000);
  const progress = new RunProgress(deps, run, claim, artifactExpiry);
  const { pipeline } = deps.config;

  let parallel = pipeline.parallelSteps;
  let proc: IsolatedRun | undefined;
  const stopProcess = (): void => proc?.stop();
  signal.addEventListener('abort', stopProcess);
  try {
    for (;;) {
      if (signal.aborted) throw signal.reason;
      const pending = STEPS.filter((_, i) => !FINISHED.has(progress.steps[i]!.status)).map((s) => s.name);
      proc = new IsolatedRun(
        {
          runId,
          mode: run.mode,
          inputs: {
            openapiText: input.openapiText,
            configText: input.configText,
            oldSdkText: input.oldSdkText,
            docsSourceText: input.docsSourceText,
          },
          limits: { maxBytes: deps.config.limits.openapiBytes, ...deps.config.limits.model },
          steps: pending,
          parallel,
          logLevel: deps.config.logLevel,
          carry,
          project: projectSettings,
        },
        { stepTimeoutMs: pipeline.stepTimeoutMs, memoryMb: pipeline.memoryMb },
        () => previousDescription(deps, run),
      );
      const next = await recordProcess(progress, proc, pending, signal);
      proc.stop();
      if (next === 'done') break;
      // Several steps were running when the process ended: run the rest one at a time, so the
      // next end names its step.
      parallel = false;
    }
    await progress.finish();
    return 'finished';
  } catch (error) {
    if (error instanceof RunReleased || (signal.aborted && watch.canceled.aborted)) return 'canceled';
    throw error;
  } finally {
    signal.removeEventListener('abort', stopProcess);
    proc?.stop();
    watch.stop();
  }
}

/** Claims the run for this attempt (a fresh claim token); undefined when it is no longer queued or running. */
async function claimRun(runId: string): Promise<{ run: Run; claim: string } | undefined> {
  const claim = randomUUID();
  const [claimed] = await Run.update(
    { status: 'running', verdict: 'generated', claimToken: claim },
    { where: { id: runId, status: { [Op.in]: ['queued', 'running'] } } },
  );
  if (claimed === 0) return undefined;
  const run = await Run.findByPk(runId);
  return run ? { run, claim } : undefined;
}

/**
 * Cancel: a poller aborts `signal` as soon as the row leaves `running` or another attempt claims
 * it (`canceled` is then aborted too); the job's own signal aborts it as well.
 */
function watchForCancel(
  runId: string,
  claim: string,
  jobSignal: AbortSignal,
): { signal: AbortSignal; canceled: AbortSignal; stop(): void } {
  const cancel = new AbortController();
  const signal = AbortSignal.any([cancel.signal, jobSignal]);
  const poller = setInterval(() => {
    Run.findByPk(runId, { attributes: ['status', 'claimToken'] })
      .then((row) => {
        if (row?.status !== 'running') cancel.abort(new RunReleased(`run is ${row?.status ?? 'gone'}`));
        else if (row.claimToken !== claim) cancel.abort(new RunReleased('run claimed by a newer attempt'));
      })
      .catch(() => {});
  }, CANCEL_POLL_MS);
  poller.unref();
  return { signal, canceled: cancel.signal, stop: () => clearInterval(poller) };
}

/** The run's step records and artifact manifest as this attempt writes them; every write is conditioned on the claim. */
class RunProgress {
  readonly steps: StepRecord[];
  /** Why the run cannot go on without setup (partner runs), as the model stage said. */
  needsSetup: string[] = [];
  #manifest: ArtifactManifestShape;
  readonly #deps: WorkerDeps;
  readonly #run: Run;
  get run(): Run {
    return this.#run;
  }
  readonly #claim: string;
  readonly #artifactExpiry: Date;

  constructor(deps: WorkerDeps, run: Run, claim: string, artifactExpiry: Date) {
    this.#deps = deps;
    this.#run = run;
    this.#claim = claim;
    this.#artifactExpiry = artifactExpiry;
    this.steps = STEPS.map(
      (def) => run.steps.find((s) => s.name === def.name) ?? { name: def.name, status: 'pending' },
    );
    this.#manifest = run.artifactManifest ?? {
      version: 1,
      runId: run.id,
      organizationId: run.orgId,
      projectId: run.projectId,
      artifacts: [],
      expiresAt: artifactExpiry.toISOString(),
      updatedAt: new Date().toISOString(),
    };
  }

  /** Records one step's end; its artifacts are stored in the same transaction as the step. */
  async record(index: number, record: StepRecord, artifacts: readonly PackedDraft[] = []): Promise<void> {
    const { steps } = this;
    steps[index] = record;
    // Objects first, rows after (docs/deployment.md: Artifact storage).
    const stored = artifacts.length ? await putArtifactObjects(artifacts) : [];
    let replacedKeys: string[] = [];
    try {
      await this.#deps.db.sequelize.transaction(async (transaction) => {
        const saved = stored.length
          ? await saveArtifacts(this.#run, stored, this.#artifactExpiry, transaction)
          : { entries: [], replacedKeys: [] };
        replacedKeys = saved.replacedKeys;
        const { entries } = saved;
        const kinds = new Set(entries.map((e) => e.kind));
        this.#manifest = {
          ...this.#manifest,
          artifacts: [...this.#manifest.artifacts.filter((a) => !kinds.has(a.kind)), ...entries],
          updatedAt: new Date().toISOString(),
        };
        await save(
          this.#run.id,
          this.#claim,
          {
            steps,
            currentStep: steps.find((s) => s.status === 'running')?.name ?? null,
            artifactManifest: this.#manifest,
          },
          transaction,
        );
      });
    } catch (error) {
      // Deleted only when no row names them for certain (a failed COMMIT may still have committed);
      // otherwise the purge job's orphan collection decides.
      if (stored.length) {
        const named = await Artifact.count({ where: { id: stored.map((d) => d.id) } }).catch(() => undefined);
        if (named === 0) await this.#deleteObjects(stored.map((d) => d.objectKey));
      }
      throw error;
    }
    await this.#deleteObjects(replacedKeys);
    if (record.durationMs !== undefined)
      metrics.stepDuration.observe({ step: record.name, status: record.status }, record.durationMs / 1000);
  }

  async #deleteObjects(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.#deps.db.store.delete(keys).catch((error: unknown) => {
      this.#deps.logger.warn(
        { err: error, keys },
        'could not delete unreferenced objects; the purge job collects them',
      );
    });
  }

  /** Marks `name` running, with every other unfinished step the process has started (their start times are the process's). */
  async markRunning(proc: IsolatedRun, index: number, name: PipelineStep): Promise<void> {
    const { steps } = this;
    for (const [at, step] of steps.entries()) {
      const startedAt = proc.startedAt(step.name);
      if (startedAt && !FINISHED.has(step.status) && (step.status !== 'running' || at === index))
        steps[at] = { name: step.name, status: 'running', startedAt: startedAt.toISOString() };
    }
    steps[index] = { name, status: 'running', startedAt: (proc.startedAt(name) ?? new Date()).toISOString() };
    await save(this.#run.id, this.#claim, { steps, currentStep: name });
  }

  /** The package names the model was built with, recorded once per attempt (project-run-settings.ts). */
  async notePackages(packages: PackageNames | undefined): Promise<void> {
    if (!packages || this.#packagesNoted) return;
    this.#packagesNoted = true;
    await recordRunPackages(this.#run, packages);
  }

  #packagesNoted = false;

  /** Every step has ended: the verdict and the quality summary are saved with the run's end. */
  async finish(): Promise<void> {
    const summary = summarize(this.steps, this.needsSetup);
    const outcome = decideOutcome(summary, this.steps);
    this.#manifest = {
      ...this.#manifest,
      quality: qualityOf(summary, this.steps),
      updatedAt: new Date().toISOString(),
    };
    await finish(this.#run.id, this.#claim, this.steps, outcome, undefined, this.#manifest);
  }
}

/** Records the steps of one run process in pipeline order; 'again' when some were interrupted and must run in a new process. */
async function recordProcess(
  progress: RunProgress,
  proc: IsolatedRun,
  pending: readonly PipelineStep[],
  signal: AbortSignal,
): Promise<'done' | 'again'> {
  for (const name of pending) {
    const index = STEPS.findIndex((s) => s.name === name);
    if (signal.aborted) throw signal.reason;
    if (index > 0) {
      const model = await proc.model;
      if (signal.aborted) throw signal.reason;
      const now = new Date();
      if (!model.built) {
        await progress.record(index, endedStep(name, 'skipped', now, now, `no API model: ${model.reason}`));
        continue;
      }
      progress.needsSetup = model.needsSetup;
      await progress.notePackages(model.packages);
      if (progress.needsSetup.length > 0) {
        await progress.record(
          index,
          endedStep(name, 'skipped', now, now, `needs setup: ${progress.needsSetup.join('; ')}`),
        );
        continue;
      }
      await proc.launched;
    }
    await progress.markRunning(proc, index, name);

    const end = await proc.step(name);
    if (signal.aborted) throw signal.reason;
    if (end.kind === 'fault') throw end.error;
    if (end.kind === 'settled') {
      const { result } = end;
      await progress.record(
        index,
        endedStep(name, result.status, end.startedAt, end.completedAt, result.summary, result.counts),
        result.artifacts,
      );
      if (result.customCode) await saveGeneration(progress.run, result.customCode);
    } else if (end.kind === 'stopped') {
      await progress.record(index, endedStep(name, 'failed', end.startedAt, end.completedAt, end.reason));
    } else if (index === 0) {
      // Validate was taken down before its report: the description's analysis is what was stopped.
      const startedAt = proc.startedAt(name) ?? new Date();
      await progress.record(index, endedStep(name, 'failed', startedAt, new Date(), end.reason));
    } else {
      return 'again';
    }
  }
  const model = await proc.model;
  if (model.built) progress.needsSetup = model.needsSetup;
  return 'done';
}

/** The record of an ended step. */
function endedStep(
  name: PipelineStep,
  status: StepRecord['status'],
  startedAt: Date,
  completedAt: Date,
  summary: string,
  counts?: Record<string, number>,
): StepRecord {
  return {
    name,
    status,
    startedAt: startedAt.toISOString(),
    completedAt: completedAt.toISOString(),
    durationMs: completedAt.getTime() - startedAt.getTime(),
    summary,
    ...(counts ? { counts } : {}),
  };
}

/** The project's latest earlier run with retained inputs different from this run's (a retry shares its source's). */
async function previousDescription(deps: WorkerDeps, run: Run): Promise<string | undefined> {
  const earlier = await Run.findOne({
    where: {
      projectId: run.projectId,
      id: { [Op.lt]: run.id },
      inputId: { [Op.and]: [{ [Op.ne]: null }, { [Op.ne]: run.inputId }] },
    },
    order: [['id', 'DESC']],
    attributes: ['inputId'],
  });
  if (!earlier?.inputId) return undefined;
  const input = await RunInput.findByPk(earlier.inputId);
  try {
    return (await input?.readTexts())?.openapiText;
  } catch (error) {
    // Another run's inputs: the description diff is left out, the fault is logged.
    deps.logger.error(
      { err: error, inputId: input?.id },
      'the previous run inputs cannot be read from the object store',
    );
    return undefined;
  }
}

/** What the verdict reads: validate's counts (a validate stopped before its report counts as an error) and partner setup. */
function summarize(steps: readonly StepRecord[], needsSetup: string[]): ReportSummary {
  const validate = steps[0];
  const counts = validate?.counts ?? {};
  return {
    needsSetup,
    errors: counts.errors ?? (validate?.status === 'failed' ? 1 : 0),
    warnings: counts.warnings ?? 0,
    infos: counts.infos ?? 0,
  };
}

function qualityOf(summary: ReportSummary, steps: readonly StepRecord[]): Record<string, unknown> {
  return {
    errors: summary.errors,
    warnings: summary.warnings,
    infos: summary.infos,
    stepsPassed: steps.filter((s) => s.status === 'passed').length,
    stepsSkipped: steps.filter((s) => s.status === 'skipped').length,
    stepsFailed: steps.filter((s) => s.status === 'failed').length,
    ...(summary.needsSetup.length ? { needsSetup: summary.needsSetup } : {}),
  };
}

type RunPatch = Partial<Pick<Run, 'steps' | 'currentStep' | 'artifactManifest'>>;

/** Saves progress while the run is still ours; otherwise it was canceled meanwhile. */
async function save(runId: string, claim: string, patch: RunPatch, transaction?: Transaction): Promise<void> {
  const [updated] = await Run.update(patch, {
    where: { id: runId, status: 'running', claimToken: claim },
    transaction,
  });
  if (updated === 0) throw new RunReleased('run left running');
}

async function finish(
  runId: string,
  claim: string,
  steps: readonly StepRecord[],
  outcome: { status: Run['status']; verdict: Run['verdict'] },
  failureMessage?: string,
  manifest?: ArtifactManifestShape,
): Promise<void> {
  const [finished] = await Run.update(
    {
      status: outcome.status,
      verdict: outcome.verdict,
      steps: [...steps],
      currentStep: null,
      completedAt: new Date(),
      ...(failureMessage ? { failureMessage } : {}),
      ...(manifest ? { artifactManifest: manifest } : {}),
    },
    { where: { id: runId, status: 'running', claimToken: claim } },
  );
  if (finished === 0) return;
  metrics.runsFinished.inc({ status: outcome.status, verdict: outcome.verdict });
  // A project becomes `active` when a run of it finishes (README, "Project status"); an archived
  // one stays archived.
  const run = await Run.findByPk(runId, { attributes: ['projectId'] });
  if (run) await Project.update({ status: 'active' }, { where: { id: run.projectId, status: 'created' } });
}
