// Verifying the webhooks an API sends, then parsing them. The default scheme is Standard Webhooks
// (https://www.standardwebhooks.com): `webhook-id`, `webhook-timestamp` and `webhook-signature`
// headers; HMAC-SHA256 over `${id}.${timestamp}.${body}` keyed with the base64 secret after an
// optional `whsec_` prefix; space-separated `v1,<base64>` signatures (several while a secret is
// rotated); timestamps within five minutes either way. `github` checks `X-Hub-Signature-256:
// sha256=<hex>` over the body; `stripe` checks `Stripe-Signature: t=<ts>,v1=<hex>` over
// `${t}.${body}`. HMACs are checked with Web Crypto's `verify`, which compares in constant time.

export type WebhookScheme = 'standard' | 'github' | 'stripe';

/** Seconds a signed timestamp may differ from the clock, either way. */
export const WEBHOOK_TOLERANCE = 300;

/** Headers as `fetch` (`Headers`) or Node (`IncomingHttpHeaders`) give them. */
export type WebhookHeaders = Headers | Record<string, string | readonly string[] | undefined>;

export type WebhookBody = string | ArrayBuffer | Uint8Array;

export interface UnwrapOptions {
  /** Overrides the client's webhook secret. */
  secret?: string | undefined;
  /** Seconds of clock difference allowed (default 300). */
  tolerance?: number | undefined;
}

/** The webhook's signature, timestamp or headers do not check out; nothing of its body should be trusted. */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function' && typeof (headers as Headers).has === 'function') {
    return (headers as Headers).get(name) ?? undefined;
  }
  for (const [key, value] of Object.entries(headers as Record<string, unknown>)) {
    if (key.toLowerCase() !== name) continue;
    if (typeof value === 'string') return value;
    if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string').join(', ');
  }
  return undefined;
}

function bytesOf(body: WebhookBody): Uint8Array<ArrayBuffer> {
  if (typeof body === 'string') return new TextEncoder().encode(body);
  const view = body instanceof Uint8Array ? body : new Uint8Array(body);
  const copy = new Uint8Array(view.byteLength);
  copy.set(view);
  return copy;
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

function base64Bytes(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 === 1) return undefined;
  try {
    const binary = atob(text);
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out;
  } catch {
    return undefined;
  }
}

function hexBytes(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(text)) return undefined;
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function subtle(): SubtleCrypto {
  const crypto = (globalThis as { crypto?: Crypto }).crypto;
  if (!crypto?.subtle) throw new WebhookVerificationError('Web Crypto (crypto.subtle) is not available to verify the webhook.');
  return crypto.subtle;
}

/** Whether any of `signatures` is the HMAC-SHA256 of `data` under `key` (each checked by Web Crypto in constant time). */
async function anyValid(key: Uint8Array<ArrayBuffer>, data: Uint8Array<ArrayBuffer>, signatures: Uint8Array<ArrayBuffer>[]): Promise<boolean> {
  const cryptoKey = await subtle().importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  let valid = false;
  // Every candidate is checked (no early exit), so the time taken does not say which one matched.
  for (const signature of signatures) {
    if (await subtle().verify('HMAC', cryptoKey, signature, data)) valid = true;
  }
  return valid;
}

function checkTimestamp(raw: string, tolerance: number): void {
  if (!/^[0-9]{1,15}$/.test(raw)) throw new WebhookVerificationError('Invalid webhook timestamp.');
  const now = Math.floor(Date.now() / 1000);
  const timestamp = Number(raw);
  if (now - timestamp > tolerance) throw new WebhookVerificationError('Webhook timestamp is too old.');
  if (timestamp - now > tolerance) throw new WebhookVerificationError('Webhook timestamp is too new.');
}

async function verifyStandard(body: Uint8Array<ArrayBuffer>, headers: WebhookHeaders, secret: string, tolerance: number): Promise<void> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signature = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signature) {
    throw new WebhookVerificationError('Missing webhook-id, webhook-timestamp or webhook-signature header.');
  }
  checkTimestamp(timestamp, tolerance);
  const key = base64Bytes(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret);
  if (key === undefined || key.byteLength === 0) throw new WebhookVerificationError('The webhook secret is not valid base64.');
  const candidates = signature
    .split(' ')
    .flatMap((entry) => {
      const comma = entry.indexOf(',');
      return comma > 0 && entry.slice(0, comma) === 'v1' ? [base64Bytes(entry.slice(comma + 1))] : [];
    })
    .filter((b): b is Uint8Array<ArrayBuffer> => b !== undefined);
  const data = concat(new TextEncoder().encode(`${id}.${timestamp}.`), body);
  if (candidates.length === 0 || !(await anyValid(key, data, candidates))) {
    throw new WebhookVerificationError('No matching webhook signature found.');
  }
}

async function verifyGithub(body: Uint8Array<ArrayBuffer>, headers: WebhookHeaders, secret: string): Promise<void> {
  const signature = header(headers, 'x-hub-signature-256');
  if (!signature) throw new WebhookVerificationError('Missing X-Hub-Signature-256 header.');
  const bytes = signature.startsWith('sha256=') ? hexBytes(signature.slice('sha256='.length)) : undefined;
  if (bytes === undefined || !(await anyValid(new TextEncoder().encode(secret), body, [bytes]))) {
    throw new WebhookVerificationError('No matching webhook signature found.');
  }
}

async function verifyStripe(body: Uint8Array<ArrayBuffer>, headers: WebhookHeaders, secret: string, tolerance: number): Promise<void> {
  const signature = header(headers, 'stripe-signature');
  if (!signature) throw new WebhookVerificationError('Missing Stripe-Signature header.');
  let timestamp: string | undefined;
  const candidates: Uint8Array<ArrayBuffer>[] = [];
  for (const part of signature.split(',')) {
    const eq = part.indexOf('=');
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name === 't') timestamp = value;
    else if (name === 'v1') {
      const bytes = hexBytes(value);
      if (bytes !== undefined) candidates.push(bytes);
    }
  }
  if (timestamp === undefined) throw new WebhookVerificationError('The Stripe-Signature header has no timestamp.');
  checkTimestamp(timestamp, tolerance);
  const data = concat(new TextEncoder().encode(`${timestamp}.`), body);
  if (candidates.length === 0 || !(await anyValid(new TextEncoder().encode(secret), data, candidates))) {
    throw new WebhookVerificationError('No matching webhook signature found.');
  }
}

/** Verifies and parses webhook deliveries; `Event` is the union of the API's webhook payloads. */
export class Webhooks<Event> {
  readonly #secret: string | null;
  readonly #scheme: WebhookScheme;

  constructor(secret: string | null, scheme: WebhookScheme) {
    this.#secret = secret;
    this.#scheme = scheme;
  }

  /** The signing scheme the API uses. */
  get scheme(): WebhookScheme {
    return this.#scheme;
  }

  /**
   * Checks the delivery's signature and timestamp, then returns its parsed body. Throws
   * `WebhookVerificationError` when there is no secret or anything does not check out. Pass the
   * body exactly as received (the raw text or bytes, not re-serialized JSON).
   */
  async unwrap(body: WebhookBody, headers: WebhookHeaders, options: UnwrapOptions = {}): Promise<Event> {
    await this.verify(body, headers, options);
    return parseBody<Event>(body);
  }

  /** Checks the delivery's signature and timestamp; throws `WebhookVerificationError` when they do not check out. */
  async verify(body: WebhookBody, headers: WebhookHeaders, options: UnwrapOptions = {}): Promise<void> {
    const secret = options.secret ?? this.#secret;
    if (secret === null || secret === '') {
      throw new WebhookVerificationError('No webhook secret: pass `secret` or set it in the client options or environment.');
    }
    const tolerance = options.tolerance ?? WEBHOOK_TOLERANCE;
    const bytes = bytesOf(body);
    if (this.#scheme === 'github') return verifyGithub(bytes, headers, secret);
    if (this.#scheme === 'stripe') return verifyStripe(bytes, headers, secret, tolerance);
    return verifyStandard(bytes, headers, secret, tolerance);
  }

  /** Parses a delivery's body WITHOUT verifying it: only for bodies already verified, or tests. */
  parseUnverified(body: WebhookBody): Event {
    return parseBody<Event>(body);
  }
}

function parseBody<Event>(body: WebhookBody): Event {
  const text = typeof body === 'string' ? body : new TextDecoder().decode(bytesOf(body));
  try {
    return JSON.parse(text) as Event;
  } catch (cause) {
    const error = new WebhookVerificationError('The webhook body is not JSON.');
    (error as { cause?: unknown }).cause = cause;
    throw error;
  }
}
