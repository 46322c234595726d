import { CheckoutInput, CheckoutOutput } from '../../../shared/schemas/billing.ts';
import { authed } from '../../trpc/procedures.ts';
import { createCheckout as checkout } from '../../services/billing/create-checkout.ts';

export const createCheckout = authed('billing:write')
  .meta({
    openapi: {
      method: 'POST',
      path: '/billing/checkout',
      tags: ['billing'],
      summary: 'Create a hosted checkout session',
      errorResponses: { 400: 'Invalid plan or request', 401: 'Unauthorized', 403: 'Missing scope', 409: 'Already subscribed', 423: 'Checkout locked', 501: 'Not configured', 502: 'Payment provider error' },
    },
  })
  .input(CheckoutInput)
  .output(CheckoutOutput)
  .mutation(({ ctx, input }) => checkout(ctx.deps, ctx.caller, input));
