import { type Kysely, sql } from 'kysely'

// Speech to text: one row per finished transcript of a workspace.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('speech_to_text_transcripts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'text')
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('model_id', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('language_code', 'text', (c) => c.notNull())
    .addColumn('language_probability', 'double precision', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('words', 'jsonb', (c) => c.notNull())
    .addColumn('audio_duration_seconds', 'double precision', (c) => c.notNull())
    .addColumn('credits', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('speech_to_text_transcripts_workspace_created')
    .on('speech_to_text_transcripts')
    .columns(['workspace_id', 'created_at desc', 'id desc'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('speech_to_text_transcripts').execute()
}
