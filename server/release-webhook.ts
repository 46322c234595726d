import type { NextFunction, Request, Response } from 'express';
import { z } from 'zod';
import { ErrorBody } from '../shared/schemas/common.ts';
import { readSignedDelivery } from './github-delivery.ts';
import { handleReleasePullRequest, type PullRequestEvent } from './services/custom-code/handle-release-pull-request.ts';
import type { Deps } from './services/deps.ts';

/**
 * `POST /api/projects/{projectId}/release-webhook`: GitHub's pull_request webhook of the project's
 * SDK repository. Authenticated like the description webhook: `X-Hub-Signature-256` (HMAC-SHA256
 * of the raw body with the connection's webhook secret), checked on the bytes as received, in
 * constant time, before anything in the body is read. The release pull request merged publishes
 * (merging is the approval); closed without merging, what waited for it is canceled
 * (handle-release-pull-request.ts).
 */
export function releaseWebhook(deps: Deps) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const delivery = await readSignedDelivery(req, 'sdk');
      if (delivery.event !== 'pull_request') {
        res.status(200).json({
          received: true,
          merged: null,
          duplicate: false,
          published: [],
          released: [],
          canceled: [],
          reason: `${delivery.event ?? 'an unnamed'} event ignored`,
        });
        return;
      }
      const payload = delivery.json<PullRequestEvent>();
      res.status(200).json(await handleReleasePullRequest(deps, delivery.projectId, payload));
    } catch (error) {
      next(error);
    }
  };
}

const ReleaseOutcomeBody = z.object({
  received: z.boolean(),
  merged: z.boolean().nullable(),
  duplicate: z.boolean(),
  published: z.array(z.string()),
  released: z.array(z.string()),
  canceled: z.array(z.string()),
  reason: z.string(),
});

/** The route's entry in /api/openapi.json. */
export const releaseWebhookPath = {
  '/projects/{projectId}/release-webhook': {
    post: {
      tags: ['projects'],
      summary: "The SDK repository's GitHub pull_request webhook: a merged release pull request publishes",
      description:
        "Authenticated by `X-Hub-Signature-256` (HMAC-SHA256 of the raw body with the project's webhook secret, from POST /projects/{projectId}/repository), not a bearer token. Events other than `pull_request`, and pull requests other than the release one, are acknowledged and ignored. The release pull request `closed` with `merged: true` marks the publish to github it came from `published` and queues the npm/PyPI publishes of its run that waited (`awaiting_merge`); closed without merging, they end `canceled`. A redelivery changes nothing (`duplicate: true`).",
      operationId: 'release-webhook',
      security: [],
      requestParams: {
        path: z.object({ projectId: z.string() }),
        header: z.object({ 'x-hub-signature-256': z.string(), 'x-github-event': z.string() }),
      },
      requestBody: {
        content: {
          'application/json': {
            schema: z.object({
              action: z.string(),
              repository: z.object({ full_name: z.string() }),
              pull_request: z.object({
                number: z.number().int(),
                merged: z.boolean(),
                merge_commit_sha: z.string().nullable().optional(),
              }),
            }),
          },
        },
      },
      responses: {
        200: {
          description: 'Received: what the delivery published, queued again or canceled (nothing for a redelivery)',
          content: { 'application/json': { schema: ReleaseOutcomeBody } },
        },
        400: {
          description: 'Missing or invalid signature; not JSON',
          content: { 'application/json': { schema: ErrorBody } },
        },
        404: {
          description: 'No repository connection for the project',
          content: { 'application/json': { schema: ErrorBody } },
        },
        409: {
          description: 'No SDK repository connected',
          content: { 'application/json': { schema: ErrorBody } },
        },
      },
    },
  },
};
