import { type Kysely, sql } from 'kysely'

// Studio conversion: a conversion job per request (chapters, optionally single blocks) with its
// percent; each block's generated audio with the hash of what it was made from and its lock;
// snapshots of converted chapters and projects; the project's pronunciation dictionaries.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('studio_projects')
    .addColumn('pronunciation_dictionary_locators', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute()
  await db.schema
    .alterTable('studio_chapters')
    .addColumn('conversion_state', 'text', (c) => c.notNull().defaultTo('not_converted'))
    .execute()

  await db.schema
    .createTable('studio_conversions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('studio_projects.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('api_key_id', 'text')
    .addColumn('chapter_ids', 'jsonb', (c) => c.notNull())
    .addColumn('block_ids', 'jsonb')
    .addColumn('whole_project', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('studio_conversions_project')
    .on('studio_conversions')
    .columns(['project_id', 'created_at'])
    .execute()

  await db.schema
    .createTable('studio_block_audio')
    .addColumn('chapter_id', 'text', (c) => c.notNull().references('studio_chapters.id').onDelete('cascade'))
    .addColumn('block_id', 'text', (c) => c.notNull())
    .addColumn('source_hash', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('duration_seconds', 'real', (c) => c.notNull())
    .addColumn('locked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('studio_block_audio_pk', ['chapter_id', 'block_id'])
    .execute()

  await db.schema
    .createTable('studio_snapshots')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('studio_projects.id').onDelete('cascade'))
    .addColumn('chapter_id', 'text', (c) => c.references('studio_chapters.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('duration_seconds', 'real', (c) => c.notNull())
    .addColumn('chapter_snapshot_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('studio_snapshots_project')
    .on('studio_snapshots')
    .columns(['project_id', 'chapter_id', 'created_at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('studio_snapshots').execute()
  await db.schema.dropTable('studio_block_audio').execute()
  await db.schema.dropTable('studio_conversions').execute()
  await db.schema.alterTable('studio_chapters').dropColumn('conversion_state').execute()
  await db.schema.alterTable('studio_projects').dropColumn('pronunciation_dictionary_locators').execute()
}
