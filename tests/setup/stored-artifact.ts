import type { CreationAttributes } from 'sequelize';
import { Artifact } from '../../db/models/index.ts';

/** Creates an artifact row as the pipeline does: its bytes written to the object store first, then the row naming them. */
export async function createStoredArtifact(
  attributes: Omit<CreationAttributes<Artifact>, 'objectKey'> & { content: Buffer },
): Promise<Artifact> {
  const { content, ...row } = attributes;
  const objectKey = await Artifact.storeContent(row.id, content);
  return await Artifact.create({ ...row, objectKey });
}
