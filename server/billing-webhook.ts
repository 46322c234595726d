import type { NextFunction, Request, Response } from 'express';
import Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../shared/errors.ts';
import { ErrorBody } from '../shared/schemas/common.ts';
import { handleWebhookEvent } from './services/billing/handle-webhook-event.ts';
import type { Deps } from './services/deps.ts';

/** Stripe's events are a few KB; anything near this is not one. */
const MAX_WEBHOOK_BYTES = 1024 * 1024;

function readRawBody(req: Request): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > MAX_WEBHOOK_BYTES) {
        failed = true;
        req.resume();
        reject(new AppError('request_too_large', 'A webhook body is at most 1 MB.'));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on('error', (error) => {
      failed = true;
      reject(error);
    });
  });
}

/**
 * `POST /api/billing/webhook`: Stripe's events. No bearer token: the `Stripe-Signature` header
 * (HMAC of the raw body with the signing secret, within the timestamp tolerance) is the
 * authentication, checked by the SDK on the bytes as received, which is why this route is
 * registered before the REST facade parses JSON. 200 `{received, duplicate, outcome}`.
 */
export function billingWebhook(deps: Deps) {
  const verifier = Stripe.webhooks;
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const { webhookSecret, webhookToleranceSeconds } = deps.config.billing;
      if (!webhookSecret) {
        req.resume();
        throw new AppError('webhook_not_configured');
      }
      const signature = req.headers['stripe-signature'];
      if (typeof signature !== 'string' || signature === '') {
        req.resume();
        throw new AppError('invalid_signature', 'The Stripe-Signature header is missing.');
      }
      const body = await readRawBody(req);
      // The SDK rejects old timestamps; one from the future (beyond the same tolerance) is no better.
      const timestamp = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
      if (Number.isFinite(timestamp) && timestamp > Date.now() / 1000 + webhookToleranceSeconds) {
        throw new AppError(
          'invalid_signature',
          `The Stripe-Signature timestamp is outside the ${webhookToleranceSeconds} s tolerance.`,
        );
      }
      let event: Stripe.Event;
      try {
        event = verifier.constructEvent(body, signature, webhookSecret, webhookToleranceSeconds);
      } catch (error) {
        const tooOld = error instanceof Error && /tolerance/i.test(error.message);
        throw new AppError(
          'invalid_signature',
          tooOld
            ? `The Stripe-Signature timestamp is outside the ${webhookToleranceSeconds} s tolerance.`
            : 'The Stripe-Signature does not match the body.',
          { cause: error },
        );
      }
      if (
        typeof event?.id !== 'string' ||
        typeof event.type !== 'string' ||
        typeof event.created !== 'number' ||
        !event.data?.object
      ) {
        throw new AppError('invalid_request', 'The event is not a Stripe event (id, type, created, data.object).');
      }
      const outcome = await handleWebhookEvent(deps, event);
      res.status(200).json(outcome);
    } catch (error) {
      next(error);
    }
  };
}

/** The route's entry in /api/openapi.json. */
export const billingWebhookPath = {
  '/billing/webhook': {
    post: {
      tags: ['billing'],
      summary: 'Payment-provider (Stripe) webhook: signed events, processed once per event id',
      description:
        "Authenticated by the `Stripe-Signature` header over the raw body (no bearer token). Handles checkout.session.completed and customer.subscription.created/updated/deleted: the only way a workspace's plan and subscription status change. Other event types are recorded and ignored.",
      operationId: 'billing-webhook',
      security: [],
      requestParams: { header: z.object({ 'stripe-signature': z.string() }) },
      requestBody: {
        content: {
          'application/json': {
            schema: z.object({
              id: z.string(),
              type: z.string(),
              created: z.number().int(),
              data: z.object({ object: z.record(z.string(), z.unknown()) }),
            }),
          },
        },
      },
      responses: {
        200: {
          description: 'Received (a replayed event id has `duplicate: true` and changes nothing)',
          content: {
            'application/json': {
              schema: z.object({ received: z.boolean(), duplicate: z.boolean(), outcome: z.string() }),
            },
          },
        },
        400: {
          description: 'Missing, invalid or stale signature; not an event',
          content: { 'application/json': { schema: ErrorBody } },
        },
        501: {
          description: 'No webhook signing secret configured',
          content: { 'application/json': { schema: ErrorBody } },
        },
      },
    },
  },
};
