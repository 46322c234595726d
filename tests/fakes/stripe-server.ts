import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serveLocal } from './local-server.ts';

/**
 * A small HTTP server on 127.0.0.1 that speaks the part of Stripe's API the service uses:
 * `POST /v1/checkout/sessions` (form-encoded, Bearer secret key, Idempotency-Key) answering a
 * Checkout Session object, and Stripe's error format `{error: {type, code, param, message}}`
 * with `Request-Id`. `mode` switches it to misbehave: a 500 api_error, a 200 that is not JSON,
 * JSON without a URL, or no answer at all (for the client's timeout).
 */
export type FakeStripeMode = 'normal' | 'api_error' | 'nonsense' | 'no_url' | 'hang';

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  stripeVersion: string | undefined;
  params: Record<string, any>;
}

export interface FakeStripe {
  url: string;
  port: number;
  mode: FakeStripeMode;
  requests: RecordedRequest[];
  sessions: Map<string, Record<string, any>>;
  close(): Promise<void>;
}

/** `a[b][0][c]=x` form fields into nested objects/arrays, as Stripe reads them. */
export function parseForm(body: string): Record<string, any> {
  const root: Record<string, any> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/[[\]]+/).filter((p) => p !== '');
    let node: any = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const key: string | number = /^\d+$/.test(part) && Array.isArray(node) ? Number(part) : part;
      if (last) {
        node[key] = value;
      } else {
        node[key] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {};
        node = node[key];
      }
    });
  }
  return root;
}

function sendJson(res: ServerResponse, status: number, body: unknown, requestId: string): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'request-id': requestId,
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

function stripeError(res: ServerResponse, status: number, error: Record<string, unknown>, requestId: string): void {
  sendJson(
    res,
    status,
    { error: { ...error, request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}` } },
    requestId,
  );
}

export async function startFakeStripe(options: { secretKey: string; prices: string[] }): Promise<FakeStripe> {
  const idempotency = new Map<string, { params: string; status: number; body: unknown }>();
  const state: FakeStripe = {
    url: '',
    port: 0,
    mode: 'normal',
    requests: [],
    sessions: new Map(),
    close: async () => {},
  };

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string): void => {
    const requestId = `req_${randomBytes(7).toString('hex')}`;
    const params = parseForm(raw);
    const idempotencyKey =
      typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
    state.requests.push({
      method: req.method ?? '',
      path: req.url ?? '',
      authorization: req.headers.authorization,
      idempotencyKey,
      stripeVersion: typeof req.headers['stripe-version'] === 'string' ? req.headers['stripe-version'] : undefined,
      params,
    });
    if (state.mode === 'hang') return; // never answers
    if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
      const shown = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      return stripeError(
        res,
        401,
        {
          type: 'invalid_request_error',
          message: `Invalid API Key provided: ${shown.slice(0, 8)}****${shown.slice(-4)}`,
        },
        requestId,
      );
    }
    if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions') {
      return stripeError(
        res,
        404,
        { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url}).` },
        requestId,
      );
    }
    if (state.mode === 'api_error')
      return stripeError(
        res,
        500,
        { type: 'api_error', message: `An unknown error occurred; secret ${options.secretKey} must not leak` },
        requestId,
      );
    if (state.mode === 'nonsense') {
      res.writeHead(200, { 'content-type': 'text/html', 'request-id': requestId });
      res.end('<html><body>Bad gateway, try later</body></html>');
      return;
    }
    if (idempotencyKey) {
      const previous = idempotency.get(idempotencyKey);
      if (previous) {
        if (previous.params !== raw) {
          return stripeError(
            res,
            400,
            {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
            requestId,
          );
        }
        res.setHeader('idempotent-replayed', 'true');
        return sendJson(res, previous.status, previous.body, requestId);
      }
    }
    const remember = (status: number, body: unknown) => {
      if (idempotencyKey) idempotency.set(idempotencyKey, { params: raw, status, body });
    };
    for (const field of ['mode', 'success_url'] as const) {
      if (!params[field]) {
        const body = {
          error: {
            type: 'invalid_request_error',
            code: 'parameter_missing',
            param: field,
            message: `Missing required param: ${field}.`,
          },
        };
        remember(400, body);
        return sendJson(res, 400, body, requestId);
      }
    }
    const price = params.line_items?.[0]?.price;
    if (!options.prices.includes(price)) {
      const body = {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'line_items[0][price]',
          message: `No such price: '${price}'`,
        },
      };
      remember(400, body);
      return sendJson(res, 400, body, requestId);
    }
    const id = `cs_test_${randomBytes(24).toString('base64url')}`;
    const session = {
      id,
      object: 'checkout.session',
      mode: params.mode,
      status: 'open',
      payment_status: 'unpaid',
      url: state.mode === 'no_url' ? null : `https://checkout.stripe.com/c/pay/${id}#fidkdWxOYHwnPyd1blpxYHZxWjA0`,
      success_url: params.success_url,
      cancel_url: params.cancel_url ?? null,
      client_reference_id: params.client_reference_id ?? null,
      customer: params.customer ?? null,
      customer_email: params.customer_email ?? null,
      metadata: params.metadata ?? {},
      livemode: options.secretKey.startsWith('sk_live_'),
      created: Math.floor(Date.now() / 1000),
      expires_at: Math.floor(Date.now() / 1000) + 86_400,
    };
    state.sessions.set(id, { ...session, line_items: params.line_items, subscription_data: params.subscription_data });
    remember(200, session);
    sendJson(res, 200, session, requestId);
  };

  const local = await serveLocal((req, res, body) => handle(req, res, body.toString('utf8')));
  state.port = local.port;
  state.url = local.url;
  state.close = local.close;
  return state;
}
