import { createHash } from 'node:crypto';
import type { Transaction } from 'sequelize';
import type { InputSummaryShape, StepRecord } from '../../../db/models/run-shapes.ts';
import { preparedQuery, preparedQueryIn } from '../../../db/prepared-query.ts';
import { AppError } from '../../../shared/errors.ts';
import { PIPELINE_STEPS, type Plan, type ProjectMode, type RunMode } from '../../../shared/enums.ts';
import { newId } from '../../../shared/ids.ts';
import type { Deps } from '../deps.ts';
import type { ProjectFields } from '../projects/serialize.ts';
import { currentPeriod } from '../runs/capabilities.ts';
import { RUN_FIELDS_SQL } from '../runs/read-run.ts';
import { planSql, plansJson, quotaExceeded, reserveRunSql } from '../runs/run-quota.ts';
import type { RunFields } from '../runs/serialize.ts';

export interface StartRecord {
  orgId: string;
  userId: string;
  /**
   * The inputs' object: written to the store before this record (docs/deployment.md: Artifact storage), or,
   * with `body`, written by the start's statement itself (the PostgreSQL store, `stored_objects`).
   */
  input: { id: string; objectKey: string; sha256: string; sizeBytes: number; expiresAt: Date; body?: Buffer };
  /** An existing project of the workspace, or a new one of this name and mode. */
  project: { id: string } | { name: string; mode: ProjectMode };
  mode: RunMode;
  inputSummary: InputSummaryShape;
  notes?: string;
}

export interface RecordedStart {
  plan: Plan;
  /** The period's runs including this one. */
  runsThisPeriod: number;
  workerAlive: boolean;
  project: ProjectFields;
  projectRunCount: number;
  run: RunFields;
}

interface Row {
  used: number;
  plan: Plan;
  workerAlive: boolean;
  project: Record<string, unknown>;
  projectRunCount: number;
  run: Record<string, unknown>;
}

/**
 * A report start as one statement, so one round trip: the report job (pg-boss's own insert, `$1`),
 * a run of the quota reserved on the workspace's counter row (exact, see run-quota.ts), the
 * inputs' object when it is kept in this database and the inputs' row, the project (created, or
 * the existing one locked after the counter, as retries lock them), and the queued run naming its
 * inputs and job, with its verdict from the latest worker heartbeat. A failed check raises
 * (report_service_refuse) and the statement leaves nothing behind. Alone it commits by itself,
 * holding the counter's row lock only inside PostgreSQL. An existing project's run count is read
 * in the statement's snapshot, so it can miss a run of that project committed while this start
 * waited on the counter (the count is informative; the quota is not read from it).
 */
function statementText(jobInsert: string): string {
  return `WITH job AS (${jobInsert}),
  org AS (${planSql('$2::text', '$3')}),
  usage AS (${reserveRunSql('$2::text', '$4::timestamptz')}),
  input AS (
    INSERT INTO run_inputs (id, org_id, object_key, sha256, size_bytes, created_at, expires_at)
    VALUES ($5::text, $2::text, $6::text, $7::text, $8::int, $9::timestamptz, $10::timestamptz) RETURNING id),
  object AS (INSERT INTO stored_objects (key, content) SELECT $6::text, $22::bytea WHERE $22::bytea IS NOT NULL),
  existing AS (
    SELECT id, name, api_name AS "apiName", mode, status, created_at AS "createdAt", updated_at AS "updatedAt"
      FROM projects WHERE $11::text IS NOT NULL AND id = $11::text AND org_id = $2::text AND EXISTS (SELECT 1 FROM usage)
      FOR UPDATE),
  created AS (
    INSERT INTO projects (id, org_id, name, mode, status, created_at, updated_at)
    SELECT $12::text, $2::text, $13::text, $14::text, 'created', $9::timestamptz, $9::timestamptz WHERE $11::text IS NULL
    RETURNING id, name, api_name AS "apiName", mode, status, created_at AS "createdAt", updated_at AS "updatedAt"),
  project AS (SELECT * FROM created UNION ALL SELECT * FROM existing),
  heartbeat AS (SELECT coalesce(max(seen_at) >= $15::timestamptz, false) AS alive FROM worker_heartbeats),
  run AS (
    INSERT INTO runs (id, org_id, project_id, created_by_user_id, input_id, status, mode, verdict, steps,
                      input_summary, notes, job_id, created_at, updated_at)
    SELECT $16::text, $2::text, project.id, $17::text, (SELECT id FROM input), 'queued', $18::text,
           CASE WHEN (SELECT alive FROM heartbeat) THEN 'queued' ELSE 'needs_worker' END,
           $19::jsonb, $20::jsonb, $21::text, (SELECT id::text FROM job), $9::timestamptz, $9::timestamptz
      FROM project WHERE project.status <> 'archived'
    RETURNING ${RUN_FIELDS_SQL})
  SELECT CASE
      WHEN NOT EXISTS (SELECT 1 FROM job) THEN report_service_refuse('job_refused')
      WHEN NOT EXISTS (SELECT 1 FROM usage) THEN report_service_refuse('quota_exceeded')
      WHEN NOT EXISTS (SELECT 1 FROM project) THEN report_service_refuse('not_found')
      WHEN NOT EXISTS (SELECT 1 FROM run) THEN report_service_refuse('project_archived')
    END AS refused,
    (SELECT runs FROM usage) AS used, (SELECT plan FROM org) AS plan, (SELECT alive FROM heartbeat) AS "workerAlive",
    (SELECT to_jsonb(p) FROM project p) AS project, (SELECT to_jsonb(r) FROM run r) AS run,
    CASE WHEN $11::text IS NULL THEN 1
         ELSE (SELECT count(*)::int FROM runs WHERE project_id = $11::text) + 1 END AS "projectRunCount"`;
}

/** Named per statement text (pg-boss's insert is part of it): prepared once per connection. */
const names = new Map<string, string>();
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `record-start-${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
    names.set(text, name);
  }
  return name;
}

const date = (value: unknown): Date => new Date(value as string);

/**
 * Records a start (see `statementText`). Without `transaction` the statement commits by itself;
 * with one, it commits with the transaction (and its row locks are held until then). 402
 * quota_exceeded, 404 for another workspace's or a missing project, 400 project_archived.
 */
export async function recordStart(deps: Deps, start: StartRecord, transaction?: Transaction): Promise<RecordedStart> {
  const runId = newId('run');
  const job = await deps.queue.reportJobInsert({ runId, orgId: start.orgId });
  const text = statementText(job.text);
  const now = new Date();
  const steps: StepRecord[] = PIPELINE_STEPS.map((name) => ({ name, status: 'pending' }));
  const existingProjectId = 'id' in start.project ? start.project.id : null;
  const values = [
    job.payload,
    start.orgId,
    plansJson(deps),
    currentPeriod(now).start,
    start.input.id,
    start.input.objectKey,
    start.input.sha256,
    start.input.sizeBytes,
    now,
    start.input.expiresAt,
    existingProjectId,
    'id' in start.project ? null : newId('proj'),
    'id' in start.project ? null : start.project.name,
    'id' in start.project ? null : start.project.mode,
    new Date(now.getTime() - deps.config.worker.heartbeatSeconds * 3000),
    runId,
    start.userId,
    start.mode,
    JSON.stringify(steps),
    JSON.stringify(start.inputSummary),
    start.notes ?? null,
    start.input.body ?? null,
  ];
  let row: Row | undefined;
  try {
    const name = statementName(text);
    [row] = transaction
      ? await preparedQueryIn<Row>(transaction, name, text, values)
      : await preparedQuery<Row>(deps.db.sequelize, name, text, values);
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal === 'job_refused') throw new Error(`pg-boss refused the job for run ${runId}`);
    if (refusal === 'quota_exceeded') throw await quotaExceeded(deps, start.orgId);
    if (refusal === 'not_found')
      throw new AppError('not_found', `Project ${existingProjectId} was not found in this workspace.`);
    if (refusal === 'project_archived')
      throw new AppError(
        'project_archived',
        `Project ${existingProjectId} is archived; PATCH it with status "active" before starting reports.`,
      );
    throw error;
  }
  if (!row) throw new Error('the start statement returned no row');
  const { run, project } = row;
  return {
    plan: row.plan,
    runsThisPeriod: row.used,
    workerAlive: row.workerAlive,
    projectRunCount: row.projectRunCount,
    project: {
      ...(project as unknown as ProjectFields),
      createdAt: date(project.createdAt),
      updatedAt: date(project.updatedAt),
    },
    run: {
      ...(run as unknown as RunFields),
      createdAt: date(run.createdAt),
      updatedAt: date(run.updatedAt),
      completedAt: run.completedAt ? date(run.completedAt) : null,
    },
  };
}

/** The reason a statement was refused with (report_service_refuse), or undefined for any other error. */
function refusalOf(error: unknown): string | undefined {
  const e = error as { code?: string; hint?: string; message?: string };
  return e?.code === 'P0001' && e.hint === 'report_service_refusal' ? e.message : undefined;
}
