import { type Kysely, sql } from 'kysely'

// Professional voice clones: the clone's flow state (draft, verification, training) beside its
// voices row, and its samples with their measurements, waveform and separated speakers.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pvc_voices')
    .addColumn('voice_id', 'text', (c) => c.primaryKey().references('voices.id').onDelete('cascade'))
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('captcha_text', 'text')
    .addColumn('verification_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('last_verification_distance', 'double precision')
    .addColumn('manual_verification', 'jsonb')
    .addColumn('training_requested', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('training_progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('training_error', 'text')
    .addColumn('model_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('pvc_voices_workspace').on('pvc_voices').column('workspace_id').execute()
  await db.schema
    .createTable('pvc_samples')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('voice_id', 'text', (c) => c.notNull().references('pvc_voices.voice_id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('duration_seconds', 'double precision', (c) => c.notNull())
    .addColumn('remove_background_noise', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('features', 'jsonb', (c) => c.notNull())
    .addColumn('waveform', 'jsonb', (c) => c.notNull())
    .addColumn('separation_status', 'text', (c) => c.notNull().defaultTo('not_started'))
    .addColumn('speakers', 'jsonb')
    .addColumn('selected_speaker_ids', 'jsonb')
    .addColumn('trim_start', 'double precision')
    .addColumn('trim_end', 'double precision')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('pvc_samples_voice').on('pvc_samples').column('voice_id').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pvc_samples').execute()
  await db.schema.dropTable('pvc_voices').execute()
}
