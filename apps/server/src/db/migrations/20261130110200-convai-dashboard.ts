import { type Kysely, sql } from 'kysely'

// The agents dashboard's custom charts, one list per workspace.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('convai_dashboard_settings')
    .addColumn('workspace_id', 'text', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
    .addColumn('charts', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('convai_dashboard_settings').execute()
}
