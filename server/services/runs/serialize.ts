import type { Run as RunRow } from '../../../db/models/index.ts';
import type { Run } from '../../../shared/schemas/runs.ts';

export function toRun(row: RunRow): Run {
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
