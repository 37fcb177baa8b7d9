import { type Kysely, sql } from 'kysely'

// The shared voice library, voice collections, sound-effect favourites and voice isolation
// jobs. A shared voice keeps its listing in `voices.sharing` (the public API's sharing object);
// the index makes the library's listing cheap whatever the number of private voices.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index voices_shared_status on voices ((sharing->>'status'))
    where sharing is not null`.execute(db)

  await db.schema
    .createTable('voice_collections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('owner_user_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('voice_collections_workspace')
    .on('voice_collections')
    .columns(['workspace_id', 'title'])
    .execute()
  await db.schema
    .createTable('voice_collection_voices')
    .addColumn('collection_id', 'text', (c) =>
      c.notNull().references('voice_collections.id').onDelete('cascade'),
    )
    .addColumn('voice_id', 'text', (c) => c.notNull().references('voices.id').onDelete('cascade'))
    .addColumn('added_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('voice_collection_voices_pk', ['collection_id', 'voice_id'])
    .execute()
  await db.schema
    .createIndex('voice_collection_voices_voice')
    .on('voice_collection_voices')
    .column('voice_id')
    .execute()

  await db.schema
    .createTable('sound_effect_favourites')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('history_item_id', 'text', (c) => c.notNull())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('sound_effect_favourites_pk', ['user_id', 'history_item_id'])
    .execute()

  await db.schema
    .createTable('audio_isolation_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('api_key_id', 'text')
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_format', 'text', (c) => c.notNull())
    .addColumn('upload_key', 'text', (c) => c.notNull())
    .addColumn('preview_b64', 'text')
    .addColumn('history_item_id', 'text')
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('audio_isolation_jobs_workspace_created')
    .on('audio_isolation_jobs')
    .columns(['workspace_id', 'created_at desc'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audio_isolation_jobs').execute()
  await db.schema.dropTable('sound_effect_favourites').execute()
  await db.schema.dropTable('voice_collection_voices').execute()
  await db.schema.dropTable('voice_collections').execute()
  await sql`drop index voices_shared_status`.execute(db)
}
