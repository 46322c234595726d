import { AppError } from '../../../shared/errors.ts';
import type { Caller } from '../auth/caller.ts';
import type { Deps } from '../deps.ts';

/**
 * Checkout needs a payment provider and a price per plan; none is configured in this build,
 * so every valid request answers 501 checkout_not_configured (after the 409 check).
 */
/** Payment-provider subscription states that are not over yet. */
const NON_TERMINAL_SUBSCRIPTION = new Set(['active', 'trialing', 'past_due', 'incomplete', 'unpaid', 'paused']);

export async function createCheckout(_deps: Deps, caller: Caller, input: { plan: 'launch' | 'scale' }): Promise<{ url: string }> {
  if (caller.org.plan === input.plan) throw new AppError('already_subscribed', `The workspace is already on the ${input.plan} plan.`);
  if (caller.org.subscriptionStatus && NON_TERMINAL_SUBSCRIPTION.has(caller.org.subscriptionStatus)) {
    throw new AppError('already_subscribed', `The workspace already has a ${caller.org.subscriptionStatus} subscription; change plans from the billing portal.`);
  }
  throw new AppError('checkout_not_configured', `No price is configured for the ${input.plan} plan, so checkout is unavailable.`);
}
