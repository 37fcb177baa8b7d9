import type { Kysely } from 'kysely'

// Share links of songs: an unguessable token, and the audio the public page plays (rendered
// once when the link is made, so a visitor never makes the server compose).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('music_songs')
    .addColumn('share_token', 'text', (c) => c.unique())
    .addColumn('share_file_key', 'text')
    .addColumn('share_content_type', 'text')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('music_songs')
    .dropColumn('share_content_type')
    .dropColumn('share_file_key')
    .dropColumn('share_token')
    .execute()
}
