import { Op, type Transaction } from 'sequelize';
import { Artifact } from '../../db/models/index.ts';
import type { ArtifactEntry } from '../../db/models/run-shapes.ts';
import type { StoredDraft } from './put-artifact-objects.ts';

/**
 * Records a step's artifacts (their objects already written, put-artifact-objects.ts) for a run,
 * replacing an earlier attempt's artifact of the same kind (a resumed job regenerates it). Returns
 * the manifest entries and the object keys of the replaced rows, to delete once this commits.
 */
export async function saveArtifacts(
  run: { id: string; orgId: string },
  drafts: readonly StoredDraft[],
  expiresAt: Date,
  transaction: Transaction,
): Promise<{ entries: ArtifactEntry[]; replacedKeys: string[] }> {
  const entries: ArtifactEntry[] = [];
  const replacedKeys: string[] = [];
  for (const { kind, packed, id, objectKey } of drafts) {
    const earlier = await Artifact.findAll({
      where: { runId: run.id, kind, objectKey: { [Op.ne]: null } },
      attributes: ['objectKey'],
      transaction,
    });
    replacedKeys.push(...earlier.map((a) => a.objectKey!));
    await Artifact.destroy({ where: { runId: run.id, kind }, transaction });
    const row = await Artifact.create(
      {
        id,
        orgId: run.orgId,
        runId: run.id,
        kind,
        name: packed.fileName,
        mediaType: packed.mediaType,
        sizeBytes: packed.sizeBytes,
        sha256: packed.sha256,
        fileCount: packed.fileCount,
        objectKey,
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
  return { entries, replacedKeys };
}
