import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { z } from 'zod';
import { ProjectRepository } from '../db/models/index.ts';
import { AppError } from '../shared/errors.ts';
import { ErrorBody } from '../shared/schemas/common.ts';
import { handleDescriptionPush, type PushEvent } from './services/custom-code/handle-description-push.ts';
import type { Deps } from './services/deps.ts';

/** GitHub caps a webhook payload at 25 MB; a push of one description is far less. */
const MAX_BYTES = 25 * 1024 * 1024;

/** The raw body of a webhook delivery (at most 25 MB), for its signature. */
export async function readRawBody(req: Request): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BYTES) throw new AppError('request_too_large', 'A webhook body is at most 25 MB.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Whether `header` is `sha256=<hex HMAC-SHA256 of body with secret>`, compared in constant time. */
export function validHubSignature(secret: string, body: Buffer, header: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`, 'utf8');
  const given = Buffer.from(header, 'utf8');
  // timingSafeEqual needs equal lengths; comparing the expected value with itself keeps the time the same.
  return (
    timingSafeEqual(expected, given.length === expected.length ? given : expected) && given.length === expected.length
  );
}

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
      const projectId = String(req.params.projectId ?? '');
      const connection = projectId.length <= 100 ? await ProjectRepository.findByPk(projectId) : null;
      if (!connection) {
        req.resume();
        throw new AppError('not_found', `Project ${projectId} has no repository connection.`);
      }
      if (!connection.webhookSecret || !connection.descriptionRepository) {
        req.resume();
        throw new AppError('repository_not_connected', 'The project has no description repository connected.');
      }
      const signature = req.headers['x-hub-signature-256'];
      if (typeof signature !== 'string' || signature === '') {
        req.resume();
        throw new AppError('invalid_signature', 'The X-Hub-Signature-256 header is missing.');
      }
      const body = await readRawBody(req);
      if (!validHubSignature(connection.webhookSecret, body, signature))
        throw new AppError('invalid_signature', 'The X-Hub-Signature-256 does not match the body.');
      const event = req.headers['x-github-event'];
      if (event !== 'push') {
        res.status(200).json({
          received: true,
          started: false,
          duplicate: false,
          runId: null,
          reason: `${String(event ?? 'an unnamed')} event ignored`,
        });
        return;
      }
      let payload: PushEvent;
      try {
        payload = JSON.parse(body.toString('utf8')) as PushEvent;
      } catch {
        throw new AppError('malformed_json');
      }
      const outcome = await handleDescriptionPush(deps, connection, payload);
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
