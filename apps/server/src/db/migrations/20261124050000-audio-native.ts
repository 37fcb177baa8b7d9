import { type Kysely, sql } from 'kysely'

// Audio Native players: one row per article page, with its appearance, URL allowlist, content
// (the extracted article text), the voice that reads it, and its publishing state and audio.
// Each conversion is a job row of its own, so a crashed worker's conversion can be told apart
// from a finished one; plays are counted per page for the analytics.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audio_native_projects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('small', 'boolean', (c) => c.notNull())
    .addColumn('text_color', 'text', (c) => c.notNull())
    .addColumn('background_color', 'text', (c) => c.notNull())
    .addColumn('sessionization', 'integer', (c) => c.notNull())
    .addColumn('voice_id', 'text', (c) => c.notNull())
    .addColumn('model_id', 'text', (c) => c.notNull())
    .addColumn('apply_text_normalization', 'text', (c) => c.notNull())
    .addColumn('dictionary_locators', 'jsonb', (c) => c.notNull())
    .addColumn('allowed_urls', 'jsonb', (c) => c.notNull())
    .addColumn('content_selector', 'text')
    .addColumn('page_url', 'text')
    .addColumn('content_text', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('audio_key', 'text')
    .addColumn('audio_content_type', 'text')
    .addColumn('audio_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('api_key_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('audio_native_projects_workspace')
    .on('audio_native_projects')
    .columns(['workspace_id', 'created_at'])
    .execute()

  await db.schema
    .createTable('audio_native_plays')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) =>
      c.notNull().references('audio_native_projects.id').onDelete('cascade'),
    )
    .addColumn('page_url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('audio_native_plays_project')
    .on('audio_native_plays')
    .columns(['project_id', 'page_url'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audio_native_plays').execute()
  await db.schema.dropTable('audio_native_projects').execute()
}
