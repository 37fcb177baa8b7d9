import { type Kysely, sql } from 'kysely'

// Payment providers and credits over time: the provider's customer, subscription and schedule
// for a workspace; credits carried over from the two periods before; usage-based billing (the
// permission and its cap); grants (their end and the subscription that follows); the card on
// file; the kind of a checkout session; invoices that are still open; the provider events
// already applied (each is applied once).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('subscriptions')
    .addColumn('provider_customer_id', 'text')
    .addColumn('provider_subscription_id', 'text')
    .addColumn('provider_schedule_id', 'text')
    .addColumn('rollover_newer', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rollover_older', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('usage_based_billing', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('max_character_limit_extension', 'bigint')
    .addColumn('grant_ends_at', 'timestamptz')
    .addColumn('post_grant_tier', 'text')
    .addColumn('post_grant_billing_period', 'text')
    .execute()
  await sql`create unique index subscriptions_provider_subscription on subscriptions (provider_subscription_id)
    where provider_subscription_id is not null`.execute(db)
  await sql`create index subscriptions_due on subscriptions (next_reset_at)`.execute(db)

  await db.schema
    .alterTable('checkout_sessions')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('subscription'))
    .addColumn('grant_code', 'text')
    .addColumn('provider_session_id', 'text')
    .execute()
  await sql`alter table checkout_sessions add constraint checkout_sessions_kind
    check (kind in ('subscription', 'grant'))`.execute(db)

  await db.schema
    .alterTable('payments')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('paid'))
    .addColumn('period_start', 'timestamptz')
    .addColumn('period_end', 'timestamptz')
    .addColumn('characters', 'bigint')
    .addColumn('paid_at', 'timestamptz')
    .execute()
  await sql`alter table payments add constraint payments_status
    check (status in ('paid', 'open', 'pending', 'void'))`.execute(db)
  await sql`update payments set paid_at = created_at`.execute(db)

  await db.schema
    .createTable('payment_methods')
    .addColumn('workspace_id', 'text', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    // Only the local test-mode provider knows this: its declining test card was entered.
    .addColumn('declines', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('provider_reference', 'text')
    .addColumn('verified_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('grant_offers')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('tier', 'text', (c) => c.notNull())
    .addColumn('duration_months', 'integer', (c) => c.notNull().defaultTo(12))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('redeemed_workspace_id', 'text')
    .addColumn('redeemed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('grant_offers_tier', sql`tier in ('grant_tier_1', 'grant_tier_2')`)
    .execute()

  await db.schema
    .createTable('billing_events')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('billing_events_pk', ['provider', 'event_id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('billing_events').ifExists().execute()
  await db.schema.dropTable('grant_offers').ifExists().execute()
  await db.schema.dropTable('payment_methods').ifExists().execute()
  await sql`alter table payments drop constraint if exists payments_status`.execute(db)
  await db.schema
    .alterTable('payments')
    .dropColumn('status')
    .dropColumn('period_start')
    .dropColumn('period_end')
    .dropColumn('characters')
    .dropColumn('paid_at')
    .execute()
  await sql`alter table checkout_sessions drop constraint if exists checkout_sessions_kind`.execute(db)
  await db.schema
    .alterTable('checkout_sessions')
    .dropColumn('kind')
    .dropColumn('grant_code')
    .dropColumn('provider_session_id')
    .execute()
  await sql`drop index if exists subscriptions_due`.execute(db)
  await sql`drop index if exists subscriptions_provider_subscription`.execute(db)
  await db.schema
    .alterTable('subscriptions')
    .dropColumn('provider_customer_id')
    .dropColumn('provider_subscription_id')
    .dropColumn('provider_schedule_id')
    .dropColumn('rollover_newer')
    .dropColumn('rollover_older')
    .dropColumn('usage_based_billing')
    .dropColumn('max_character_limit_extension')
    .dropColumn('grant_ends_at')
    .dropColumn('post_grant_tier')
    .dropColumn('post_grant_billing_period')
    .execute()
}
