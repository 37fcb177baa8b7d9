import { type Kysely, sql } from 'kysely'

// Music: every composed or uploaded song of a workspace (a composed one is kept as its plan
// and seed, which render it again note for note), and the saved style profiles (finetunes).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('music_songs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('prompt', 'text')
    .addColumn('composition_plan', 'jsonb')
    .addColumn('seed', 'bigint')
    .addColumn('instrumental', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('song_metadata', 'jsonb', (c) => c.notNull())
    .addColumn('length_ms', 'integer', (c) => c.notNull())
    .addColumn('output_format', 'text', (c) => c.notNull())
    .addColumn('file_key', 'text')
    // The SHA-256 of the audio as delivered: an upload of these very bytes is known as this song.
    .addColumn('audio_sha256', 'text')
    .addColumn('history_item_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('music_songs_workspace_created')
    .on('music_songs')
    .columns(['workspace_id', 'created_at desc', 'id desc'])
    .execute()
  await db.schema
    .createIndex('music_songs_workspace_audio')
    .on('music_songs')
    .columns(['workspace_id', 'audio_sha256'])
    .execute()
  await db.schema
    .createTable('music_finetunes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('primary_genre', 'text', (c) => c.notNull())
    .addColumn('tags', 'jsonb', (c) => c.notNull())
    .addColumn('visibility', 'text', (c) => c.notNull())
    .addColumn('model_id', 'text', (c) => c.notNull())
    .addColumn('styles', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('music_finetunes').execute()
  await db.schema.dropTable('music_songs').execute()
}
