import { DomainList } from '../../../shared/schemas/publishing.ts';
import { ProjectIdInput } from '../../../shared/schemas/projects.ts';
import { authed } from '../../trpc/procedures.ts';
import { listDomains as list } from '../../services/domains/list-domains.ts';

export const listDomains = authed('domains:read')
  .meta({
    openapi: {
      method: 'GET',
      path: '/projects/{projectId}/domains',
      tags: ['domains'],
      summary: "List a project's docs domains",
      errorResponses: { 401: 'Unauthorized', 403: 'Missing scope', 404: 'Not found' },
    },
  })
  .input(ProjectIdInput)
  .output(DomainList)
  .query(({ ctx, input }) => list(ctx.caller, input.projectId));
