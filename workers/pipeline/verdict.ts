import type { StepRecord } from '../../db/models/run-shapes.ts';
import type { RunStatus, RunVerdict } from '../../shared/enums.ts';

/** What a run's verdict is decided from: the description's diagnostics by severity, and partner setup. */
export interface ReportSummary {
  needsSetup: string[];
  errors: number;
  warnings: number;
  infos: number;
}

/**
 * The end of a run that went through every step (DESIGN.md, Runs):
 * - partner setup missing → `blocked` + `needs_setup`;
 * - error diagnostics → `complete` + `not_ready` (a report on a bad description is still a report);
 * - warnings, a failed step, or a step skipped for a reason other than "not applicable" (a missing
 *   tool, no model) → `complete` + `needs_review`;
 * - otherwise `ready` + `ready`.
 */
export function decideOutcome(
  summary: ReportSummary,
  steps: readonly StepRecord[],
): { status: RunStatus; verdict: RunVerdict } {
  if (summary.needsSetup.length > 0) return { status: 'blocked', verdict: 'needs_setup' };
  if (summary.errors > 0) return { status: 'complete', verdict: 'not_ready' };
  const warnings = summary.warnings > 0;
  const incomplete = steps.some(
    (s) => s.status !== 'passed' && !(s.status === 'skipped' && s.counts?.notApplicable === 1),
  );
  if (warnings || incomplete) return { status: 'complete', verdict: 'needs_review' };
  return { status: 'ready', verdict: 'ready' };
}
