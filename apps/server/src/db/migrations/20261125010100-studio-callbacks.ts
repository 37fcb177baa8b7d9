import type { Kysely } from 'kysely'

// A Studio project may name a callback URL (podcasts take it): the result of each conversion is
// posted there as a delivery of the webhooks domain, which then belongs to no registered
// webhook but to its target URL.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('studio_projects').addColumn('callback_url', 'text').execute()
  await db.schema
    .alterTable('webhook_deliveries')
    .alterColumn('webhook_id', (c) => c.dropNotNull())
    .execute()
  await db.schema.alterTable('webhook_deliveries').addColumn('target_url', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').dropColumn('target_url').execute()
  await db
    .deleteFrom('webhook_deliveries' as never)
    .where('webhook_id' as never, 'is', null)
    .execute()
  await db.schema
    .alterTable('webhook_deliveries')
    .alterColumn('webhook_id', (c) => c.setNotNull())
    .execute()
  await db.schema.alterTable('studio_projects').dropColumn('callback_url').execute()
}
