import { type Kysely, sql } from 'kysely'

// Referrals and affiliates: each user's referral code, visits that carried it, the referral an
// account took, rewards earned when a referred account paid, affiliates, the payout account and
// its payouts, and the campaign parameters of Google Ads visits.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('referral_codes')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .execute()
  await db.schema
    .createTable('referral_visits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('referrer_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('referral_visits_referrer')
    .on('referral_visits')
    .columns(['referrer_user_id', 'created_at'])
    .execute()
  await db.schema
    .createTable('referrals')
    .addColumn('referred_user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('referrer_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('referred_workspace_id', 'text', (c) => c.notNull())
    .addColumn('visit_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('referrals_referrer').on('referrals').column('referrer_user_id').execute()
  await db.schema
    .createTable('referral_rewards')
    .addColumn('referred_user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('referrer_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tier', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('earned_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('affiliates')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('website', 'text', (c) => c.notNull())
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('payout_accounts')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('paused', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('provider_account_id', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('payouts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createTable('ads_visits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text')
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('gclid', 'text', (c) => c.notNull())
    .addColumn('utm', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'ads_visits',
    'payouts',
    'payout_accounts',
    'affiliates',
    'referral_rewards',
    'referrals',
    'referral_visits',
    'referral_codes',
  ])
    await db.schema.dropTable(table).execute()
}
