import { type Kysely, sql } from 'kysely'

// Studio projects (books, articles, podcasts) of a workspace and their chapters. A chapter's
// text is its ordered blocks (headings and paragraphs, each with the voice that reads it) as
// JSON, edited as a whole; `version` counts every change, so a save based on an older version
// is refused instead of overwriting someone else's edit.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('studio_projects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('metadata', 'jsonb', (c) => c.notNull())
    .addColumn('default_title_voice_id', 'text', (c) => c.notNull())
    .addColumn('default_paragraph_voice_id', 'text', (c) => c.notNull())
    .addColumn('default_model_id', 'text', (c) => c.notNull())
    .addColumn('source_type', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('default'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_conversion_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('studio_projects_workspace')
    .on('studio_projects')
    .columns(['workspace_id', 'created_at'])
    .execute()

  await db.schema
    .createTable('studio_chapters')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('studio_projects.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('blocks', 'jsonb', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('default'))
    .addColumn('conversion_progress', 'real')
    .addColumn('last_conversion_error', 'text')
    .addColumn('last_conversion_at', 'timestamptz')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('studio_chapters_project')
    .on('studio_chapters')
    .columns(['project_id', 'position'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('studio_chapters').execute()
  await db.schema.dropTable('studio_projects').execute()
}
