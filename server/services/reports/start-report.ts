import { createHash } from 'node:crypto';
import { Project, RunInput } from '../../../db/models/index.ts';
import { AppError } from '../../../shared/errors.ts';
import { PARTNER_START_MODES, type ProjectMode } from '../../../shared/enums.ts';
import { newId } from '../../../shared/ids.ts';
import { metrics } from '../../../shared/metrics.ts';
import type { StartReportInput, StartReportOutput } from '../../../shared/schemas/reports.ts';
import type { Caller } from '../auth/caller.ts';
import type { Deps } from '../deps.ts';
import { toProject } from '../projects/serialize.ts';
import { capabilitiesKnown } from '../runs/capabilities.ts';
import { toRun } from '../runs/serialize.ts';
import { findReplay, isDuplicateKey, rememberResponse, requestHash } from './idempotency.ts';
import { rateLimitStart } from './rate-limit-start.ts';
import { type RecordedStart, recordStart, type StartRecord } from './record-start.ts';

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

/**
 * Starts a report: project (new or reused), retained inputs, a queued run and its job, and the
 * plan quota counted, atomically (one statement, record-start.ts).
 */
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
  const mode = input.mode ?? 'flagship';
  const partner = (PARTNER_START_MODES as readonly string[]).includes(mode);
  const projectMode: ProjectMode = partner ? 'partner_compatible' : 'flagship';
  // A flagship start without a config of its own takes the project's default config (its settings).
  const defaultConfig =
    !partner && input.configText === undefined && input.projectId
      ? (await Project.findOne({ where: { id: input.projectId, orgId: caller.org.id }, attributes: ['settings'] }))
          ?.settings?.defaultConfigText
      : undefined;
  const configText = input.configText ?? defaultConfig;

  // The inputs' object is written first, the row naming it after (docs/deployment.md: Artifact storage); a
  // start that does not commit leaves an orphan, deleted below or by the purge job. On the
  // PostgreSQL store the start's statement writes both, so they commit together.
  const inputId = newId('inp');
  const texts = {
    openapiText: input.openapiText,
    configText: configText ?? null,
    oldSdkText: input.oldSdkText ?? null,
    docsSourceText: input.docsSourceText ?? null,
  };
  const inStatement = deps.db.store.kind === 'postgres';
  const storedInputs = inStatement ? RunInput.encodeTexts(inputId, texts) : await RunInput.storeTexts(inputId, texts);
  const start: StartRecord = {
    orgId: caller.org.id,
    userId: caller.user.id,
    input: {
      id: inputId,
      ...storedInputs,
      expiresAt: new Date(Date.now() + deps.config.retention.inputHours * 3600_000),
    },
    project: input.projectId ? { id: input.projectId } : { name: projectNameFor(input), mode: projectMode },
    mode,
    notes: input.notes,
    inputSummary: {
      ...(input.openapiFileName ? { openapiFileName: input.openapiFileName } : {}),
      ...(input.configFileName ? { configFileName: input.configFileName } : {}),
      ...(input.oldSdkFileName ? { oldSdkFileName: input.oldSdkFileName } : {}),
      ...(input.docsSourceFileName ? { docsSourceFileName: input.docsSourceFileName } : {}),
      openapiBytes,
      configBytes: defaultConfig === undefined ? configBytes : Buffer.byteLength(defaultConfig, 'utf8'),
      ...(defaultConfig === undefined ? {} : { projectDefaultConfig: true }),
      oldSdkBytes,
      docsSourceBytes,
      openapiSha256: createHash('sha256').update(input.openapiText).digest('hex'),
      retained: true,
    },
  };
  try {
    // Without a key the start is one autocommit statement (record-start.ts); with one, the stored
    // response commits in the same transaction as the run it describes.
    const output = idempotencyKey
      ? await deps.db.sequelize.transaction(async (transaction) => {
          const response = responseFor(deps, await recordStart(deps, start, transaction));
          await rememberResponse(caller.org.id, idempotencyKey, hash, response, transaction);
          return response;
        })
      : responseFor(deps, await recordStart(deps, start));
    metrics.runsStarted.inc({ mode });
    return output;
  } catch (error) {
    // No row names the inputs' object for certain (a failed COMMIT may still have committed): delete
    // it; when that cannot be known, the purge job's orphan collection decides.
    if (!inStatement && (await RunInput.count({ where: { id: inputId } }).catch(() => undefined)) === 0)
      await deps.db.store.delete([storedInputs.objectKey]).catch(() => {});
    // A concurrent request with the same key committed first: answer with its response.
    if (idempotencyKey && isDuplicateKey(error)) {
      const replay = await findReplay<StartReportOutput>(caller.org.id, idempotencyKey, hash);
      if (replay) return replay;
    }
    throw error;
  }
}

function responseFor(deps: Deps, recorded: RecordedStart): StartReportOutput {
  const { run, workerAlive } = recorded;
  return {
    project: toProject(recorded.project, recorded.projectRunCount),
    run: toRun(run),
    capabilities: capabilitiesKnown(deps, recorded.plan, true, {
      hostedWorker: workerAlive,
      runsThisPeriod: recorded.runsThisPeriod,
    }),
    message: workerAlive
      ? `Report queued as run ${run.id}. Poll GET /api/runs/${run.id} until its status is ready, complete, blocked or failed.`
      : `Report queued as run ${run.id}, but no worker has been seen recently; the run starts when a worker is running (ROLE=worker or ROLE=all).`,
  };
}
