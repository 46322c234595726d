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
 * The end of a run that went through every step (DESIGN.md, Runs; docs/diagnostics.md, "Verdict classes"):
 * - partner setup missing → `blocked` + `needs_setup`;
 * - error diagnostics → `complete` + `not_ready` (a report on a bad description is still a report);
 * - warnings that change what the deliverables do (validate's `review` count: class `sdk`, or a
 *   rule the project set to `warn`), breaking changes in the compatibility diff, a failed step, or
 *   a step skipped for a reason other than "not applicable" (a missing tool, no model) →
 *   `complete` + `needs_review`; so does a customer's code merged with conflicts (`customConflicts`);
 * - otherwise `ready` + `ready`: style warnings (undeclared tags, unused components) stay in the
 *   report without blocking it.
 * A run recorded before `review` was counted reads every warning as one to review.
 */
export function decideOutcome(
  summary: ReportSummary,
  steps: readonly StepRecord[],
): { status: RunStatus; verdict: RunVerdict } {
  if (summary.needsSetup.length > 0) return { status: 'blocked', verdict: 'needs_setup' };
  if (summary.errors > 0) return { status: 'complete', verdict: 'not_ready' };
  const validate = steps.find((s) => s.name === 'validate');
  const warnings = (validate?.counts?.review ?? summary.warnings) > 0;
  const compat = steps.find((s) => s.name === 'compat_diff')?.counts;
  const breaking = (compat?.breaking ?? 0) + (compat?.removed ?? 0) + (compat?.changed ?? 0) > 0;
  const incomplete = steps.some(
    (s) => s.status !== 'passed' && !(s.status === 'skipped' && s.counts?.notApplicable === 1),
  );
  // A customer's code merged with conflicts (markers delivered): someone must resolve them.
  const conflicts = steps.some((s) => (s.counts?.customConflicts ?? 0) > 0);
  if (warnings || breaking || incomplete || conflicts) return { status: 'complete', verdict: 'needs_review' };
  return { status: 'ready', verdict: 'ready' };
}
