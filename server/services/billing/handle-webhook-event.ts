import type Stripe from 'stripe';
import { Op, QueryTypes, type Transaction } from 'sequelize';
import { BillingEvent, Organization } from '../../../db/models/index.ts';
import type { Plan } from '../../../shared/enums.ts';
import type { Deps } from '../deps.ts';

/** Subscription states that grant the paid plan. */
const ENTITLED = new Set(['active', 'trialing', 'past_due']);
/** States in which the subscription grants nothing (the workspace falls back to free). */
const NOT_ENTITLED = new Set(['canceled', 'incomplete_expired', 'unpaid', 'paused']);

const HANDLED = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

export interface WebhookOutcome {
  received: true;
  /** True when this event id was received before: nothing was done again. */
  duplicate: boolean;
  outcome: string;
}

type PaidPlan = Exclude<Plan, 'free'>;

function paidPlan(value: unknown): PaidPlan | undefined {
  return value === 'launch' || value === 'scale' ? value : undefined;
}

function idOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string')
    return (value as { id: string }).id;
  return undefined;
}

/** The plan a subscription pays for: its price, mapped back through our configuration, else its metadata. */
function planOfSubscription(deps: Deps, subscription: Stripe.Subscription): PaidPlan | undefined {
  const prices = deps.config.billing.prices;
  for (const item of subscription.items?.data ?? []) {
    const price = idOf(item.price);
    if (price && price === prices.launch) return 'launch';
    if (price && price === prices.scale) return 'scale';
  }
  return paidPlan(subscription.metadata?.plan);
}

async function findOrg(
  ids: { orgId?: string | null; subscriptionId?: string; customerId?: string },
  transaction: Transaction,
): Promise<Organization | null> {
  const or: Array<Record<string, string>> = [];
  if (ids.orgId) or.push({ id: ids.orgId });
  if (ids.subscriptionId) or.push({ stripeSubscriptionId: ids.subscriptionId });
  if (ids.customerId) or.push({ stripeCustomerId: ids.customerId });
  if (or.length === 0) return null;
  const rows = await Organization.findAll({ where: { [Op.or]: or }, transaction, lock: true, order: [['id', 'ASC']] });
  // An explicit workspace id wins over a match by provider ids.
  return rows.find((r) => r.id === ids.orgId) ?? rows[0] ?? null;
}

/** Applies one event to its workspace (locked). Returns what it did. */
async function apply(
  deps: Deps,
  event: Stripe.Event,
  transaction: Transaction,
): Promise<{ orgId: string | null; outcome: string }> {
  const createdAt = new Date(event.created * 1000);
  if (event.type === 'checkout.session.completed') {
    const session = event.data.object;
    if (session.mode !== 'subscription') return { orgId: null, outcome: 'ignored_mode' };
    const org = await findOrg({ orgId: session.metadata?.orgId ?? session.client_reference_id }, transaction);
    if (!org) return { orgId: null, outcome: 'unknown_workspace' };
    const plan = paidPlan(session.metadata?.plan);
    if (!plan) return { orgId: org.id, outcome: 'unknown_plan' };
    if (org.billingEventAt && createdAt < org.billingEventAt) return { orgId: org.id, outcome: 'stale' };
    const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
    const customerId = idOf(session.customer);
    const subscriptionId = idOf(session.subscription);
    await org.update(
      {
        ...(paid ? { plan, subscriptionStatus: 'active' } : { subscriptionStatus: 'incomplete' }),
        ...(customerId ? { stripeCustomerId: customerId } : {}),
        ...(subscriptionId ? { stripeSubscriptionId: subscriptionId } : {}),
        billingEventAt: createdAt,
      },
      { transaction },
    );
    return { orgId: org.id, outcome: paid ? 'applied' : 'applied_unpaid' };
  }

  const subscription = event.data.object as Stripe.Subscription;
  const customerId = idOf(subscription.customer);
  const org = await findOrg(
    { orgId: subscription.metadata?.orgId, subscriptionId: subscription.id, customerId },
    transaction,
  );
  if (!org) return { orgId: null, outcome: 'unknown_workspace' };
  if (org.billingEventAt && createdAt < org.billingEventAt) return { orgId: org.id, outcome: 'stale' };
  const deleted = event.type === 'customer.subscription.deleted';
  const status = deleted ? 'canceled' : subscription.status;
  // Another (older) subscription of the workspace ending or lapsing does not touch the current one.
  if (org.stripeSubscriptionId && org.stripeSubscriptionId !== subscription.id && !ENTITLED.has(status))
    return { orgId: org.id, outcome: 'other_subscription' };
  const plan = planOfSubscription(deps, subscription);
  let nextPlan: Plan = org.plan;
  if (ENTITLED.has(status)) {
    if (!plan) return { orgId: org.id, outcome: 'unknown_plan' };
    nextPlan = plan;
  } else if (deleted || NOT_ENTITLED.has(status)) {
    nextPlan = 'free';
  }
  await org.update(
    {
      plan: nextPlan,
      subscriptionStatus: status,
      stripeSubscriptionId: subscription.id,
      ...(customerId ? { stripeCustomerId: customerId } : {}),
      billingEventAt: createdAt,
    },
    { transaction },
  );
  return { orgId: org.id, outcome: 'applied' };
}

/**
 * A verified Stripe event, processed at most once: its id is recorded in the same transaction
 * as its effect, so a replay (or a redelivery racing the first) changes nothing. The only code
 * that changes a workspace's plan and subscription state.
 */
export async function handleWebhookEvent(deps: Deps, event: Stripe.Event): Promise<WebhookOutcome> {
  const since = Date.now();
  let changedOrg: string | null = null;
  const outcome = await deps.db.sequelize.transaction(async (transaction) => {
    // The primary key serialises concurrent deliveries of one id: the second waits, then finds the row.
    const inserted = await deps.db.sequelize.query<{ id: string }>(
      `INSERT INTO billing_events (id, type, outcome, event_created_at) VALUES ($1, $2, 'pending', $3) ON CONFLICT (id) DO NOTHING RETURNING id`,
      { bind: [event.id, event.type, new Date(event.created * 1000)], type: QueryTypes.SELECT, transaction },
    );
    if (inserted.length === 0) {
      const previous = await BillingEvent.findByPk(event.id, { transaction });
      return { received: true as const, duplicate: true, outcome: previous?.outcome ?? 'duplicate' };
    }
    const result = HANDLED.has(event.type)
      ? await apply(deps, event, transaction)
      : { orgId: null, outcome: 'ignored_type' };
    await BillingEvent.update(
      { orgId: result.orgId, outcome: result.outcome },
      { where: { id: event.id }, transaction },
    );
    if (result.outcome === 'unknown_workspace')
      deps.logger.warn({ eventId: event.id, type: event.type }, 'billing webhook: no workspace for event');
    if (result.outcome.startsWith('applied')) changedOrg = result.orgId;
    return { received: true as const, duplicate: false, outcome: result.outcome };
  });
  // Callers hold the workspace in the auth cache: the new plan shows from their next request on.
  if (changedOrg) await deps.authCache.announce([`org:${changedOrg}`], since);
  return outcome;
}
