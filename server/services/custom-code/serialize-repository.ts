import type { ProjectRepository } from '../../../db/models/index.ts';
import type { ProjectRepositoryConnection } from '../../../shared/schemas/custom-code.ts';

/** A project's repository connection as the API shows it (never the webhook secret). */
export function toRepositoryConnection(row: ProjectRepository): ProjectRepositoryConnection {
  return {
    projectId: row.projectId,
    sdkRepository: row.sdkRepository ?? null,
    sdkLanguage: row.sdkLanguage,
    defaultBranch: row.defaultBranch,
    descriptionRepository: row.descriptionRepository ?? null,
    descriptionPath: row.descriptionPath ?? null,
    webhookPath: `/api/projects/${row.projectId}/description-webhook`,
    releaseWebhookPath: `/api/projects/${row.projectId}/release-webhook`,
    webhookSecretSet: !!row.webhookSecret,
    pullRequest: row.pullRequest ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}
