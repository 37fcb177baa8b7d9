import { type Kysely, sql } from 'kysely'

// Paid subscriptions: the current period, a change scheduled for its end, the discount held,
// the tiers paid for before; checkout sessions, payments (money moved, one row per
// idempotency key) and promo codes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('subscriptions')
    .addColumn('current_period_start', 'timestamptz')
    .addColumn('current_period_end', 'timestamptz')
    .addColumn('pending_change_kind', 'text')
    .addColumn('pending_next_tier', 'text')
    .addColumn('pending_billing_period', 'text')
    .addColumn('discount_coupon_id', 'text')
    .addColumn('discount_percent_off', 'integer')
    .addColumn('discount_amount_off', 'integer')
    .addColumn('discount_months_left', 'integer')
    .addColumn('previously_subscribed_tiers', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('payment_provider', 'text')
    .execute()
  await sql`alter table subscriptions add constraint subscriptions_pending_kind
    check (pending_change_kind is null or pending_change_kind in ('change', 'cancellation'))`.execute(db)

  await db.schema
    .createTable('checkout_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('tier', 'text', (c) => c.notNull())
    .addColumn('billing_period', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('promocode', 'text')
    .addColumn('list_price_cents', 'integer', (c) => c.notNull())
    .addColumn('amount_due_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('completed_at', 'timestamptz')
    .addCheckConstraint('checkout_sessions_status', sql`status in ('open', 'complete', 'expired')`)
    .execute()
  await sql`create unique index checkout_sessions_idempotency on checkout_sessions (workspace_id, idempotency_key)
    where idempotency_key is not null`.execute(db)

  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('tier', 'text', (c) => c.notNull())
    .addColumn('billing_period', 'text', (c) => c.notNull())
    .addColumn('provider_reference', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('payments_amount_nonnegative', sql`amount_cents >= 0`)
    .execute()
  // A retried call finds the payment its key already made instead of charging again.
  await db.schema
    .createIndex('payments_idempotency')
    .on('payments')
    .columns(['workspace_id', 'idempotency_key'])
    .unique()
    .execute()

  await db.schema
    .createTable('promo_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('amount_off', 'integer')
    .addColumn('percent_off', 'integer')
    .addColumn('duration_in_months', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'promo_codes_one_discount',
      sql`(amount_off is null) <> (percent_off is null) and coalesce(amount_off, 0) >= 0 and coalesce(percent_off, 0) between 0 and 100`,
    )
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('promo_codes').ifExists().execute()
  await db.schema.dropTable('payments').ifExists().execute()
  await db.schema.dropTable('checkout_sessions').ifExists().execute()
  await sql`alter table subscriptions drop constraint if exists subscriptions_pending_kind`.execute(db)
  await db.schema
    .alterTable('subscriptions')
    .dropColumn('payment_provider')
    .dropColumn('previously_subscribed_tiers')
    .dropColumn('discount_months_left')
    .dropColumn('discount_amount_off')
    .dropColumn('discount_percent_off')
    .dropColumn('discount_coupon_id')
    .dropColumn('pending_billing_period')
    .dropColumn('pending_next_tier')
    .dropColumn('pending_change_kind')
    .dropColumn('current_period_end')
    .dropColumn('current_period_start')
    .execute()
}
