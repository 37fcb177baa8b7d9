import { type Kysely, sql } from 'kysely'

// Post-call work of a conversation (its analysis and the post-call webhook) is marked done once,
// so a rerun after a crash does not send the webhook again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('convai_conversations').addColumn('post_call_at', 'timestamptz').execute()
  await db.schema
    .createIndex('convai_conversations_post_call_pending')
    .on('convai_conversations')
    .column('ended_at')
    .where(sql.ref('post_call_at'), 'is', null)
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('convai_conversations_post_call_pending').execute()
  await db.schema.alterTable('convai_conversations').dropColumn('post_call_at').execute()
}
