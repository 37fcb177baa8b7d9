import type { Kysely } from 'kysely'

// A batch recipient keeps the conversation its call became, so the batch's detail links to it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('convai_batch_recipients').addColumn('conversation_id', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('convai_batch_recipients').dropColumn('conversation_id').execute()
}
