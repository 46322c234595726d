import { Op } from 'sequelize';
import { SdkGeneration } from '../../../db/models/index.ts';
import type { SdkLanguage } from '../../generators/custom-code/custom-folders.ts';
import { unpackArtifact } from '../unpack-artifact.ts';
import type { CarrySources, TextTree } from './carry-sources.ts';

const LANGUAGES: readonly SdkLanguage[] = ['typescript', 'python', 'go'];

/** A stored pristine generation as a text tree. */
export async function generationTree(content: Buffer): Promise<TextTree> {
  const files = await unpackArtifact(content);
  return Object.fromEntries([...files].map(([path, bytes]) => [path, bytes.toString('utf8')]));
}

/**
 * The merge bases of a run: per language, the latest pristine generation of an earlier run of the
 * same project that the customer received (downloaded, published, or pushed to the connected
 * repository's `generated` branch). `repository` trees are added by the caller when a repository
 * is connected.
 */
export async function loadCarrySources(run: { id: string; projectId: string }): Promise<CarrySources> {
  const sources: CarrySources = { bases: {}, repository: {} };
  for (const language of LANGUAGES) {
    const row = await SdkGeneration.findOne({
      where: {
        projectId: run.projectId,
        language,
        runId: { [Op.lt]: run.id },
        receivedAt: { [Op.ne]: null },
        content: { [Op.ne]: null },
      },
      order: [
        ['receivedAt', 'DESC'],
        ['runId', 'DESC'],
      ],
    });
    if (row?.content) sources.bases[language] = { runId: row.runId, files: await generationTree(row.content) };
  }
  return sources;
}
