import type { Kysely } from 'kysely'

// A paid plan renews on the day of the month it started on: the 31st renews on the last day
// of a shorter month and on the 31st again after it. The period's own start cannot say which
// day that is once a short month has moved it, so the subscription keeps the day it began.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').addColumn('billing_anchor_at', 'timestamptz').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').dropColumn('billing_anchor_at').execute()
}
