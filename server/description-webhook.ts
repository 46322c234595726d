import type { NextFunction, Request, Response } from 'express';
import { z } from 'zod';
import { ErrorBody } from '../shared/schemas/common.ts';
import { readSignedDelivery } from './github-delivery.ts';
import { handleDescriptionPush, type PushEvent } from './services/custom-code/handle-description-push.ts';
import type { Deps } from './services/deps.ts';

/**
 * `POST /api/projects/{projectId}/description-webhook`: GitHub's push webhook of the project's
 * description repository. No bearer token: `X-Hub-Signature-256` (HMAC-SHA256 of the raw body
 * with the project's webhook secret) is the authentication, checked on the bytes as received, in
 * constant time, before anything in the body is read. A push that changes the description's path
 * starts a run, once per commit (handle-description-push.ts).
 */
export function descriptionWebhook(deps: Deps) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const delivery = await readSignedDelivery(req, 'description');
      if (delivery.event !== 'push') {
        res.status(200).json({
          received: true,
          started: false,
          duplicate: false,
          runId: null,
          reason: `${delivery.event ?? 'an unnamed'} event ignored`,
        });
        return;
      }
      const payload = delivery.json<PushEvent>();
      const outcome = await handleDescriptionPush(deps, delivery.connection, payload);
      res.status(outcome.started ? 202 : 200).json(outcome);
    } catch (error) {
      next(error);
    }
  };
}

const PushOutcomeBody = z.object({
  received: z.boolean(),
  started: z.boolean(),
  duplicate: z.boolean(),
  runId: z.string().nullable(),
  reason: z.string(),
});

/** The route's entry in /api/openapi.json. */
export const descriptionWebhookPath = {
  '/projects/{projectId}/description-webhook': {
    post: {
      tags: ['projects'],
      summary: "The description repository's GitHub push webhook: a push changing the description starts a run",
      description:
        "Authenticated by `X-Hub-Signature-256` (HMAC-SHA256 of the raw body with the project's webhook secret, from POST /projects/{projectId}/repository), not a bearer token. Events other than `push` are acknowledged and ignored. A push to the repository's default branch whose commits add or modify the connected path starts a report run for the description at the pushed commit (202); the same commit again (a redelivery) starts nothing new (200, `duplicate: true`, the first run's id).",
      operationId: 'description-webhook',
      security: [],
      requestParams: {
        path: z.object({ projectId: z.string() }),
        header: z.object({ 'x-hub-signature-256': z.string(), 'x-github-event': z.string() }),
      },
      requestBody: {
        content: {
          'application/json': {
            schema: z.object({
              ref: z.string(),
              after: z.string(),
              repository: z.object({ full_name: z.string(), default_branch: z.string() }),
              commits: z.array(z.object({ added: z.array(z.string()), modified: z.array(z.string()) })),
            }),
          },
        },
      },
      responses: {
        200: {
          description: 'Received; nothing started (another event, another path, or a redelivery)',
          content: { 'application/json': { schema: PushOutcomeBody } },
        },
        202: { description: 'A run was started', content: { 'application/json': { schema: PushOutcomeBody } } },
        400: {
          description: 'Missing or invalid signature; not JSON',
          content: { 'application/json': { schema: ErrorBody } },
        },
        404: {
          description: 'No repository connection for the project',
          content: { 'application/json': { schema: ErrorBody } },
        },
        409: {
          description: 'No description repository connected',
          content: { 'application/json': { schema: ErrorBody } },
        },
        502: {
          description: 'GitHub did not serve the description',
          content: { 'application/json': { schema: ErrorBody } },
        },
      },
    },
  },
};
