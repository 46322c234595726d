import { createHash } from 'node:crypto';
import { AppError } from '../../../shared/errors.ts';
import { isLiveKey, providerError, stripeClient } from '../../integrations/stripe.ts';
import type { Caller } from '../auth/caller.ts';
import type { Deps } from '../deps.ts';

/** Payment-provider subscription states that are not over yet. */
export const NON_TERMINAL_SUBSCRIPTION = new Set(['active', 'trialing', 'past_due', 'incomplete', 'unpaid', 'paused']);

/** A checkout without an Idempotency-Key is deduplicated within this window (double clicks, client retries). */
const DERIVED_KEY_WINDOW_MS = 10 * 60_000;

export interface CheckoutRequest {
  plan: 'launch' | 'scale';
  successUrl?: string;
  cancelUrl?: string;
}

export interface CheckoutContext {
  /** The service's own origin as the request saw it (used when PUBLIC_BASE_URL is unset). */
  requestBaseUrl: string;
  /** The caller's `Idempotency-Key`, if sent. */
  idempotencyKey: string | undefined;
}

function returnUrl(field: 'successUrl' | 'cancelUrl', value: string, allowed: readonly string[]): string {
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new AppError('invalid_request', `${field}: must be an http(s) URL.`);
  if (url.username || url.password) throw new AppError('invalid_request', `${field}: must not carry credentials.`);
  if (!allowed.includes(url.origin)) {
    throw new AppError(
      'invalid_request',
      `${field}: the origin ${url.origin} is not allowed; allowed origins: ${allowed.join(', ')}.`,
    );
  }
  return url.href;
}

/**
 * A hosted Stripe Checkout Session (subscription mode) for the plan: 409 when the workspace is
 * on the plan or has a subscription that is not over; 423 in production unless live billing is
 * approved and the key is a live key; 501 without a key or a price for the plan; 400 for a
 * return URL outside the allowed origins; 502 when Stripe fails or answers nonsense. The plan
 * itself changes only when Stripe's webhook says the subscription exists.
 */
export async function createCheckout(
  deps: Deps,
  caller: Caller,
  input: CheckoutRequest,
  context: CheckoutContext,
): Promise<{ url: string }> {
  if (caller.org.plan === input.plan)
    throw new AppError('already_subscribed', `The workspace is already on the ${input.plan} plan.`);
  if (caller.org.subscriptionStatus && NON_TERMINAL_SUBSCRIPTION.has(caller.org.subscriptionStatus)) {
    throw new AppError(
      'already_subscribed',
      `The workspace already has a ${caller.org.subscriptionStatus} subscription; change plans from the billing portal.`,
    );
  }
  const billing = deps.config.billing;
  if (deps.config.production) {
    if (!billing.liveApproved)
      throw new AppError(
        'checkout_locked',
        'Checkout is locked: live billing is not approved for this deployment (BILLING_LIVE_APPROVED).',
      );
    if (!isLiveKey(billing.secretKey))
      throw new AppError('checkout_locked', 'Checkout is locked: live payment keys are not active in production.');
  }
  const price = billing.prices[input.plan];
  const stripe = stripeClient(billing);
  if (!stripe || !price)
    throw new AppError(
      'checkout_not_configured',
      `No price is configured for the ${input.plan} plan, so checkout is unavailable.`,
    );

  const base = (deps.config.publicBaseUrl ?? context.requestBaseUrl).replace(/\/$/, '');
  const allowed = billing.returnOrigins ?? [new URL(base).origin];
  const successUrl = returnUrl(
    'successUrl',
    input.successUrl ?? `${base}/billing/success?session_id={CHECKOUT_SESSION_ID}`,
    allowed,
  );
  const cancelUrl = returnUrl('cancelUrl', input.cancelUrl ?? `${base}/billing/cancel`, allowed);

  const fingerprint = createHash('sha256')
    .update(
      JSON.stringify([
        caller.org.id,
        input.plan,
        successUrl,
        cancelUrl,
        context.idempotencyKey ?? [caller.user.id, Math.floor(Date.now() / DERIVED_KEY_WINDOW_MS)],
      ]),
    )
    .digest('hex');
  // With the caller's key, Stripe sees the same key for the same key: a different body is its idempotency error (our 400).
  const idempotencyKey = context.idempotencyKey
    ? `checkout-${createHash('sha256').update(`${caller.org.id}\n${context.idempotencyKey}`).digest('hex')}`
    : `checkout-${fingerprint}`;

  let session: { id?: unknown; url?: unknown };
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        line_items: [{ price, quantity: 1 }],
        success_url: successUrl,
        cancel_url: cancelUrl,
        client_reference_id: caller.org.id,
        metadata: { orgId: caller.org.id, plan: input.plan },
        subscription_data: { metadata: { orgId: caller.org.id, plan: input.plan } },
        ...(caller.org.stripeCustomerId
          ? { customer: caller.org.stripeCustomerId }
          : { customer_email: caller.user.email }),
      },
      { idempotencyKey },
    );
  } catch (error) {
    const mapped = providerError(error);
    if (mapped.code === 'payment_provider_error')
      deps.logger.warn({ err: error, orgId: caller.org.id }, 'checkout: payment provider failed');
    throw mapped;
  }
  const url = typeof session?.url === 'string' ? session.url : undefined;
  let parsed: URL | undefined;
  try {
    parsed = url ? new URL(url) : undefined;
  } catch {
    parsed = undefined;
  }
  if (parsed?.protocol !== 'https:' || typeof session.id !== 'string') {
    deps.logger.warn(
      { orgId: caller.org.id },
      'checkout: payment provider answered without a session id or an https url',
    );
    throw new AppError('payment_provider_error', 'The payment provider answered without a checkout URL.');
  }
  return { url: parsed.href };
}
