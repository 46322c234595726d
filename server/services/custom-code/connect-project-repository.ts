import { randomBytes } from 'node:crypto';
import { ProjectRepository } from '../../../db/models/index.ts';
import { AppError } from '../../../shared/errors.ts';
import type { ConnectRepositoryInput, ProjectRepositoryConnection } from '../../../shared/schemas/custom-code.ts';
import type { Caller } from '../auth/caller.ts';
import type { Deps } from '../deps.ts';
import { findProject } from '../projects/find-project.ts';
import { toRepositoryConnection } from './serialize-repository.ts';

/**
 * Connects (or changes) a project's repositories: the SDK repository release pull requests go to,
 * and the description repository and path whose signed pushes start runs. The webhook secret is
 * made when a description or SDK repository is first set (or on `rotateWebhookSecret`) and shown
 * once; it signs both webhooks (description pushes, the SDK repository's pull requests).
 * Fields left out keep their value; `null` clears one.
 */
export async function connectProjectRepository(
  deps: Deps,
  caller: Caller,
  input: ConnectRepositoryInput,
): Promise<{ repository: ProjectRepositoryConnection; webhookSecret?: string }> {
  return await deps.db.sequelize.transaction(async (transaction) => {
    const project = await findProject(caller.org.id, input.projectId, { transaction, lock: true });
    if (project.status === 'archived') throw new AppError('project_archived');
    const existing = await ProjectRepository.findOne({ where: { projectId: project.id }, transaction, lock: true });
    const next = {
      sdkRepository: input.sdkRepository === undefined ? (existing?.sdkRepository ?? null) : input.sdkRepository,
      sdkLanguage: input.sdkLanguage ?? existing?.sdkLanguage ?? 'typescript',
      defaultBranch: input.defaultBranch ?? existing?.defaultBranch ?? 'main',
      descriptionRepository:
        input.descriptionRepository === undefined
          ? (existing?.descriptionRepository ?? null)
          : input.descriptionRepository,
      descriptionPath:
        input.descriptionPath === undefined ? (existing?.descriptionPath ?? null) : input.descriptionPath,
    };
    if (!!next.descriptionRepository !== !!next.descriptionPath)
      throw new AppError('invalid_request', 'descriptionRepository and descriptionPath are set together.');
    if (next.defaultBranch === 'generated')
      throw new AppError('invalid_request', 'defaultBranch: "generated" holds the pristine generations; name another.');
    const makeSecret =
      (!!next.descriptionRepository || !!next.sdkRepository) &&
      (input.rotateWebhookSecret === true || !existing?.webhookSecret);
    const webhookSecret = makeSecret ? `whsec_${randomBytes(32).toString('base64url')}` : undefined;
    const values = {
      ...next,
      ...(webhookSecret ? { webhookSecret } : {}),
      connectedByUserId: caller.user.id,
    };
    const row = existing
      ? await existing.update(values, { transaction })
      : await ProjectRepository.create({ projectId: project.id, orgId: caller.org.id, ...values }, { transaction });
    return { repository: toRepositoryConnection(row), ...(webhookSecret ? { webhookSecret } : {}) };
  });
}
