import type { Kysely } from 'kysely'

// Usage above the credits already invoiced in the current credit period (a billing threshold
// invoices it before the period ends; the reset invoices only the rest).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('subscriptions')
    .addColumn('overage_billed_characters', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').dropColumn('overage_billed_characters').execute()
}
