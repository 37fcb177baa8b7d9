import type { Kysely } from 'kysely'

// Who is editing a Studio project: one browser at a time holds a lease it renews while open; a
// lease not renewed runs out, and the next editor takes it over.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('studio_editor_leases')
    .addColumn('project_id', 'text', (c) =>
      c.primaryKey().references('studio_projects.id').onDelete('cascade'),
    )
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('studio_editor_leases').execute()
}
