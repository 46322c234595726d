import type { Run as RunRow } from '../../../db/models/index.ts';
import type { Run } from '../../../shared/schemas/runs.ts';

/** The columns a run's API shape is made of: a model instance, or a raw row (read-run.ts). */
export type RunFields = Pick<
  RunRow,
  | 'id'
  | 'orgId'
  | 'projectId'
  | 'createdByUserId'
  | 'status'
  | 'mode'
  | 'verdict'
  | 'createdAt'
  | 'completedAt'
  | 'steps'
  | 'inputSummary'
  | 'notes'
  | 'currentStep'
  | 'artifactManifest'
  | 'updatedAt'
>;

export function toRun(row: RunFields): Run {
  return {
    id: row.id,
    orgId: row.orgId,
    projectId: row.projectId,
    ...(row.createdByUserId ? { createdByUserId: row.createdByUserId } : {}),
    status: row.status,
    mode: row.mode,
    verdict: row.verdict,
    createdAt: row.createdAt.toISOString(),
    ...(row.completedAt ? { completedAt: row.completedAt.toISOString() } : {}),
    steps: row.steps,
    inputSummary: row.inputSummary,
    ...(row.notes ? { notes: row.notes } : {}),
    ...(row.currentStep ? { currentStep: row.currentStep } : {}),
    ...(row.artifactManifest ? { artifactManifest: row.artifactManifest } : {}),
    updatedAt: row.updatedAt.toISOString(),
  };
}
