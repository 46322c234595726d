import { CheckoutInput, CheckoutOutput } from '../../../shared/schemas/billing.ts';
import { authed } from '../../trpc/procedures.ts';
import { createCheckout as checkout } from '../../services/billing/create-checkout.ts';
import { parseIdempotencyKey } from '../../services/reports/idempotency.ts';

export const createCheckout = authed('billing:write')
  .meta({
    openapi: {
      method: 'POST',
      path: '/billing/checkout',
      tags: ['billing'],
      summary: 'Create a hosted checkout session',
      description:
        "A Stripe Checkout Session in subscription mode for the plan; `successUrl`/`cancelUrl` must be on an allowed origin. Send `Idempotency-Key` to make retries return the same session. The plan changes when the payment provider's webhook confirms the subscription.",
      errorResponses: {
        400: 'Invalid plan or request',
        401: 'Unauthorized',
        403: 'Missing scope',
        409: 'Already subscribed',
        423: 'Checkout locked',
        501: 'Not configured',
        502: 'Payment provider error',
      },
    },
  })
  .input(CheckoutInput)
  .output(CheckoutOutput)
  .mutation(({ ctx, input }) =>
    checkout(ctx.deps, ctx.caller, input, {
      requestBaseUrl: `${ctx.req.protocol}://${ctx.req.get('host') ?? 'localhost'}`,
      idempotencyKey: parseIdempotencyKey(ctx.req.headers['idempotency-key']),
    }),
  );
