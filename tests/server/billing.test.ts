import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BillingEvent, Organization } from '../../db/models/index.ts';
import type { CreatedWorkspace } from '../../server/services/workspaces/create-workspace.ts';
import { closedPort } from '../fakes/local-server.ts';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe-server.ts';
import { PETSTORE, rest, trpc, trpcError } from '../setup/http.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { newWorkspace } from '../setup/workspace.ts';

// The real `stripe` SDK inside the service talks to a local server speaking Stripe's formats
// (tests/fakes/stripe-server.ts); webhooks are signed with the SDK's own test-header helper.
const TEST_KEY = `sk_test_${randomBytes(12).toString('hex')}`;
const LIVE_KEY = `sk_live_${randomBytes(12).toString('hex')}`;
const WEBHOOK_SECRET = `whsec_${randomBytes(16).toString('hex')}`;
const PRICE_LAUNCH = 'price_launch_monthly';
const PRICE_SCALE = 'price_scale_monthly';
const APP = 'https://app.example.com';

let fake: FakeStripe;
let liveFake: FakeStripe;
let main: TestService;
const others: TestService[] = [];
let partial: TestService;
let unreachable: TestService;
let prodTestKey: TestService;
let prodUnapproved: TestService;
let prodLive: TestService;

function stripeEnv(base: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ROLE: 'api',
    REPORT_RATE_LIMIT: '1000',
    STRIPE_SECRET_KEY: TEST_KEY,
    STRIPE_PRICE_LAUNCH: PRICE_LAUNCH,
    STRIPE_PRICE_SCALE: PRICE_SCALE,
    STRIPE_API_BASE: base,
    BILLING_RETURN_ORIGINS: `${APP}, https://www.example.com/`,
    PUBLIC_BASE_URL: APP,
    ...extra,
  };
}

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: TEST_KEY, prices: [PRICE_LAUNCH, PRICE_SCALE] });
  liveFake = await startFakeStripe({ secretKey: LIVE_KEY, prices: [PRICE_LAUNCH, PRICE_SCALE] });
  // Every service shares one database (the model classes bind to one connection per process).
  const first = await startTestService(
    stripeEnv(fake.url, {
      STRIPE_SECRET_KEY: `sk_test_wrong${randomBytes(6).toString('hex')}`,
      STRIPE_PRICE_SCALE: '',
    }),
  );
  partial = first;
  const db = first.databaseUrl;
  unreachable = await startTestService(stripeEnv(`http://127.0.0.1:${await closedPort()}`), db);
  prodTestKey = await startTestService(
    stripeEnv(fake.url, { NODE_ENV: 'production', BILLING_LIVE_APPROVED: 'true' }),
    db,
  );
  prodUnapproved = await startTestService(
    stripeEnv(liveFake.url, { NODE_ENV: 'production', STRIPE_SECRET_KEY: LIVE_KEY }),
    db,
  );
  prodLive = await startTestService(
    stripeEnv(liveFake.url, { NODE_ENV: 'production', STRIPE_SECRET_KEY: LIVE_KEY, BILLING_LIVE_APPROVED: 'true' }),
    db,
  );
  main = await startTestService(
    stripeEnv(fake.url, {
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_TIMEOUT_MS: '1500',
      PLAN_RUNS_FREE: '1',
      PLAN_RUNS_LAUNCH: '3',
      PLAN_RUNS_SCALE: '5',
    }),
    db,
  );
  others.push(partial, unreachable, prodTestKey, prodUnapproved, prodLive);
}, 120_000);
afterAll(async () => {
  await Promise.all([main, ...others].filter(Boolean).map((s) => s.stop()));
  await fake?.close();
  await liveFake?.close();
});

async function checkout(service: TestService, token: string, body: unknown, headers?: Record<string, string>) {
  return await rest(service.url, token).post('/billing/checkout', body, headers);
}

function expectProviderError(res: { status: number; body: Record<string, any> }, ...secrets: string[]): void {
  expect(res.status, JSON.stringify(res.body)).toBe(502);
  expect(res.body).toEqual({ error: 'payment_provider_error', message: expect.any(String) });
  for (const secret of [TEST_KEY, LIVE_KEY, WEBHOOK_SECRET, ...secrets]) expect(res.body.message).not.toContain(secret);
  expect(res.body.message).not.toMatch(/sk_(test|live)_|must not leak|<html/i);
}

describe('POST /api/billing/checkout', () => {
  it("200 {url}: a subscription-mode Checkout Session for the plan's price, with the workspace in metadata and an idempotency key", async () => {
    const ws = await newWorkspace(main, 'Checkout');
    const before = fake.requests.length;
    const res = await checkout(main, ws.token, {
      plan: 'launch',
      successUrl: `${APP}/billing/done?x=1`,
      cancelUrl: 'https://www.example.com/pricing',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/) });
    expect(fake.requests.length).toBe(before + 1);
    const sent = fake.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.authorization).toBe(`Bearer ${TEST_KEY}`);
    expect(sent.stripeVersion).toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect(sent.idempotencyKey).toMatch(/^checkout-[0-9a-f]{64}$/);
    expect(sent.params).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: PRICE_LAUNCH, quantity: '1' }],
      success_url: `${APP}/billing/done?x=1`,
      cancel_url: 'https://www.example.com/pricing',
      client_reference_id: ws.organization.id,
      metadata: { orgId: ws.organization.id, plan: 'launch' },
      subscription_data: { metadata: { orgId: ws.organization.id, plan: 'launch' } },
      customer_email: ws.user.email,
    });
    const sessionId = res.body.url.match(/cs_test_[A-Za-z0-9_-]+/)[0];
    expect(fake.sessions.has(sessionId)).toBe(true);
    // Checkout alone changes nothing: only the webhook does.
    expect((await Organization.findByPk(ws.organization.id))?.plan).toBe('free');
    expect((await rest(main.url, ws.token).get('/me')).body.billing).toEqual({ plan: 'free' });
  });

  it("omitted return URLs default to the service's own pages; scale uses the scale price (tRPC too)", async () => {
    const ws = await newWorkspace(main, 'Defaults');
    const res = await trpc(main.url, ws.token).billing.checkout.mutate({ plan: 'scale' });
    expect(res.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(fake.requests.at(-1)!.params).toMatchObject({
      line_items: [{ price: PRICE_SCALE }],
      success_url: `${APP}/billing/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${APP}/billing/cancel`,
    });
  });

  it('a repeated checkout gets the same session (same idempotency key); Idempotency-Key with another body is 400', async () => {
    const ws = await newWorkspace(main, 'Twice');
    const body = { plan: 'launch', successUrl: `${APP}/ok`, cancelUrl: `${APP}/no` };
    const first = await checkout(main, ws.token, body);
    const second = await checkout(main, ws.token, body);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.url).toBe(first.body.url);
    const [a, b] = fake.requests.slice(-2);
    expect(a!.idempotencyKey).toBe(b!.idempotencyKey);

    const keyed = await checkout(main, ws.token, body, { 'Idempotency-Key': 'click-1' });
    const again = await checkout(main, ws.token, body, { 'Idempotency-Key': 'click-1' });
    expect([keyed.status, again.status]).toEqual([200, 200]);
    expect(again.body.url).toBe(keyed.body.url);
    expect(keyed.body.url).not.toBe(first.body.url);
    const reused = await checkout(main, ws.token, { ...body, plan: 'scale' }, { 'Idempotency-Key': 'click-1' });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('idempotency_key_reused');
    // Another workspace's identical key is another key.
    const other = await newWorkspace(main, 'Other');
    const theirs = await checkout(main, other.token, body, { 'Idempotency-Key': 'click-1' });
    expect(theirs.status).toBe(200);
    expect(theirs.body.url).not.toBe(keyed.body.url);
  });

  it('400 naming the field: a return URL outside the allowed origins, or not a URL; an unknown plan', async () => {
    const ws = await newWorkspace(main, 'Bad URLs');
    const before = fake.requests.length;
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ plan: 'launch', successUrl: 'https://evil.example.net/ok' }, /^successUrl: .*evil\.example\.net.*not allowed/],
      [{ plan: 'launch', successUrl: `${APP}/ok`, cancelUrl: 'http://app.example.com/no' }, /^cancelUrl: /],
      [{ plan: 'launch', successUrl: 'https://app.example.com.evil.net/ok' }, /^successUrl: /],
      [{ plan: 'launch', successUrl: 'https://user:pw@app.example.com/ok' }, /^successUrl: /],
      [{ plan: 'launch', successUrl: 'javascript:alert(1)' }, /successUrl/],
      [{ plan: 'enterprise' }, /plan/],
    ];
    for (const [body, message] of cases) {
      const res = await checkout(main, ws.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('invalid_request');
      expect(res.body.message).toMatch(message);
    }
    expect(fake.requests.length, 'nothing reached the provider').toBe(before);
  });

  it('501 checkout_not_configured for a plan without a price, before any provider call', async () => {
    const ws = await newWorkspace(partial, 'No scale price');
    const before = fake.requests.length;
    const res = await checkout(partial, ws.token, { plan: 'scale', successUrl: `${APP}/ok` });
    expect(res.status).toBe(501);
    expect(res.body).toEqual({ error: 'checkout_not_configured', message: expect.stringContaining('scale') });
    expect(fake.requests.length).toBe(before);
  });

  it('423 checkout_locked in production: live billing not approved, or a test key', async () => {
    const notApproved = await checkout(prodUnapproved, (await newWorkspace(prodUnapproved)).token, { plan: 'launch' });
    expect(notApproved.status).toBe(423);
    expect(notApproved.body).toEqual({
      error: 'checkout_locked',
      message: expect.stringContaining('BILLING_LIVE_APPROVED'),
    });
    const testKey = await checkout(prodTestKey, (await newWorkspace(prodTestKey)).token, { plan: 'launch' });
    expect(testKey.status).toBe(423);
    expect(testKey.body).toEqual({ error: 'checkout_locked', message: expect.stringContaining('live') });
    for (const res of [notApproved, testKey]) expect(res.body.message).not.toMatch(/sk_/);
    // Approved with a live key: the session is created (in live mode).
    const before = liveFake.requests.length;
    const live = await checkout(prodLive, (await newWorkspace(prodLive)).token, { plan: 'launch' });
    expect(live.status, JSON.stringify(live.body)).toBe(200);
    expect(liveFake.requests.length).toBe(before + 1);
    expect(liveFake.requests.at(-1)!.authorization).toBe(`Bearer ${LIVE_KEY}`);
    // The capability flags say the same.
    expect((await rest(prodTestKey.url).get('/health')).body.pipeline.billingConfigured).toBe(false);
    expect((await rest(prodLive.url).get('/health')).body.pipeline.billingConfigured).toBe(true);
  });

  it('409 already_subscribed on the current plan or while a subscription is not over (no provider call)', async () => {
    const ws = await newWorkspace(main, 'Subscribed');
    expect((await sendEvent(main, checkoutCompleted(ws.organization.id, 'launch'))).status).toBe(200);
    const before = fake.requests.length;
    const same = await checkout(main, ws.token, { plan: 'launch' });
    expect(same.status).toBe(409);
    expect(same.body.error).toBe('already_subscribed');
    const other = await checkout(main, ws.token, { plan: 'scale' });
    expect(other.status).toBe(409);
    expect(other.body.message).toContain('active subscription');
    expect(fake.requests.length).toBe(before);
  });

  describe('502 payment_provider_error, with a sanitized message', () => {
    it('the provider cannot be reached (closed port)', async () => {
      const res = await checkout(unreachable, (await newWorkspace(unreachable)).token, { plan: 'launch' });
      expectProviderError(res);
      expect(res.body.message).toMatch(/could not be reached/);
    });

    it('the provider answers 500, HTML instead of JSON, or a session without a URL', async () => {
      const ws = await newWorkspace(main, 'Flaky');
      try {
        for (const mode of ['api_error', 'nonsense', 'no_url'] as const) {
          fake.mode = mode;
          const res = await checkout(main, ws.token, { plan: 'launch', successUrl: `${APP}/${mode}` });
          expectProviderError(res);
        }
      } finally {
        fake.mode = 'normal';
      }
      expect((await Organization.findByPk(ws.organization.id))?.plan).toBe('free');
    });

    it('the provider does not answer: bounded by STRIPE_TIMEOUT_MS', async () => {
      const ws = await newWorkspace(main, 'Slow');
      fake.mode = 'hang';
      const started = Date.now();
      try {
        const res = await checkout(main, ws.token, { plan: 'launch', successUrl: `${APP}/slow` });
        expectProviderError(res);
      } finally {
        fake.mode = 'normal';
      }
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(1400);
      expect(took).toBeLessThan(6000);
    });

    it("the provider rejects the service's key (its message, echoing the key, is not passed on)", async () => {
      const res = await checkout(partial, (await newWorkspace(partial)).token, { plan: 'launch' });
      expectProviderError(res, partial.deps.config.billing.secretKey!);
      expect(res.body.message).toMatch(/credentials/);
    });

    it('the provider refuses the price (its code and param are named)', async () => {
      const ws = await newWorkspace(main, 'Unknown price');
      const scoped = await startTestService(
        stripeEnv(fake.url, { STRIPE_PRICE_LAUNCH: 'price_deleted' }),
        main.databaseUrl,
      );
      others.push(scoped);
      const res = await checkout(scoped, ws.token, { plan: 'launch' });
      expectProviderError(res);
      expect(res.body.message).toContain('resource_missing');
      expect(res.body.message).toContain('line_items[0][price]');
      expect(res.body.message).not.toContain('price_deleted');
    });
  });
});

// ---- webhooks -------------------------------------------------------------------------------

let eventCounter = 0;
function event(
  type: string,
  object: Record<string, unknown>,
  created = Math.floor(Date.now() / 1000),
): Record<string, unknown> {
  eventCounter += 1;
  return {
    id: `evt_${eventCounter}_${randomBytes(8).toString('hex')}`,
    object: 'event',
    api_version: '2025-10-29.clover',
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

function checkoutCompleted(orgId: string, plan: string, extra: Record<string, unknown> = {}) {
  const suffix = randomBytes(6).toString('hex');
  return event('checkout.session.completed', {
    id: `cs_test_${suffix}`,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: orgId,
    customer: `cus_${suffix}`,
    subscription: `sub_${suffix}`,
    metadata: { orgId, plan },
    ...extra,
  });
}

function subscriptionEvent(
  type: string,
  orgId: string,
  sub: { id: string; customer: string; status: string; price: string },
  created?: number,
) {
  return event(
    type,
    {
      id: sub.id,
      object: 'subscription',
      customer: sub.customer,
      status: sub.status,
      metadata: { orgId },
      items: {
        object: 'list',
        data: [
          {
            id: `si_${randomBytes(4).toString('hex')}`,
            object: 'subscription_item',
            price: { id: sub.price, object: 'price' },
            quantity: 1,
          },
        ],
      },
    },
    created,
  );
}

function sign(payload: string, options: { secret?: string; timestamp?: number } = {}): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
  });
}

async function sendEvent(service: TestService, body: Record<string, unknown> | string, signature?: string | null) {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const sig = signature === undefined ? sign(payload) : signature;
  if (sig !== null) headers['stripe-signature'] = sig;
  const res = await fetch(`${service.url}/api/billing/webhook`, { method: 'POST', headers, body: payload });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function orgState(orgId: string) {
  const org = await Organization.findByPk(orgId);
  return {
    plan: org?.plan,
    subscriptionStatus: org?.subscriptionStatus ?? null,
    stripeSubscriptionId: org?.stripeSubscriptionId ?? null,
  };
}

describe('POST /api/billing/webhook', () => {
  let ws: CreatedWorkspace;
  beforeAll(async () => {
    ws = await newWorkspace(main, 'Webhooked');
  });

  it('a signed checkout.session.completed moves the workspace to the plan: /api/me and the 402 quota follow', async () => {
    const api = rest(main.url, ws.token);
    expect((await api.post('/reports/start', { openapiText: PETSTORE })).status).toBe(202);
    const over = await api.post('/reports/start', { openapiText: PETSTORE });
    expect(over.status).toBe(402);
    expect(over.body.error).toBe('quota_exceeded');

    const completed = checkoutCompleted(ws.organization.id, 'launch');
    const res = await sendEvent(main, completed);
    expect(res).toEqual({ status: 200, body: { received: true, duplicate: false, outcome: 'applied' } });
    const sub = (completed.data as { object: { subscription: string; customer: string } }).object;
    expect(await orgState(ws.organization.id)).toEqual({
      plan: 'launch',
      subscriptionStatus: 'active',
      stripeSubscriptionId: sub.subscription,
    });

    const me = (await api.get('/me')).body;
    expect(me.organization.plan).toBe('launch');
    expect(me.entitlements).toMatchObject({ plan: 'launch', runsPerPeriod: 3, runsUsedThisPeriod: 1 });
    expect(me.billing).toEqual({ plan: 'launch', subscriptionStatus: 'active' });
    expect(me.capabilities.billingCheckout).toBe(true);
    expect((await api.post('/reports/start', { openapiText: PETSTORE })).status).toBe(202);
    expect((await api.post('/reports/start', { openapiText: PETSTORE })).status).toBe(202);
    expect((await api.post('/reports/start', { openapiText: PETSTORE })).status).toBe(402);

    // The subscription moves to scale (price mapped back through configuration).
    const updated = await sendEvent(
      main,
      subscriptionEvent('customer.subscription.updated', ws.organization.id, {
        id: sub.subscription,
        customer: sub.customer,
        status: 'active',
        price: PRICE_SCALE,
      }),
    );
    expect(updated.body.outcome).toBe('applied');
    expect((await api.get('/me')).body.entitlements).toMatchObject({ plan: 'scale', runsPerPeriod: 5 });
    expect((await api.post('/reports/start', { openapiText: PETSTORE })).status).toBe(202);

    // Deleted: back to free, and the quota bites again.
    const deleted = await sendEvent(
      main,
      subscriptionEvent('customer.subscription.deleted', ws.organization.id, {
        id: sub.subscription,
        customer: sub.customer,
        status: 'canceled',
        price: PRICE_SCALE,
      }),
    );
    expect(deleted.body.outcome).toBe('applied');
    expect(await orgState(ws.organization.id)).toMatchObject({ plan: 'free', subscriptionStatus: 'canceled' });
    expect((await api.get('/me')).body.entitlements).toMatchObject({ plan: 'free', runsPerPeriod: 1 });
    expect((await api.post('/reports/start', { openapiText: PETSTORE })).status).toBe(402);
  });

  it('a replayed event (same id) is processed once', async () => {
    const own = await newWorkspace(main, 'Replayed');
    const completed = checkoutCompleted(own.organization.id, 'launch');
    expect((await sendEvent(main, completed)).body).toEqual({ received: true, duplicate: false, outcome: 'applied' });
    const sub = (completed.data as { object: { subscription: string; customer: string } }).object;
    // A later event ends the subscription ...
    expect(
      (
        await sendEvent(
          main,
          subscriptionEvent('customer.subscription.deleted', own.organization.id, {
            id: sub.subscription,
            customer: sub.customer,
            status: 'canceled',
            price: PRICE_LAUNCH,
          }),
        )
      ).status,
    ).toBe(200);
    expect((await orgState(own.organization.id)).plan).toBe('free');
    // ... and the first one, delivered again with a fresh valid signature, changes nothing.
    const replay = await sendEvent(main, completed);
    expect(replay).toEqual({ status: 200, body: { received: true, duplicate: true, outcome: 'applied' } });
    expect((await orgState(own.organization.id)).plan).toBe('free');
    expect(await BillingEvent.count({ where: { id: completed.id as string } })).toBe(1);
    // Concurrent deliveries of one new id: one applies, the others are duplicates.
    const again = checkoutCompleted(own.organization.id, 'scale');
    const results = await Promise.all([1, 2, 3, 4].map(() => sendEvent(main, again)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(results.filter((r) => r.body.duplicate === false)).toHaveLength(1);
    expect((await orgState(own.organization.id)).plan).toBe('scale');
  });

  it('400 invalid_signature: wrong secret, tampered body, missing header, garbage header; nothing changes', async () => {
    const own = await newWorkspace(main, 'Forged');
    const completed = checkoutCompleted(own.organization.id, 'scale');
    const payload = JSON.stringify(completed);
    const attempts: Array<[string, string | null]> = [
      [payload, sign(payload, { secret: `whsec_${randomBytes(16).toString('hex')}` })],
      [payload.replace('"scale"', '"launch"'), sign(payload)],
      [payload, null],
      [payload, 't=1,v1=deadbeef'],
      [payload, 'nonsense'],
    ];
    for (const [body, signature] of attempts) {
      const res = await sendEvent(main, body, signature);
      expect(res.status, String(signature)).toBe(400);
      expect(res.body).toEqual({ error: 'invalid_signature', message: expect.any(String) });
      expect(res.body.message).not.toContain(WEBHOOK_SECRET);
    }
    expect(await orgState(own.organization.id)).toEqual({
      plan: 'free',
      subscriptionStatus: null,
      stripeSubscriptionId: null,
    });
    expect(await BillingEvent.count({ where: { id: completed.id as string } })).toBe(0);
    // A bearer token is no substitute for the signature.
    const withBearer = await fetch(`${main.url}/api/billing/webhook`, {
      method: 'POST',
      headers: { authorization: `Bearer ${own.token}`, 'content-type': 'application/json' },
      body: payload,
    });
    expect(withBearer.status).toBe(400);
  });

  it('400 for a stale signature timestamp (outside the tolerance), also on a replay of a genuine old delivery', async () => {
    const own = await newWorkspace(main, 'Stale');
    const completed = checkoutCompleted(own.organization.id, 'launch');
    const payload = JSON.stringify(completed);
    const stale = await sendEvent(main, payload, sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 600 }));
    expect(stale.status).toBe(400);
    expect(stale.body).toEqual({ error: 'invalid_signature', message: expect.stringContaining('tolerance') });
    const future = await sendEvent(main, payload, sign(payload, { timestamp: Math.floor(Date.now() / 1000) + 600 }));
    expect(future.status).toBe(400);
    expect((await orgState(own.organization.id)).plan).toBe('free');
    // Within the tolerance it is accepted.
    const recent = await sendEvent(main, payload, sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 60 }));
    expect(recent.status).toBe(200);
    expect((await orgState(own.organization.id)).plan).toBe('launch');
  });

  it('an event older than the last applied one does not undo it; unknown types and workspaces are recorded and ignored', async () => {
    const own = await newWorkspace(main, 'Ordering');
    const now = Math.floor(Date.now() / 1000);
    const sub = { id: `sub_${randomBytes(6).toString('hex')}`, customer: `cus_${randomBytes(6).toString('hex')}` };
    const newer = subscriptionEvent(
      'customer.subscription.updated',
      own.organization.id,
      { ...sub, status: 'active', price: PRICE_SCALE },
      now,
    );
    const older = subscriptionEvent(
      'customer.subscription.updated',
      own.organization.id,
      { ...sub, status: 'active', price: PRICE_LAUNCH },
      now - 120,
    );
    expect((await sendEvent(main, newer)).body.outcome).toBe('applied');
    expect((await sendEvent(main, older)).body.outcome).toBe('stale');
    expect(await orgState(own.organization.id)).toEqual({
      plan: 'scale',
      subscriptionStatus: 'active',
      stripeSubscriptionId: sub.id,
    });
    // past_due keeps the plan (and blocks a new checkout); unpaid drops to free.
    expect(
      (
        await sendEvent(
          main,
          subscriptionEvent(
            'customer.subscription.updated',
            own.organization.id,
            { ...sub, status: 'past_due', price: PRICE_SCALE },
            now + 1,
          ),
        )
      ).body.outcome,
    ).toBe('applied');
    expect(await orgState(own.organization.id)).toMatchObject({ plan: 'scale', subscriptionStatus: 'past_due' });
    expect((await checkout(main, own.token, { plan: 'launch' })).status).toBe(409);
    expect(
      (
        await sendEvent(
          main,
          subscriptionEvent(
            'customer.subscription.updated',
            own.organization.id,
            { ...sub, status: 'unpaid', price: PRICE_SCALE },
            now + 2,
          ),
        )
      ).body.outcome,
    ).toBe('applied');
    expect(await orgState(own.organization.id)).toMatchObject({ plan: 'free', subscriptionStatus: 'unpaid' });

    const unknownType = await sendEvent(main, event('invoice.paid', { id: 'in_1', object: 'invoice' }));
    expect(unknownType.body).toEqual({ received: true, duplicate: false, outcome: 'ignored_type' });
    const nobody = await sendEvent(main, checkoutCompleted('org_doesnotexist', 'scale'));
    expect(nobody.body).toEqual({ received: true, duplicate: false, outcome: 'unknown_workspace' });
    const notAnEvent = JSON.stringify({ hello: 'world' });
    expect((await sendEvent(main, notAnEvent, sign(notAnEvent))).status).toBe(400);
  });

  it('501 webhook_not_configured without a signing secret', async () => {
    const payload = JSON.stringify(checkoutCompleted(ws.organization.id, 'scale'));
    const res = await sendEvent(partial, payload, sign(payload));
    expect(res).toEqual({ status: 501, body: { error: 'webhook_not_configured', message: expect.any(String) } });
  });

  it('is in /api/openapi.json, without bearer security', async () => {
    const doc = (await rest(main.url).get('/openapi.json')).body;
    expect(doc.paths['/billing/webhook'].post).toMatchObject({ operationId: 'billing-webhook', security: [] });
  });
});

it('tRPC clients get the same codes', async () => {
  const ws = await newWorkspace(main, 'tRPC');
  try {
    await trpc(main.url, ws.token).billing.checkout.mutate({ plan: 'launch', successUrl: 'https://evil.example.net/' });
    expect.unreachable();
  } catch (error) {
    expect(trpcError(error)).toEqual({ code: 'invalid_request', httpStatus: 400 });
  }
});
