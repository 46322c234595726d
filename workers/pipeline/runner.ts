import { randomUUID } from 'node:crypto';
import { Op, type Transaction } from 'sequelize';
import { Run, RunInput } from '../../db/models/index.ts';
import type { ArtifactManifestShape, StepRecord } from '../../db/models/run-shapes.ts';
import type { WorkerDeps } from '../worker-deps.ts';
import { analyzeInputs, type Analysis } from './analysis.ts';
import { saveArtifacts } from './save-artifacts.ts';
import type { StepContext, StepOutcome } from './step.ts';
import { LAUNCH_ORDER, STEPS } from './step-list.ts';
import { decideOutcome } from './verdict.ts';

const FINISHED = new Set(['passed', 'failed', 'skipped']);
const CANCEL_POLL_MS = 500;

export type RunnerResult = 'finished' | 'canceled' | 'gone';

interface Launched {
  startedAt: Date;
  /** Never rejects: a step's fault is carried to the loop, which throws it when it reaches the step. */
  result: Promise<Settled>;
}

type Settled = { ok: true; outcome: StepOutcome; completedAt: Date } | { ok: false; error: unknown };

/** Thrown when the run stopped being ours (canceled, finished by another worker, or claimed by a newer attempt). */
class RunReleased extends Error {}

/**
 * Runs (or resumes) the pipeline of one run. The `runs` row is the source of truth and every
 * write is conditioned on `status = 'running'` and this attempt's claim token: a canceled run never
 * flips back, a job that another worker already finished does nothing, and an older attempt still
 * alive after its job was retried elsewhere (its heartbeat lapsed) stops instead of racing. Each step's result and artifacts are saved when
 * the step ends, so a retried job starts at the first unfinished step.
 */
export async function runPipeline(deps: WorkerDeps, runId: string, jobSignal: AbortSignal): Promise<RunnerResult> {
  const claim = randomUUID();
  const [claimed] = await Run.update({ status: 'running', verdict: 'generated', claimToken: claim }, { where: { id: runId, status: { [Op.in]: ['queued', 'running'] } } });
  if (claimed === 0) return 'gone';
  const run = await Run.findByPk(runId);
  if (!run) return 'gone';
  const input = run.inputId ? await RunInput.findByPk(run.inputId) : null;
  if (!input) {
    await finish(runId, claim, run.steps, { status: 'failed', verdict: 'failed' }, 'The raw inputs were purged before the run could start.');
    return 'finished';
  }

  // Cancel: a poller aborts the signal as soon as the row leaves `running`.
  const cancel = new AbortController();
  // Aborted when this attempt ends, so steps started ahead and no longer awaited stop too.
  const ended = new AbortController();
  const signal = AbortSignal.any([cancel.signal, jobSignal, ended.signal]);
  const poller = setInterval(() => {
    Run.findByPk(runId, { attributes: ['status', 'claimToken'] })
      .then((row) => {
        if (row?.status !== 'running') cancel.abort(new RunReleased(`run is ${row?.status ?? 'gone'}`));
        else if (row.claimToken !== claim) cancel.abort(new RunReleased('run claimed by a newer attempt'));
      })
      .catch(() => {});
  }, CANCEL_POLL_MS);
  poller.unref();

  let stages: ReturnType<typeof analyzeInputs> | undefined;
  const analyze = (): NonNullable<typeof stages> => (stages ??= analyzeInputs(input, run.mode, signal, deps.config.limits.openapiBytes));
  const context: StepContext = {
    runId,
    mode: run.mode,
    inputs: { openapiText: input.openapiText, configText: input.configText, oldSdkText: input.oldSdkText, docsSourceText: input.docsSourceText },
    signal,
    logger: deps.logger.child({ runId }),
    analysis: () => analyze().analysis,
    model: () => analyze().model,
    previousDescription: () => previousDescription(run),
  };
  const steps: StepRecord[] = STEPS.map((def) => run.steps.find((s) => s.name === def.name) ?? { name: def.name, status: 'pending' });
  const artifactExpiry = new Date(Date.now() + deps.config.retention.artifactHours * 3600_000);
  let manifest: ArtifactManifestShape = run.artifactManifest ?? {
    version: 1,
    runId,
    organizationId: run.orgId,
    projectId: run.projectId,
    artifacts: [],
    expiresAt: artifactExpiry.toISOString(),
    updatedAt: new Date().toISOString(),
  };

  // The steps after `validate` do not depend on each other, nor on validate's checks. Once the
  // API model is built (while validate's checks still run) they start together, one per turn of
  // the event loop in LAUNCH_ORDER: between two steps' emitting, the earlier one's checker process
  // (mypy, tsc) gets started and runs on another core. They are recorded, saved and resumed in their
  // fixed order as before.
  const launched = new Map<number, Launched>();
  const launch = (index: number): Launched => {
    let entry = launched.get(index);
    if (entry === undefined) {
      const startedAt = new Date();
      const result = STEPS[index]!.run(context).then(
        (outcome): Settled => ({ ok: true, outcome, completedAt: new Date() }),
        (error: unknown): Settled => ({ ok: false, error }),
      );
      launched.set(index, (entry = { startedAt, result }));
    }
    return entry;
  };
  const launchLater = async (from: number): Promise<void> => {
    if ((await context.model()).needsSetup.length > 0) return;
    for (const name of LAUNCH_ORDER) {
      const later = STEPS.findIndex((s) => s.name === name);
      if (later < from || FINISHED.has(steps[later]!.status) || launched.has(later)) continue;
      if (signal.aborted) return;
      launch(later);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  };
  let laterLaunched: Promise<void> | undefined;
  const runningAfter = (index: number): string | null => steps.slice(index + 1).find((s) => s.status === 'running')?.name ?? null;

  try {
    for (const [index, definition] of STEPS.entries()) {
      if (FINISHED.has(steps[index]!.status)) continue;
      if (signal.aborted) throw signal.reason;
      // A failure here (an abort) is met by the awaits below.
      if (deps.config.pipeline.parallelSteps) laterLaunched ??= launchLater(Math.max(index, 1)).catch(() => {});
      const blocked = index > 0 ? (await context.model()).needsSetup : [];
      if (index > 0) await laterLaunched;
      const started = blocked.length === 0 ? launch(index) : undefined;
      const startedAt = started?.startedAt ?? new Date();
      for (const [at, entry] of launched) {
        if (steps[at]!.status !== 'running' && !FINISHED.has(steps[at]!.status)) steps[at] = { name: STEPS[at]!.name, status: 'running', startedAt: entry.startedAt.toISOString() };
      }
      steps[index] = { name: definition.name, status: 'running', startedAt: startedAt.toISOString() };
      await save(runId, claim, { steps, currentStep: definition.name });

      let outcome: StepOutcome;
      let completedAt: Date;
      if (started === undefined) {
        outcome = { status: 'skipped', summary: `needs setup: ${blocked.join('; ')}` };
        completedAt = new Date();
      } else {
        const settled = await started.result;
        if (signal.aborted) throw signal.reason;
        if (!settled.ok) throw settled.error;
        outcome = settled.outcome;
        completedAt = settled.completedAt;
      }
      if (signal.aborted) throw signal.reason;
      steps[index] = {
        name: definition.name,
        status: outcome.status,
        startedAt: startedAt.toISOString(),
        completedAt: completedAt.toISOString(),
        durationMs: completedAt.getTime() - startedAt.getTime(),
        summary: outcome.summary,
        ...(outcome.counts ? { counts: outcome.counts } : {}),
      };
      await deps.db.sequelize.transaction(async (transaction) => {
        const entries = outcome.artifacts?.length ? await saveArtifacts(run, outcome.artifacts, artifactExpiry, transaction) : [];
        const kinds = new Set(entries.map((e) => e.kind));
        manifest = { ...manifest, artifacts: [...manifest.artifacts.filter((a) => !kinds.has(a.kind)), ...entries], updatedAt: completedAt.toISOString() };
        await save(runId, claim, { steps, currentStep: runningAfter(index), artifactManifest: manifest }, transaction);
      });
    }
    const final = await context.analysis();
    const outcome = decideOutcome(final, steps);
    manifest = { ...manifest, quality: qualityOf(final, steps), updatedAt: new Date().toISOString() };
    await finish(runId, claim, steps, outcome, undefined, manifest);
    return 'finished';
  } catch (error) {
    if (error instanceof RunReleased || (signal.aborted && cancel.signal.aborted)) return 'canceled';
    throw error;
  } finally {
    clearInterval(poller);
    ended.abort(new RunReleased('attempt ended'));
  }
}

/** The project's latest earlier run with retained inputs different from this run's (a retry shares its source's). */
async function previousDescription(run: Run): Promise<string | undefined> {
  const earlier = await Run.findOne({
    where: { projectId: run.projectId, id: { [Op.lt]: run.id }, inputId: { [Op.and]: [{ [Op.ne]: null }, { [Op.ne]: run.inputId }] } },
    order: [['id', 'DESC']],
    attributes: ['inputId'],
  });
  if (!earlier?.inputId) return undefined;
  const input = await RunInput.findByPk(earlier.inputId, { attributes: ['openapiText'] });
  return input?.openapiText;
}

function qualityOf(analysis: Analysis, steps: readonly StepRecord[]): Record<string, unknown> {
  const count = (severity: string) => analysis.diagnostics.filter((d) => d.severity === severity).length;
  return {
    errors: count('error'),
    warnings: count('warning'),
    infos: count('info'),
    stepsPassed: steps.filter((s) => s.status === 'passed').length,
    stepsSkipped: steps.filter((s) => s.status === 'skipped').length,
    stepsFailed: steps.filter((s) => s.status === 'failed').length,
    ...(analysis.needsSetup.length ? { needsSetup: analysis.needsSetup } : {}),
  };
}

type RunPatch = Partial<Pick<Run, 'steps' | 'currentStep' | 'artifactManifest'>>;

/** Saves progress while the run is still ours; otherwise it was canceled meanwhile. */
async function save(runId: string, claim: string, patch: RunPatch, transaction?: Transaction): Promise<void> {
  const [updated] = await Run.update(patch, { where: { id: runId, status: 'running', claimToken: claim }, transaction });
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
  await Run.update(
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
}
