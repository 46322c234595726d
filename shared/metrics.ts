import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The Prometheus metrics of this process (docs/deployment.md: Metrics and readiness), one registry per
 * process: each API or worker process serves its own counters; the gauges read from the database
 * (queue depth, oldest job, workers alive) are refreshed at scrape time and are the same in every
 * process (aggregate them with `max`). Labels are bounded: an HTTP route is its pattern, never the
 * raw URL; steps, statuses and verdicts come from fixed lists.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const STEP_SECONDS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

export const metrics = {
  httpRequests: new Counter({
    name: 'report_service_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  }),
  httpDuration: new Histogram({
    name: 'report_service_http_request_duration_seconds',
    help: 'Time from a request arriving to its response finishing, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: SECONDS,
    registers: [registry],
  }),
  runsStarted: new Counter({
    name: 'report_service_runs_started_total',
    help: 'Runs created and queued (report starts and retries), by mode.',
    labelNames: ['mode'] as const,
    registers: [registry],
  }),
  runsFinished: new Counter({
    name: 'report_service_runs_finished_total',
    help: 'Runs that reached a terminal state in this process, by status and verdict.',
    labelNames: ['status', 'verdict'] as const,
    registers: [registry],
  }),
  stepDuration: new Histogram({
    name: 'report_service_step_duration_seconds',
    help: 'Pipeline step durations, by step and the status it ended with.',
    labelNames: ['step', 'status'] as const,
    buckets: STEP_SECONDS,
    registers: [registry],
  }),
  workerHeartbeats: new Counter({
    name: 'report_service_worker_heartbeats_total',
    help: "This process's worker heartbeats, by result (ok, failed).",
    labelNames: ['result'] as const,
    registers: [registry],
  }),
  workerLastHeartbeat: new Gauge({
    name: 'report_service_worker_last_heartbeat_timestamp_seconds',
    help: "Unix time of this process's last successful worker heartbeat.",
    registers: [registry],
  }),
  authFailures: new Counter({
    name: 'report_service_auth_failures_total',
    help: 'Requests refused for an invalid, expired or revoked credential, by kind (api_key, session, metrics_token).',
    labelNames: ['kind'] as const,
    registers: [registry],
  }),
  rateLimitRefusals: new Counter({
    name: 'report_service_rate_limit_refusals_total',
    help: 'Requests answered 429 by a rate limiter, by limiter (report_starts, auth_failures).',
    labelNames: ['limiter'] as const,
    registers: [registry],
  }),
  queueJobs: new Gauge({
    name: 'report_service_queue_jobs',
    help: 'Jobs waiting (created, retry) or running (active) per queue, from pg-boss at scrape time.',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
  }),
  queueOldestAge: new Gauge({
    name: 'report_service_queue_oldest_job_age_seconds',
    help: 'Age of the oldest job waiting to start per queue (0 when none waits), at scrape time.',
    labelNames: ['queue'] as const,
    registers: [registry],
  }),
  runsOpen: new Gauge({
    name: 'report_service_runs_open',
    help: 'Runs queued or running, from the runs table at scrape time.',
    labelNames: ['status'] as const,
    registers: [registry],
  }),
  oldestQueuedRunAge: new Gauge({
    name: 'report_service_oldest_queued_run_age_seconds',
    help: 'Age of the oldest queued run (0 when none is queued), at scrape time.',
    registers: [registry],
  }),
  workersAlive: new Gauge({
    name: 'report_service_workers_alive',
    help: 'Worker processes whose heartbeat is younger than three intervals, at scrape time.',
    registers: [registry],
  }),
  workerHeartbeatAge: new Gauge({
    name: 'report_service_worker_heartbeat_age_seconds',
    help: 'Age of the youngest worker heartbeat of any process (-1 when none was ever seen), at scrape time.',
    registers: [registry],
  }),
  info: new Gauge({
    name: 'report_service_info',
    help: 'Always 1; the labels say which roles this process runs.',
    labelNames: ['role'] as const,
    registers: [registry],
  }),
};
