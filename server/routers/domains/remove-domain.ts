import { DomainEnvelope, DomainIdInput } from '../../../shared/schemas/publishing.ts';
import { authed } from '../../trpc/procedures.ts';
import { removeDomain as remove } from '../../services/domains/remove-domain.ts';

export const removeDomain = authed('domains:write')
  .meta({
    openapi: {
      method: 'DELETE',
      path: '/projects/{projectId}/domains/{domainId}',
      tags: ['domains'],
      summary: 'Remove a docs domain',
      errorResponses: { 401: 'Unauthorized', 403: 'Missing scope', 404: 'Not found' },
    },
  })
  .input(DomainIdInput)
  .output(DomainEnvelope)
  .mutation(({ ctx, input }) => remove(ctx.deps, ctx.caller, input.projectId, input.domainId));
