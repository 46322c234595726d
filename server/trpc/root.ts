import { createApiKey } from '../routers/api-keys/create-api-key.ts';
import { listApiKeys } from '../routers/api-keys/list-api-keys.ts';
import { revokeApiKey } from '../routers/api-keys/revoke-api-key.ts';
import { listArtifacts } from '../routers/artifacts/list-artifacts.ts';
import { createCheckout } from '../routers/billing/create-checkout.ts';
import { addDomain } from '../routers/domains/add-domain.ts';
import { listDomains } from '../routers/domains/list-domains.ts';
import { removeDomain } from '../routers/domains/remove-domain.ts';
import { verifyDomain } from '../routers/domains/verify-domain.ts';
import { getAuthConfig } from '../routers/identity/get-auth-config.ts';
import { getHealth } from '../routers/identity/get-health.ts';
import { getMe } from '../routers/identity/get-me.ts';
import { inviteMember } from '../routers/members/invite-member.ts';
import { listMembers } from '../routers/members/list-members.ts';
import { updateMember } from '../routers/members/update-member.ts';
import { publishDocsPreview } from '../routers/docs-preview/publish-docs-preview.ts';
import { publishDryRun } from '../routers/publishing/publish-dry-run.ts';
import { requestPublish } from '../routers/publishing/request-publish.ts';
import { requestRollback } from '../routers/publishing/request-rollback.ts';
import { listPublishingActions } from '../routers/publishing/list-publishing-actions.ts';
import { archiveProject } from '../routers/projects/archive-project.ts';
import { getProject } from '../routers/projects/get-project.ts';
import { listProjectRuns } from '../routers/projects/list-project-runs.ts';
import { listProjects } from '../routers/projects/list-projects.ts';
import { updateProject } from '../routers/projects/update-project.ts';
import { startReport } from '../routers/reports/start-report.ts';
import { cancelRun } from '../routers/runs/cancel-run.ts';
import { getRun } from '../routers/runs/get-run.ts';
import { connectProjectRepository } from '../routers/custom-code/connect-project-repository.ts';
import { getProjectRepository } from '../routers/custom-code/get-project-repository.ts';
import { getRunCustomCode } from '../routers/custom-code/get-run-custom-code.ts';
import { retryRun } from '../routers/runs/retry-run.ts';
import { router } from './init.ts';

/** Every procedure, once: served over tRPC at /trpc and as REST under /api. */
export const appRouter = router({
  reports: router({ start: startReport }),
  runs: router({
    get: getRun,
    cancel: cancelRun,
    retry: retryRun,
    artifacts: listArtifacts,
    customCode: getRunCustomCode,
  }),
  projects: router({
    list: listProjects,
    get: getProject,
    update: updateProject,
    archive: archiveProject,
    runs: listProjectRuns,
    repository: getProjectRepository,
    connectRepository: connectProjectRepository,
  }),
  domains: router({ add: addDomain, list: listDomains, remove: removeDomain, verify: verifyDomain }),
  members: router({ list: listMembers, invite: inviteMember, update: updateMember }),
  apiKeys: router({ create: createApiKey, list: listApiKeys, revoke: revokeApiKey }),
  publishing: router({
    dryRun: publishDryRun,
    publish: requestPublish,
    rollback: requestRollback,
    actions: listPublishingActions,
    docsPreview: publishDocsPreview,
  }),
  billing: router({ checkout: createCheckout }),
  identity: router({ me: getMe, health: getHealth, authConfig: getAuthConfig }),
});

export type AppRouter = typeof appRouter;
