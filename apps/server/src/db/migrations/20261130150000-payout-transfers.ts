import type { Kysely } from 'kysely'

// Payouts through a provider: which provider holds the payout account, and the provider's
// transfer for each payout (a payout is pending until the provider confirms the transfer).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('payout_accounts')
    .addColumn('provider', 'text', (c) => c.notNull().defaultTo('local'))
    .execute()
  await db.schema.alterTable('payouts').addColumn('provider_transfer_id', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payouts').dropColumn('provider_transfer_id').execute()
  await db.schema.alterTable('payout_accounts').dropColumn('provider').execute()
}
