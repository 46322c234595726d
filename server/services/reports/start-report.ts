import { createHash } from 'node:crypto';
import { Project, type Run, RunInput } from '../../../db/models/index.ts';
import { AppError } from '../../../shared/errors.ts';
import { PARTNER_START_MODES, type ProjectMode } from '../../../shared/enums.ts';
import { newId } from '../../../shared/ids.ts';
import type { StartReportInput, StartReportOutput } from '../../../shared/schemas/reports.ts';
import type { Caller } from '../auth/caller.ts';
import type { Deps } from '../deps.ts';
import { countProjectRuns } from '../projects/count-runs.ts';
import { findProject } from '../projects/find-project.ts';
import { toProject } from '../projects/serialize.ts';
import { capabilitiesFor, isWorkerAlive } from '../runs/capabilities.ts';
import { checkRunQuota } from '../runs/check-quota.ts';
import { createQueuedRun } from '../runs/create-queued-run.ts';
import { readStartState } from '../runs/read-start-state.ts';
import { toRun } from '../runs/serialize.ts';
import { findReplay, isDuplicateKey, rememberResponse, requestHash } from './idempotency.ts';
import { rateLimitStart } from './rate-limit-start.ts';

const MB = 1024 * 1024;

function checkSize(field: string, text: string | undefined, limit: number): number {
  const bytes = text === undefined ? 0 : Buffer.byteLength(text, 'utf8');
  if (bytes > limit) {
    throw new AppError(
      'input_too_large',
      `${field} is ${(bytes / MB).toFixed(1)} MB; the limit is ${(limit / MB).toFixed(1)} MB.`,
    );
  }
  return bytes;
}

/** A readable project name: the given one, else the description's info.title, else the file name. */
function projectNameFor(input: StartReportInput): string {
  if (input.projectName) return input.projectName;
  const head = input.openapiText.slice(0, 64 * 1024);
  const title =
    /^\s{0,4}title:\s*['"]?([^'"\n]{1,200})/m.exec(head)?.[1] ?? /"title"\s*:\s*"([^"\\]{1,200})"/.exec(head)?.[1];
  const name = title?.trim() || input.openapiFileName?.replace(/\.(ya?ml|json)$/i, '') || 'Untitled API';
  return name.slice(0, 200);
}

/** Starts a report: project (new or reused), retained inputs, a queued run and its job, atomically. */
export async function startReport(
  deps: Deps,
  caller: Caller,
  input: StartReportInput,
  idempotencyKey?: string,
): Promise<StartReportOutput> {
  const limits = deps.config.limits;
  const openapiBytes = checkSize('openapiText', input.openapiText, limits.openapiBytes);
  const configBytes = checkSize('configText', input.configText, limits.configBytes);
  const oldSdkBytes = checkSize('oldSdkText', input.oldSdkText, limits.oldSdkBytes);
  const docsSourceBytes = checkSize('docsSourceText', input.docsSourceText, limits.docsSourceBytes);

  const hash = idempotencyKey ? requestHash(input) : '';
  if (idempotencyKey) {
    const replay = await findReplay<StartReportOutput>(caller.org.id, idempotencyKey, hash);
    if (replay) return replay;
  }
  await rateLimitStart(deps, caller.org.id);
  const workerAlive = await isWorkerAlive(deps);
  const mode = input.mode ?? 'flagship';
  const projectMode: ProjectMode = (PARTNER_START_MODES as readonly string[]).includes(mode)
    ? 'partner_compatible'
    : 'flagship';

  // The inputs' object is written first, the row naming it inside the transaction (README:
  // Artifact storage); a transaction that does not commit leaves an orphan, deleted below or by the purge job.
  const inputId = newId('inp');
  const storedInputs = await RunInput.storeTexts(inputId, {
    openapiText: input.openapiText,
    configText: input.configText ?? null,
    oldSdkText: input.oldSdkText ?? null,
    docsSourceText: input.docsSourceText ?? null,
  });
  try {
    const result = await deps.db.sequelize.transaction(async (transaction) => {
      // What needs no lock is written first: the starts lock below is held until commit, so the
      // less it covers, the more starts of one workspace go through per second.
      const retainedUntil = new Date(Date.now() + deps.config.retention.inputHours * 3600_000);
      const stored = await RunInput.create(
        { id: inputId, orgId: caller.org.id, ...storedInputs, expiresAt: retainedUntil },
        { transaction },
      );
      const created = input.projectId
        ? undefined
        : await Project.create(
            {
              id: newId('proj'),
              orgId: caller.org.id,
              name: projectNameFor(input),
              mode: projectMode,
              status: 'created',
            },
            { transaction },
          );
      const queuedRun = (projectId: string) =>
        createQueuedRun(
          deps,
          {
            orgId: caller.org.id,
            projectId,
            userId: caller.user.id,
            inputId: stored.id,
            mode,
            workerAlive,
            notes: input.notes,
            inputSummary: {
              ...(input.openapiFileName ? { openapiFileName: input.openapiFileName } : {}),
              ...(input.configFileName ? { configFileName: input.configFileName } : {}),
              ...(input.oldSdkFileName ? { oldSdkFileName: input.oldSdkFileName } : {}),
              ...(input.docsSourceFileName ? { docsSourceFileName: input.docsSourceFileName } : {}),
              openapiBytes,
              configBytes,
              oldSdkBytes,
              docsSourceBytes,
              openapiSha256: createHash('sha256').update(input.openapiText).digest('hex'),
              retained: true,
            },
          },
          transaction,
        );
      // Starts of one workspace are serialised so that the plan quota is exact: the lock is taken
      // as late as possible and held until commit. A new project's run (and its job) is written
      // before it (nobody sees it before the commit; a refused start rolls it back); the count
      // read under the lock then includes it. An existing project is locked after the starts
      // lock, in the order retries take them.
      let run: Run | undefined = created ? await queuedRun(created.id) : undefined;
      await deps.db.sequelize.query('SELECT pg_advisory_xact_lock(hashtext($1))', {
        bind: [`starts:${caller.org.id}`],
        transaction,
      });
      const state = await readStartState(deps, caller.org, transaction);
      const usedBefore = state.runsThisPeriod - (run ? 1 : 0);
      await checkRunQuota(deps, state.org, transaction, usedBefore);
      let project: Project;
      if (created) project = created;
      else {
        project = await findProject(caller.org.id, input.projectId as string, { transaction, lock: true });
        if (project.status === 'archived')
          throw new AppError(
            'project_archived',
            `Project ${project.id} is archived; PATCH it with status "active" before starting reports.`,
          );
      }
      run ??= await queuedRun(project.id);
      const output: StartReportOutput = {
        // A project made by this start has this one run.
        project: toProject(project, created ? 1 : await countProjectRuns(project.id, transaction)),
        run: toRun(run),
        capabilities: await capabilitiesFor(deps, state.org, true, transaction, {
          hostedWorker: workerAlive,
          runsThisPeriod: usedBefore + 1,
        }),
        message: workerAlive
          ? `Report queued as run ${run.id}. Poll GET /api/runs/${run.id} until its status is ready, complete, blocked or failed.`
          : `Report queued as run ${run.id}, but no worker has been seen recently; the run starts when a worker is running (ROLE=worker or ROLE=all).`,
      };
      if (idempotencyKey) await rememberResponse(caller.org.id, idempotencyKey, hash, output, transaction);
      return output;
    });
    return result;
  } catch (error) {
    // No row names the inputs' object for certain (a failed COMMIT may still have committed): delete
    // it; when that cannot be known, the purge job's orphan collection decides.
    if ((await RunInput.count({ where: { id: inputId } }).catch(() => undefined)) === 0)
      await deps.db.store.delete([storedInputs.objectKey]).catch(() => {});
    // A concurrent request with the same key committed first: answer with its response.
    if (idempotencyKey && isDuplicateKey(error)) {
      const replay = await findReplay<StartReportOutput>(caller.org.id, idempotencyKey, hash);
      if (replay) return replay;
    }
    throw error;
  }
}
