/** Queue names and job payloads shared by the API (enqueue) and the worker (work). */
export const REPORT_QUEUE = 'report.run';
export const REPORT_DEAD_LETTER_QUEUE = 'report.run.dead';
export const MAINTENANCE_QUEUE = 'maintenance.purge';

export interface ReportJobData {
  runId: string;
  orgId: string;
}

/** Publish and rollback jobs: one per action that passed its checks (see db/queue.ts). */
export const PUBLISH_QUEUE = 'publishing.publish';
export const PUBLISH_DEAD_LETTER_QUEUE = 'publishing.publish.dead';

export interface PublishJobData {
  actionId: string;
  orgId: string;
}
