import type { Kysely } from 'kysely'

// A running Studio conversion names the worker run that holds it; that run touches the row's
// updated_at as a heartbeat, so a conversion whose worker died is taken over within seconds
// instead of after the queue's expiry.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('studio_conversions').addColumn('worker_token', 'text').execute()
  await db.schema
    .createIndex('studio_conversions_active')
    .on('studio_conversions')
    .columns(['status', 'updated_at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('studio_conversions_active').execute()
  await db.schema.alterTable('studio_conversions').dropColumn('worker_token').execute()
}
