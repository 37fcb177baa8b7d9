import { type Kysely, sql } from 'kysely'

// Workspace secrets (API tokens and the like that agents and tools will use): a name unique in
// the workspace and the value sealed with the server's secret key; the value is never read back.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('workspace_secrets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value_sealed', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('workspace_secrets_name')
    .on('workspace_secrets')
    .columns(['workspace_id', 'name'])
    .unique()
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('workspace_secrets').execute()
}
