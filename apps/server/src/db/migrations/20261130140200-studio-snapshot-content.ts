import type { Kysely } from 'kysely'

// A chapter snapshot keeps the text it was made from and the audio of each of its blocks, so
// that the chapter can be restored to it (older snapshots have neither and can only be played).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('studio_snapshots')
    .addColumn('blocks', 'jsonb')
    .addColumn('block_audio', 'jsonb')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('studio_snapshots').dropColumn('blocks').dropColumn('block_audio').execute()
}
