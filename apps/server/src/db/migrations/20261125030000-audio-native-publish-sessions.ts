import { type Kysely, sql } from 'kysely'

// Audio Native publishing apart from converting, and listener sessions.
// - `auto_publish`: whether the pending conversion goes live when it ends.
// - `pending_audio_key` / `pending_content_type`: converted audio of the current content that
//   waits for a publish call (state `converted`), while `audio_key` keeps the published audio.
// - `published_version`: the content version whose audio is live (the signed links name it).
// - plays carry the anonymous session id the player makes, so that one listener session counts
//   one play per page within the project's sessionization window.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('audio_native_projects')
    .addColumn('auto_publish', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('pending_audio_key', 'text')
    .addColumn('pending_content_type', 'text')
    .addColumn('published_version', 'integer')
    .execute()
  await sql`update audio_native_projects set published_version = audio_version
    where status = 'published' and audio_key is not null`.execute(db)
  await db.schema.alterTable('audio_native_plays').addColumn('session_id', 'text').execute()
  await db.schema
    .createIndex('audio_native_plays_session')
    .on('audio_native_plays')
    .columns(['project_id', 'session_id', 'page_url', 'created_at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audio_native_plays_session').execute()
  await db.schema.alterTable('audio_native_plays').dropColumn('session_id').execute()
  await db.schema
    .alterTable('audio_native_projects')
    .dropColumn('auto_publish')
    .dropColumn('pending_audio_key')
    .dropColumn('pending_content_type')
    .dropColumn('published_version')
    .execute()
}
