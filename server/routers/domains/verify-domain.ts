import { DomainIdInput, DomainVerification } from '../../../shared/schemas/publishing.ts';
import { authed } from '../../trpc/procedures.ts';
import { verifyDomain as verify } from '../../services/domains/verify-domain.ts';

export const verifyDomain = authed('domains:write')
  .meta({
    openapi: {
      method: 'POST',
      path: '/projects/{projectId}/domains/{domainId}/verify',
      tags: ['domains'],
      summary: 'Verify a docs domain (TXT token and CNAME)',
      description:
        'Looks up the TXT record at `_report-verify.<domain>` (must carry `verificationToken`) and the CNAME of the domain (must be `cnameTarget`). 200 with the domain `verified`, or `failed` with `failureReason`, and what DNS answered in `checks`.',
      errorResponses: { 400: 'Invalid request', 401: 'Unauthorized', 403: 'Missing scope', 404: 'Not found' },
    },
  })
  .input(DomainIdInput)
  .output(DomainVerification)
  .mutation(({ ctx, input }) => verify(ctx.deps, ctx.caller, input.projectId, input.domainId));
