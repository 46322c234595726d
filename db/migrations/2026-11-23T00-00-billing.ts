import type { MigrationContext } from '../migrate.ts';

/**
 * Billing: the payment provider's customer and subscription of a workspace, the time of the
 * last provider event applied to it (older events arriving late are not applied), and every
 * webhook event received, by id, so a replayed or redelivered event is processed once.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    ALTER TABLE organizations
      ADD COLUMN stripe_customer_id text,
      ADD COLUMN stripe_subscription_id text,
      ADD COLUMN billing_event_at timestamptz(3);
    CREATE INDEX organizations_stripe_customer ON organizations(stripe_customer_id) WHERE stripe_customer_id IS NOT NULL;
    CREATE INDEX organizations_stripe_subscription ON organizations(stripe_subscription_id) WHERE stripe_subscription_id IS NOT NULL;
    CREATE TABLE billing_events (
      id text PRIMARY KEY,
      type text NOT NULL,
      org_id text REFERENCES organizations(id),
      outcome text NOT NULL,
      event_created_at timestamptz(3) NOT NULL,
      received_at timestamptz(3) NOT NULL DEFAULT now()
    );
    CREATE INDEX billing_events_org ON billing_events(org_id, received_at);
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    DROP TABLE billing_events;
    ALTER TABLE organizations DROP COLUMN stripe_customer_id, DROP COLUMN stripe_subscription_id, DROP COLUMN billing_event_at;
  `);
}
