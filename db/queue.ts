import { randomUUID } from 'node:crypto';
import { PgBoss } from 'pg-boss';
import type { Transaction } from 'sequelize';
import {
  MAINTENANCE_QUEUE,
  PUBLISH_DEAD_LETTER_QUEUE,
  PUBLISH_QUEUE,
  REPORT_DEAD_LETTER_QUEUE,
  REPORT_QUEUE,
  type PublishJobData,
  type ReportJobData,
} from '../shared/jobs.ts';

export interface QueuePolicy {
  /** Attempts after the first for transient faults. */
  retryLimit: number;
  /** First retry delay in seconds; doubles (with jitter) each retry. */
  retryDelaySeconds: number;
  /** A job active longer than this is failed and retried. */
  expireInSeconds: number;
  /** A worker must refresh its job this often, or the job is retried elsewhere (a killed worker). */
  heartbeatSeconds: number;
}

export const DEFAULT_QUEUE_POLICY: QueuePolicy = {
  retryLimit: 2,
  retryDelaySeconds: 5,
  expireInSeconds: 15 * 60,
  heartbeatSeconds: 10,
};

/** The interface pg-boss accepts for running its SQL on a caller's connection. */
interface QueueSqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

interface PgConnection {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** pg-boss runs its insert on the connection of our Sequelize transaction: one commit for both. */
function transactionExecutor(transaction: Transaction): QueueSqlExecutor {
  // Sequelize keeps the pg client of a transaction on `connection` (not in its public typings).
  const { connection } = transaction as unknown as { connection: PgConnection };
  return { executeSql: (text, values) => connection.query(text, values) };
}

export interface Queue {
  boss: PgBoss;
  policy: QueuePolicy;
  /** Enqueues a report job inside `transaction`; returns the job id. */
  enqueueReport(data: ReportJobData, transaction: Transaction): Promise<string>;
  /**
   * The statement pg-boss runs to enqueue this report job (its own SQL and payload, made by
   * `send` without running it), for a caller that runs it as part of a statement of its own: an
   * `INSERT ... RETURNING id` whose only parameter is `$1`. `id` is the job's id.
   */
  reportJobInsert(data: ReportJobData): Promise<{ id: string; text: string; payload: unknown }>;
  /** Enqueues a publish or rollback job inside `transaction` (the action row's commit); returns the job id. */
  enqueuePublish(data: PublishJobData, transaction: Transaction): Promise<string>;
  /** Cancels a queued or active job inside `transaction` (no effect when already finished). */
  cancelReport(jobId: string, transaction: Transaction): Promise<void>;
  stop(): Promise<void>;
}

export interface QueueOptions {
  databaseUrl: string;
  policy?: QueuePolicy;
  /** Run pg-boss maintenance (expiry, retention) in this process. Workers do; API-only processes need not. */
  supervise: boolean;
  onError?: (error: Error) => void;
}

/** Starts pg-boss on the service database and creates the queues with their explicit policy. */
export async function openQueue(options: QueueOptions): Promise<Queue> {
  const policy = options.policy ?? DEFAULT_QUEUE_POLICY;
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    schema: 'pgboss',
    max: 5,
    supervise: options.supervise,
    // pg-boss fails jobs whose heartbeat stopped (a killed worker) only in its monitor pass, every
    // 60 s by default: such a job sat a minute or more before its retry. Check as often as the
    // heartbeat, so it is retried about `heartbeatSeconds` after its worker died.
    superviseIntervalSeconds: policy.heartbeatSeconds,
    monitorIntervalSeconds: policy.heartbeatSeconds,
    schedule: options.supervise,
    application_name: 'report-service-queue',
  });
  boss.on('error', (error: Error) => options.onError?.(error));
  await boss.start();
  await ensureQueues(boss, policy);
  return {
    boss,
    policy,
    async enqueueReport(data, transaction) {
      const id = await boss.send(REPORT_QUEUE, data, { db: transactionExecutor(transaction) });
      if (!id) throw new Error(`pg-boss refused the job for run ${data.runId}`);
      return id;
    },
    async reportJobInsert(data) {
      const id = randomUUID();
      let captured: { text: string; values: unknown[] } | undefined;
      const sent = await boss.send(REPORT_QUEUE, data, {
        id,
        db: {
          async executeSql(text, values) {
            if (captured) throw new Error('pg-boss sent more than one statement for one job');
            captured = { text, values: values ?? [] };
            return { rows: [{ id }] };
          },
        },
      });
      if (sent !== id || !captured) throw new Error(`pg-boss did not make the job for run ${data.runId}`);
      // A queue with NOTIFY on gets a WITH statement, which cannot be nested in another one.
      if (!/^\s*INSERT INTO /.test(captured.text) || captured.values.length !== 1 || /\$[2-9]/.test(captured.text))
        throw new Error('pg-boss enqueues report jobs with a statement of an unexpected shape');
      return { id, text: captured.text, payload: captured.values[0] };
    },
    async enqueuePublish(data, transaction) {
      const id = await boss.send(PUBLISH_QUEUE, data, { db: transactionExecutor(transaction) });
      if (!id) throw new Error(`pg-boss refused the publish job for action ${data.actionId}`);
      return id;
    },
    async cancelReport(jobId, transaction) {
      await boss.cancel(REPORT_QUEUE, jobId, { db: transactionExecutor(transaction) });
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}

/** Creates (or updates) the report queue, its dead-letter queue and the maintenance queue. */
export async function ensureQueues(boss: PgBoss, policy: QueuePolicy): Promise<void> {
  const existing = new Set((await boss.getQueues()).map((q) => q.name));
  if (!existing.has(REPORT_DEAD_LETTER_QUEUE)) {
    await boss.createQueue(REPORT_DEAD_LETTER_QUEUE, {
      retentionSeconds: 30 * 24 * 3600,
      deleteAfterSeconds: 30 * 24 * 3600,
    });
  }
  const reportOptions = {
    policy: 'standard' as const,
    retryLimit: policy.retryLimit,
    retryDelay: policy.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: policy.expireInSeconds,
    retentionSeconds: 7 * 24 * 3600,
    deleteAfterSeconds: 7 * 24 * 3600,
    deadLetter: REPORT_DEAD_LETTER_QUEUE,
    heartbeatSeconds: policy.heartbeatSeconds,
  };
  if (!existing.has(REPORT_QUEUE)) await boss.createQueue(REPORT_QUEUE, reportOptions);
  else {
    const { policy: _policy, deadLetter: _dead, heartbeatSeconds: _hb, ...updatable } = reportOptions;
    await boss.updateQueue(REPORT_QUEUE, updatable);
  }
  // Publishing: a registry refusal is recorded and not retried (the handler returns); only a fault
  // of ours (a crash, a killed worker) is retried, and the handler checks the registry before it
  // writes again. After the last retry the dead-letter handler marks the action failed.
  if (!existing.has(PUBLISH_DEAD_LETTER_QUEUE)) {
    await boss.createQueue(PUBLISH_DEAD_LETTER_QUEUE, {
      retentionSeconds: 30 * 24 * 3600,
      deleteAfterSeconds: 30 * 24 * 3600,
    });
  }
  if (!existing.has(PUBLISH_QUEUE)) {
    await boss.createQueue(PUBLISH_QUEUE, {
      ...reportOptions,
      deadLetter: PUBLISH_DEAD_LETTER_QUEUE,
      retentionSeconds: 30 * 24 * 3600,
      deleteAfterSeconds: 30 * 24 * 3600,
    });
  }
  if (!existing.has(MAINTENANCE_QUEUE))
    await boss.createQueue(MAINTENANCE_QUEUE, { policy: 'singleton', retryLimit: 1 });
}
