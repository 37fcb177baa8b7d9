import { type Kysely, sql } from 'kysely'

// The transcript editor: per transcript, its kept audio and waveform, the version every save
// checks, speaker names and segment boundaries. Removing the transcript removes the row.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('speech_to_text_transcript_edits')
    .addColumn('transcript_id', 'text', (c) =>
      c.primaryKey().references('speech_to_text_transcripts.id').onDelete('cascade'),
    )
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('audio_key', 'text')
    .addColumn('audio_bytes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('peaks', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('speaker_names', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('segment_starts', 'jsonb')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('speech_to_text_transcript_edits').execute()
}
