import { type Kysely, sql } from 'kysely'

// Requests a member sends to the workspace admins for a permission they were refused.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('permission_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('permission', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'granted', 'declined')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decided_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute()
  await sql`create unique index permission_requests_pending on permission_requests
    (workspace_id, user_id, permission) where status = 'pending'`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('permission_requests').execute()
}
