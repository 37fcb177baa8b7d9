import { type Kysely, sql } from 'kysely'

// Studio exports as jobs: one row per export of a project or chapter (MP3, WAV, M4B) with its
// percent and, once done, the file in storage; a running export names the worker run holding it
// and is taken over after a crash, as conversions are.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('studio_exports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('studio_projects.id').onDelete('cascade'))
    .addColumn('chapter_id', 'text', (c) => c.references('studio_chapters.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('worker_token', 'text')
    .addColumn('storage_key', 'text')
    .addColumn('file_name', 'text')
    .addColumn('content_type', 'text')
    .addColumn('size_bytes', 'integer')
    .addColumn('loudness', 'jsonb')
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('studio_exports_project')
    .on('studio_exports')
    .columns(['project_id', 'created_at'])
    .execute()
  await db.schema
    .createIndex('studio_exports_active')
    .on('studio_exports')
    .columns(['status', 'updated_at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('studio_exports').execute()
}
