import { tmpdir } from 'node:os';

/**
 * Where a run's temporary trees go: the folder its run process was given (removed when that
 * process ends, even when it was killed), else the system's temp folder.
 */
export function scratchDir(): string {
  return process.env.REPORT_RUN_SCRATCH ?? tmpdir();
}
