/** Queue names and job payloads shared by the API (enqueue) and the worker (work). */
export const REPORT_QUEUE = 'report.run';
export const REPORT_DEAD_LETTER_QUEUE = 'report.run.dead';
export const MAINTENANCE_QUEUE = 'maintenance.purge';

export interface ReportJobData {
  runId: string;
  orgId: string;
}
