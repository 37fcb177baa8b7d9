import { type Kysely, sql } from 'kysely'

// A Studio project's cast: the characters found speaking in its text and the voice each one
// (and the narrator, under the reserved id `narrator`) reads with.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('studio_cast')
    .addColumn('project_id', 'text', (c) => c.notNull().references('studio_projects.id').onDelete('cascade'))
    .addColumn('character_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('voice_id', 'text')
    .addColumn('lines', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('studio_cast_pk', ['project_id', 'character_id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('studio_cast').execute()
}
