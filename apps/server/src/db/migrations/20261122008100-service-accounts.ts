import { type Kysely, sql } from 'kysely'

// Service accounts: a user of one workspace that owns API keys and never signs in.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('service_accounts')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('service_accounts_workspace')
    .on('service_accounts')
    .column('workspace_id')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('service_accounts').execute()
}
