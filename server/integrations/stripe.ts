import Stripe from 'stripe';
import { AppError } from '../../shared/errors.ts';
import type { Config } from '../../shared/config.ts';

type BillingConfig = Config['billing'];

const clients = new WeakMap<BillingConfig, Stripe>();

/**
 * The Stripe SDK client for this configuration (one per process), or undefined when no secret
 * key is configured. `STRIPE_API_BASE` points it elsewhere (tests: a local server speaking
 * Stripe's formats). Requests are bounded by `STRIPE_TIMEOUT_MS` and never retried by the SDK:
 * checkout answers the user, who may retry (with the same idempotency key).
 */
export function stripeClient(billing: BillingConfig): Stripe | undefined {
  if (!billing.secretKey) return undefined;
  let client = clients.get(billing);
  if (!client) {
    client = new Stripe(billing.secretKey, {
      maxNetworkRetries: 0,
      timeout: billing.timeoutMs,
      telemetry: false,
      appInfo: { name: 'report-service' },
      ...(billing.apiBase
        ? { host: billing.apiBase.host, port: billing.apiBase.port, protocol: billing.apiBase.protocol }
        : {}),
    });
    clients.set(billing, client);
  }
  return client;
}

/** Whether the key is a live-mode key (sk_live_…, rk_live_…). */
export function isLiveKey(secretKey: string | undefined): boolean {
  return !!secretKey && /^(sk|rk)_live_/.test(secretKey);
}

/** Only identifier-like fragments of a provider error make it into our message. */
function safe(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9_.[\]-]{1,80}$/.test(value) ? value : undefined;
}

/**
 * A Stripe SDK failure as our 502, with a message that names what happened but carries none of
 * the provider's free text (which may echo parts of keys or customer data). The original error
 * is kept as `cause` for the log. An idempotency conflict is the caller's 400.
 */
export function providerError(error: unknown): AppError {
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    return new AppError(
      'idempotency_key_reused',
      'The Idempotency-Key was already used for a checkout with different details.',
      { cause: error },
    );
  }
  if (error instanceof Stripe.errors.StripeConnectionError) {
    return new AppError(
      'payment_provider_error',
      'The payment provider could not be reached (connection failed or timed out); try again.',
      { cause: error },
    );
  }
  if (
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError
  ) {
    return new AppError(
      'payment_provider_error',
      "The payment provider rejected the service's credentials; an operator must fix the billing configuration.",
      { cause: error },
    );
  }
  if (error instanceof Stripe.errors.StripeError) {
    const parts = [safe(error.code), safe(error.param) && `param ${safe(error.param)}`].filter(Boolean).join(', ');
    const status = typeof error.statusCode === 'number' ? ` ${error.statusCode}` : '';
    const request = safe(error.requestId) ? ` (request ${safe(error.requestId)})` : '';
    const what =
      error.type === 'StripeAPIError' && !error.statusCode
        ? 'an invalid response'
        : `an error${status}${parts ? ` (${parts})` : ''}`;
    return new AppError('payment_provider_error', `The payment provider answered with ${what}${request}.`, {
      cause: error,
    });
  }
  return new AppError('payment_provider_error', 'The payment provider answered with an invalid response.', {
    cause: error,
  });
}

/** Whether checkout can create sessions here: a key and a price, and in production live billing approved with a live key. */
export function checkoutAvailable(config: Config): boolean {
  const b = config.billing;
  const configured = !!b.secretKey && (!!b.prices.launch || !!b.prices.scale);
  return configured && (!config.production || (b.liveApproved && isLiveKey(b.secretKey)));
}
