import { type Kysely, sql } from 'kysely'

// Voices (premade and per-workspace), their samples, speech history with feedback and
// share links, and the credit ledger.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('voices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // null for premade voices, which every workspace sees.
    .addColumn('workspace_id', 'text', (c) => c.references('workspaces.id').onDelete('cascade'))
    .addColumn('owner_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('labels', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('language', 'text')
    /** The engine recipe (@timbre/speech VoiceDefinition). */
    .addColumn('definition', 'jsonb', (c) => c.notNull())
    /** Per-voice default voice_settings; null = the global defaults. */
    .addColumn('settings', 'jsonb')
    .addColumn('verified_languages', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('safety_control', 'text')
    .addColumn('sharing', 'jsonb')
    .addColumn('is_legacy', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('voices_workspace')
    .on('voices')
    .columns(['workspace_id', 'created_at'])
    .execute()

  await db.schema
    .createTable('voice_samples')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('voice_id', 'text', (c) => c.notNull().references('voices.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('duration_seconds', 'double precision')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('voice_samples_voice').on('voice_samples').column('voice_id').execute()

  /** Cached preview audio per voice and language (generated on first request). */
  await db.schema
    .createTable('voice_previews')
    .addColumn('voice_id', 'text', (c) => c.notNull().references('voices.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('voice_previews_pk', ['voice_id', 'language'])
    .execute()

  await db.schema
    .createTable('history_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('api_key_id', 'text')
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('voice_id', 'text', (c) => c.notNull())
    .addColumn('voice_name', 'text', (c) => c.notNull())
    .addColumn('voice_category', 'text', (c) => c.notNull())
    .addColumn('model_id', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('dialogue', 'jsonb')
    .addColumn('settings', 'jsonb')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('output_format', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('duration_seconds', 'double precision', (c) => c.notNull())
    .addColumn('character_count_change_from', 'bigint', (c) => c.notNull())
    .addColumn('character_count_change_to', 'bigint', (c) => c.notNull())
    .addColumn('alignment', 'jsonb')
    .addColumn('feedback', 'jsonb')
    .addColumn('share_token', 'text', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  // Cursor pagination newest first within a workspace (GET /v1/history).
  await sql`create index history_items_workspace_created on history_items (workspace_id, created_at desc, id desc)`.execute(
    db,
  )

  /**
   * The credit ledger: a debit is reserved before synthesis (so parallel requests cannot
   * overdraw), settled with the history item, or released when nothing was delivered.
   */
  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'text')
    .addColumn('api_key_id', 'text')
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('characters', 'bigint', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('history_item_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('credit_ledger_workspace')
    .on('credit_ledger')
    .columns(['workspace_id', 'created_at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['credit_ledger', 'history_items', 'voice_previews', 'voice_samples', 'voices']) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
