import { type Kysely, sql } from 'kysely'

// Voice design and remix previews: each preview's voice recipe and its audio, kept for a
// limited time so it can be listened to again and turned into a voice.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('generated_voice_previews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'text')
    // The voice a remix started from; null for a design from a description.
    .addColumn('source_voice_id', 'text')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('definition', 'jsonb', (c) => c.notNull())
    .addColumn('media_type', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('duration_seconds', 'double precision', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('generated_voice_previews_expiry')
    .on('generated_voice_previews')
    .column('expires_at')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('generated_voice_previews').execute()
}
