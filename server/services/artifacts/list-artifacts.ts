import { Artifact } from '../../../db/models/index.ts';
import type { ArtifactSummary } from '../../../shared/schemas/runs.ts';
import type { Caller } from '../auth/caller.ts';
import { findRun } from '../runs/find-run.ts';

export function toArtifact(row: Artifact): ArtifactSummary {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    mediaType: row.mediaType,
    sizeBytes: row.sizeBytes,
    sha256: row.sha256,
    fileCount: row.fileCount,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A run's artifacts (metadata only; bytes through the download route). */
export async function listArtifacts(caller: Caller, runId: string): Promise<{ artifacts: ArtifactSummary[] }> {
  await findRun(caller.org.id, runId);
  const rows = await Artifact.findAll({
    where: { runId, orgId: caller.org.id },
    order: [['id', 'ASC']],
  });
  return { artifacts: rows.map(toArtifact) };
}
