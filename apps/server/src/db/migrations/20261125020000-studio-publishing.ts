import { type Kysely, sql } from 'kysely'

// Studio publishing to this server's public reader page: one row per project with its public
// slug, the publish job's state and percent, the publisher's settings (image, full access) and
// the published version the public page serves (its chapters' audio files and metadata).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('studio_publications')
    .addColumn('project_id', 'text', (c) =>
      c.primaryKey().references('studio_projects.id').onDelete('cascade'),
    )
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('full_access', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('image', 'jsonb')
    .addColumn('run_id', 'text')
    .addColumn('requested_fingerprint', 'text')
    .addColumn('published', 'jsonb')
    .addColumn('published_fingerprint', 'text')
    .addColumn('published_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}
