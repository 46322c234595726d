import type { Transaction } from 'sequelize';
import { Artifact } from '../../db/models/index.ts';
import type { ArtifactEntry } from '../../db/models/run-shapes.ts';
import { newId } from '../../shared/ids.ts';
import type { PackedDraft } from './run-protocol.ts';

/**
 * Stores a step's artifacts (packed in the run's process) for a run, replacing an earlier attempt's
 * artifact of the same kind (a resumed job regenerates it). Returns the manifest entries.
 */
export async function saveArtifacts(
  run: { id: string; orgId: string },
  drafts: readonly PackedDraft[],
  expiresAt: Date,
  transaction: Transaction,
): Promise<ArtifactEntry[]> {
  const entries: ArtifactEntry[] = [];
  for (const { kind, packed } of drafts) {
    const draft = { kind };
    await Artifact.destroy({ where: { runId: run.id, kind: draft.kind }, transaction });
    const row = await Artifact.create(
      {
        id: newId('art'),
        orgId: run.orgId,
        runId: run.id,
        kind: draft.kind,
        name: packed.fileName,
        mediaType: packed.mediaType,
        sizeBytes: packed.sizeBytes,
        sha256: packed.sha256,
        fileCount: packed.fileCount,
        content: packed.content,
        expiresAt,
      },
      { transaction },
    );
    entries.push({
      id: row.id,
      name: row.name,
      kind: row.kind,
      mediaType: row.mediaType,
      sizeBytes: row.sizeBytes,
      sha256: row.sha256,
      fileCount: row.fileCount,
      expiresAt: expiresAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
    });
  }
  return entries;
}
