import { ConnectRepositoryInput, ConnectRepositoryOutput } from '../../../shared/schemas/custom-code.ts';
import { connectProjectRepository as connect } from '../../services/custom-code/connect-project-repository.ts';
import { authed } from '../../trpc/procedures.ts';

export const connectProjectRepository = authed('projects:write')
  .meta({
    openapi: {
      method: 'POST',
      path: '/projects/{projectId}/repository',
      tags: ['projects'],
      summary: 'Connect the SDK repository (release pull requests) and the description repository (push webhook)',
      errorResponses: { 400: 'Invalid request', 401: 'Unauthorized', 403: 'Missing scope', 404: 'Not found' },
    },
  })
  .input(ConnectRepositoryInput)
  .output(ConnectRepositoryOutput)
  .mutation(({ ctx, input }) => connect(ctx.deps, ctx.caller, input));
