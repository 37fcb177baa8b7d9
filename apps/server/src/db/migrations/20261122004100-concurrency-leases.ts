import { type Kysely, sql } from 'kysely'

// A workspace's running generations, shared by every API replica: one row per held slot. A row
// whose `expires_at` has passed belongs to a process that stopped renewing it (crashed or cut
// off) and no longer counts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('concurrency_leases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('concurrency_leases_workspace')
    .on('concurrency_leases')
    .columns(['workspace_id', 'expires_at'])
    .execute()
  await db.schema
    .createIndex('concurrency_leases_expires')
    .on('concurrency_leases')
    .column('expires_at')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('concurrency_leases').ifExists().execute()
}
