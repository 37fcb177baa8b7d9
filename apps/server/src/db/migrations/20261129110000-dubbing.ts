import { type Kysely, sql } from 'kysely'

// Dubbing: a dub (its source media, options, pipeline state and charge), the speakers found in
// it (with the voice each target language speaks them in), and their segments (the source text
// and times, and per target language the translation, its times and its dubbed clip).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dubbing_dubs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('api_key_id', 'text')
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('progress_message', 'text')
    .addColumn('worker_token', 'text')
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('source_lang', 'text', (c) => c.notNull())
    .addColumn('target_languages', 'jsonb', (c) => c.notNull())
    .addColumn('options', 'jsonb', (c) => c.notNull())
    .addColumn('media_key', 'text', (c) => c.notNull())
    .addColumn('media_content_type', 'text', (c) => c.notNull())
    .addColumn('media_file_name', 'text', (c) => c.notNull())
    .addColumn('is_video', 'boolean', (c) => c.notNull())
    .addColumn('duration_seconds', 'double precision', (c) => c.notNull())
    .addColumn('background_key', 'text')
    .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('free_edits_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('renders', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('editor_token', 'text')
    .addColumn('editor_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('dubbing_dubs_workspace')
    .on('dubbing_dubs')
    .columns(['workspace_id', 'created_at'])
    .execute()
  await db.schema
    .createTable('dubbing_speakers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('dub_id', 'text', (c) => c.notNull().references('dubbing_dubs.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('voices', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('features', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('dubbing_speakers_dub').on('dubbing_speakers').column('dub_id').execute()
  await db.schema
    .createTable('dubbing_segments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('dub_id', 'text', (c) => c.notNull().references('dubbing_dubs.id').onDelete('cascade'))
    .addColumn('speaker_id', 'text', (c) => c.notNull().references('dubbing_speakers.id').onDelete('cascade'))
    .addColumn('start_time', 'double precision', (c) => c.notNull())
    .addColumn('end_time', 'double precision', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('words', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('dubs', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('dubbing_segments_dub')
    .on('dubbing_segments')
    .columns(['dub_id', 'start_time'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dubbing_segments').execute()
  await db.schema.dropTable('dubbing_speakers').execute()
  await db.schema.dropTable('dubbing_dubs').execute()
}
