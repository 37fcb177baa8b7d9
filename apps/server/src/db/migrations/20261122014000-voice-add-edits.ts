import { type Kysely, sql } from 'kysely'

// Voice additions and sample edits, one row each: the monthly add/edit counter of a workspace
// is the number of rows since the start of the month.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('voice_add_edits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('voice_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('voice_add_edits_workspace_created')
    .on('voice_add_edits')
    .columns(['workspace_id', 'created_at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('voice_add_edits').execute()
}
