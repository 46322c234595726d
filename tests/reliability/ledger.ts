import pg from 'pg';

/** Run statuses a run never leaves (except `expired`, by the purge, long after these tests). */
export const TERMINAL = ['blocked', 'complete', 'ready', 'failed', 'expired', 'canceled'] as const;
const TERMINAL_SET = new Set<string>(TERMINAL);

export interface RunRow {
  id: string;
  orgId: string;
  status: string;
  verdict: string;
  jobId: string | null;
  notes: string | null;
  completedAt: Date | null;
  steps: Array<{ name: string; status: string }>;
}

export interface JobRow {
  id: string;
  runId: string;
  name: string;
  state: string;
  retryCount: number;
}

export interface KeyRow {
  orgId: string;
  key: string;
  runId: string;
}

/** What the database says about runs, their pg-boss jobs and stored idempotent responses. */
export interface Ledger {
  runs: RunRow[];
  jobs: JobRow[];
  keys: KeyRow[];
}

/**
 * Reads the service database with its own small pool, so it works against any server (the
 * shared test PostgreSQL or one a test stops and restarts) and needs none of the service's models.
 */
export function openLedger(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', () => {}); // a server the test stops on purpose
  return {
    pool,
    /**
     * The three tables from one snapshot (REPEATABLE READ): read one after the other on separate
     * connections, a run that ends between the reads would show as `running` beside its already
     * completed job, which no moment of the database ever held.
     */
    async read(): Promise<Ledger> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
        const runs = await client.query<RunRow>(
          `SELECT id, org_id AS "orgId", status, verdict, job_id AS "jobId", notes, completed_at AS "completedAt", steps FROM runs ORDER BY id`,
        );
        const jobs = await client.query<JobRow>(
          `SELECT id::text AS id, data->>'runId' AS "runId", name, state::text AS state, retry_count AS "retryCount" FROM pgboss.job WHERE name IN ('report.run', 'report.run.dead') ORDER BY id`,
        );
        const keys = await client.query<KeyRow>(
          `SELECT org_id AS "orgId", key, response->'run'->>'id' AS "runId" FROM idempotency_keys ORDER BY key`,
        );
        await client.query('COMMIT');
        return { runs: runs.rows, jobs: jobs.rows, keys: keys.rows };
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    /**
     * Polls until every run in `ids` (default: every run) is terminal and its report job is no
     * longer live (a worker killed between ending the run and completing its job leaves the job
     * active until pg-boss expires it and another worker completes it); returns the ledger then.
     */
    async waitAllTerminal(timeoutMs: number, ids?: readonly string[]): Promise<Ledger> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const ledger = await this.read();
        const wanted = ids ? new Set(ids) : undefined;
        const open = ledger.runs.filter((r) => (!wanted || wanted.has(r.id)) && !TERMINAL_SET.has(r.status));
        const liveJobs = ledger.jobs.filter(
          (j) =>
            j.name === 'report.run' &&
            (!wanted || wanted.has(j.runId)) &&
            ['created', 'retry', 'active'].includes(j.state),
        );
        if (open.length === 0 && liveJobs.length === 0) return ledger;
        if (Date.now() > deadline) {
          throw new Error(
            `${open.length} runs not terminal, ${liveJobs.length} report jobs still live after ${timeoutMs} ms: ${[
              ...open.map((r) => `${r.id}=${r.status}`),
              ...liveJobs.map((j) => `job of ${j.runId}=${j.state}`),
            ]
              .slice(0, 5)
              .join(', ')}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
    close: () => pool.end(),
  };
}

/**
 * Everything that would mean a lost or duplicated run, as readable lines (empty when sound):
 * a report job without its run, a queued or running run without a live job, a run with other
 * than exactly one report job, a run whose `job_id` is not its job, an idempotent response
 * naming a run that does not exist.
 */
export function orphans(ledger: Ledger): string[] {
  const problems: string[] = [];
  const runIds = new Set(ledger.runs.map((r) => r.id));
  const reportJobs = ledger.jobs.filter((j) => j.name === 'report.run');
  const jobsByRun = new Map<string, JobRow[]>();
  for (const job of reportJobs) {
    if (!runIds.has(job.runId))
      problems.push(`job ${job.id} (${job.state}) names run ${job.runId}, which does not exist`);
    jobsByRun.set(job.runId, [...(jobsByRun.get(job.runId) ?? []), job]);
  }
  for (const run of ledger.runs) {
    const jobs = jobsByRun.get(run.id) ?? [];
    if (jobs.length !== 1) problems.push(`run ${run.id} (${run.status}) has ${jobs.length} report jobs`);
    if (jobs[0] && run.jobId !== jobs[0].id)
      problems.push(`run ${run.id} records job ${run.jobId}, its job is ${jobs[0].id}`);
    const live = jobs.some((j) => ['created', 'retry', 'active'].includes(j.state));
    if ((run.status === 'queued' || run.status === 'running') && !live)
      problems.push(`run ${run.id} is ${run.status} without a live job`);
  }
  for (const key of ledger.keys) {
    if (!runIds.has(key.runId))
      problems.push(`idempotency key ${key.key} names run ${key.runId}, which does not exist`);
  }
  return problems;
}

/** Problems of a run that should be over: not terminal, no completedAt, a step left pending or running. */
export function unfinished(run: RunRow): string[] {
  const problems: string[] = [];
  if (!TERMINAL_SET.has(run.status)) problems.push(`run ${run.id} is ${run.status}`);
  if (!run.completedAt) problems.push(`run ${run.id} (${run.status}) has no completedAt`);
  const open = run.steps.filter((s) => s.status === 'pending' || s.status === 'running');
  if (open.length > 0 && run.status !== 'canceled' && run.status !== 'failed')
    problems.push(`run ${run.id} (${run.status}) left steps ${open.map((s) => `${s.name}=${s.status}`).join(', ')}`);
  return problems;
}
