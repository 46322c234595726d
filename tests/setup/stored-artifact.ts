import type { CreationAttributes } from 'sequelize';
import { Artifact } from '../../db/models/index.ts';
import { newId } from '../../shared/ids.ts';
import { packArtifact } from '../../workers/pipeline/pack-artifact.ts';
import type { ArtifactDraft } from '../../workers/pipeline/step.ts';

/** Creates an artifact row as the pipeline does: its bytes written to the object store first, then the row naming them. */
export async function createStoredArtifact(
  attributes: Omit<CreationAttributes<Artifact>, 'objectKey'> & { content: Buffer },
): Promise<Artifact> {
  const { content, ...row } = attributes;
  const objectKey = await Artifact.storeContent(row.id, content);
  return await Artifact.create({ ...row, objectKey });
}

/** Packs `draft` as the runner does and stores it as an artifact of the run, expiring in `expiresInMs`. */
export async function storeArtifact(
  orgId: string,
  runId: string,
  draft: ArtifactDraft,
  expiresInMs = 3600_000,
): Promise<void> {
  const packed = await packArtifact(draft);
  await createStoredArtifact({
    id: newId('art'),
    orgId,
    runId,
    kind: draft.kind,
    name: packed.fileName,
    mediaType: packed.mediaType,
    sizeBytes: packed.sizeBytes,
    sha256: packed.sha256,
    fileCount: packed.fileCount,
    content: packed.content,
    expiresAt: new Date(Date.now() + expiresInMs),
  });
}
