import { AddDomainInput, DomainEnvelope } from '../../../shared/schemas/publishing.ts';
import { authed } from '../../trpc/procedures.ts';
import { addDomain as add } from '../../services/domains/add-domain.ts';

export const addDomain = authed('domains:write')
  .meta({
    openapi: {
      method: 'POST',
      path: '/projects/{projectId}/domains',
      tags: ['domains'],
      summary: 'Add a docs domain (pending until verified)',
      errorResponses: { 400: 'Invalid request', 401: 'Unauthorized', 403: 'Missing scope', 404: 'Not found' },
    },
    successStatus: 201,
  })
  .input(AddDomainInput)
  .output(DomainEnvelope)
  .mutation(({ ctx, input }) => add(ctx.deps, ctx.caller, input.projectId, input.domain));
