// A GitHub webhook delivery to one of a project's repository connections, read and authenticated
// the one way both webhooks need it (description-webhook.ts, release-webhook.ts): the connection
// by project, the `X-Hub-Signature-256` header (HMAC-SHA256 of the raw body with the connection's
// webhook secret) checked on the bytes as received, in constant time, before anything in the body
// is read.

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { ProjectRepository } from '../db/models/index.ts';
import { AppError } from '../shared/errors.ts';

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

/** The repository of the connection a webhook belongs to, and its words in errors. */
const REPOSITORIES = {
  description: { field: 'descriptionRepository', words: 'description repository' },
  sdk: { field: 'sdkRepository', words: 'SDK repository' },
} as const;

export interface SignedDelivery {
  projectId: string;
  connection: ProjectRepository;
  /** The `X-GitHub-Event` header (`push`, `pull_request`, `ping`, ...). */
  event: string | undefined;
  /** The body as JSON; 400 `malformed_json` when it is not. */
  json<T>(): T;
}

/**
 * Reads a delivery for `repository`'s connection of the project in the path: 404 `not_found`
 * without a connection, 409 `repository_not_connected` without that repository or a secret,
 * 400 `invalid_signature` when the signature is missing or does not match the body. The body is
 * drained unread on every refusal before it.
 */
export async function readSignedDelivery(req: Request, repository: keyof typeof REPOSITORIES): Promise<SignedDelivery> {
  const { field, words } = REPOSITORIES[repository];
  const projectId = String(req.params.projectId ?? '');
  const connection = projectId.length <= 100 ? await ProjectRepository.findByPk(projectId) : null;
  if (!connection) {
    req.resume();
    throw new AppError('not_found', `Project ${projectId} has no repository connection.`);
  }
  if (!connection.webhookSecret || !connection[field]) {
    req.resume();
    throw new AppError('repository_not_connected', `The project has no ${words} connected.`);
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
  return {
    projectId,
    connection,
    event: typeof event === 'string' ? event : undefined,
    json<T>(): T {
      try {
        return JSON.parse(body.toString('utf8')) as T;
      } catch {
        throw new AppError('malformed_json');
      }
    },
  };
}
