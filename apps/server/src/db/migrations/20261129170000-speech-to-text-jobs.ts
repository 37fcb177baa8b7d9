import { type Kysely, sql } from 'kysely'

// Speech to text as background jobs: one row per file asked for with `webhook` (or from the web
// app's upload), held by one run at a time, from queued to done or failed, with its percent,
// its attempts and what its webhook delivery needs.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('speech_to_text_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('api_key_id', 'text')
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('worker_token', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('upload_key', 'text', (c) => c.notNull())
    .addColumn('options', 'jsonb', (c) => c.notNull())
    .addColumn('webhook', 'boolean', (c) => c.notNull())
    .addColumn('webhook_id', 'text')
    .addColumn('webhook_metadata', 'jsonb')
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('speech_to_text_jobs_workspace_status')
    .on('speech_to_text_jobs')
    .columns(['workspace_id', 'status'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('speech_to_text_jobs').execute()
}
