import { ProjectRepository } from '../../../db/models/index.ts';
import type { Logger } from '../../../shared/logger.ts';
import type { RunInputs } from '../run-inputs.ts';
import type { SdkLanguage } from '../../generators/custom-code/custom-folders.ts';
import type { CarrySources } from './carry-sources.ts';
import { joinedSdkText, readRepositoryTrees } from './read-repository-trees.ts';

/**
 * With an SDK repository connected to the run's project, the customer's SDK is its default branch
 * (theirs, also the compatibility diff's old SDK when the run sent none) and the merge base is its
 * `generated` branch (the pristine generation last pushed there). A repository that cannot be read
 * is logged and the run goes on with what it has.
 */
export async function addRepositorySources(
  run: { id: string; projectId: string },
  carry: CarrySources,
  inputs: RunInputs,
  github: { remoteBase: string; token: string | undefined },
  timeoutMs: number,
  logger: Logger,
): Promise<RunInputs> {
  const connection = await ProjectRepository.findOne({ where: { projectId: run.projectId } });
  if (!connection?.sdkRepository) return inputs;
  const language: SdkLanguage = connection.sdkLanguage;
  try {
    const trees = await readRepositoryTrees({
      remote: `${github.remoteBase}${connection.sdkRepository}.git`,
      token: github.token,
      defaultBranch: connection.defaultBranch,
      timeoutMs,
    });
    if (trees.generated) carry.bases[language] = trees.generated;
    if (!trees.current) return inputs;
    carry.repository[language] = trees.current;
    const old = inputs.oldSdkText ?? joinedSdkText(trees.current, language);
    return { ...inputs, oldSdkText: old || null };
  } catch (error) {
    logger.warn(
      { err: error, runId: run.id, repository: connection.sdkRepository },
      'the connected SDK repository could not be read',
    );
    return inputs;
  }
}
