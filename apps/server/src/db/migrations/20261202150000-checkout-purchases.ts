import { type Kysely, sql } from 'kysely'

// One-off purchases paid through checkout (a Productions order): what is bought, by whom, for
// how much, and whether the provider's page was paid. At most one live (open or paid) purchase
// per thing bought, so a second page never charges twice.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('checkout_purchases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('product', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_session_id', 'text')
    .addColumn('provider_reference', 'text')
    .addColumn('url', 'text')
    .addColumn('return_path', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('completed_at', 'timestamptz')
    .addCheckConstraint('checkout_purchases_status', sql`status in ('open', 'complete', 'expired')`)
    .addCheckConstraint('checkout_purchases_amount', sql`amount_cents > 0`)
    .execute()
  await sql`create unique index checkout_purchases_live on checkout_purchases (product, reference)
    where status in ('open', 'complete')`.execute(db)
  await sql`create unique index checkout_purchases_provider_session on checkout_purchases (provider_session_id)
    where provider_session_id is not null`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('checkout_purchases').ifExists().execute()
}
