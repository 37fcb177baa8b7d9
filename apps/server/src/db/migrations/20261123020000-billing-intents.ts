import { type Kysely, sql } from 'kysely'

// Calls to a payment provider happen outside database transactions:
// - a plan change first takes a short lease on the subscription (other changes and the billing
//   job wait for it), calls the provider, then applies the result;
// - an upgrade's payment is written first as `processing` (the intent, one per idempotency key)
//   and completed after the provider answered;
// - usage above the credits reported to a hosted provider is an intent row first, then sent
//   with the row's id as the provider's idempotency identifier.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('subscriptions')
    .addColumn('change_lease_token', 'text')
    .addColumn('change_lease_until', 'timestamptz')
    .execute()

  await sql`alter table payments drop constraint if exists payments_status`.execute(db)
  await sql`alter table payments add constraint payments_status
    check (status in ('paid', 'open', 'pending', 'void', 'processing'))`.execute(db)

  await db.schema
    .createTable('usage_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('usage_key', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_customer_id', 'text')
    .addColumn('provider_subscription_id', 'text')
    .addColumn('billing_period', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('characters', 'bigint', (c) => c.notNull())
    .addColumn('period_start', 'timestamptz', (c) => c.notNull())
    .addColumn('period_end', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_attempt_at', 'timestamptz')
    .addColumn('claimed_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('provider_reference', 'text')
    .addColumn('reported_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('usage_reports_status', sql`status in ('pending', 'reported', 'needs_review')`)
    .execute()
  await db.schema
    .createIndex('usage_reports_once')
    .on('usage_reports')
    .columns(['workspace_id', 'usage_key'])
    .unique()
    .execute()
  await db.schema
    .createIndex('usage_reports_pending')
    .on('usage_reports')
    .column('created_at')
    .where(sql.ref('status'), '=', 'pending')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('usage_reports').ifExists().execute()
  await sql`delete from payments where status = 'processing'`.execute(db)
  await sql`alter table payments drop constraint if exists payments_status`.execute(db)
  await sql`alter table payments add constraint payments_status
    check (status in ('paid', 'open', 'pending', 'void'))`.execute(db)
  await db.schema
    .alterTable('subscriptions')
    .dropColumn('change_lease_token')
    .dropColumn('change_lease_until')
    .execute()
}
