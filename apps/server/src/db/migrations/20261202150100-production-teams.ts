import { type Kysely, sql } from 'kysely'

// Producers' teams (a producer belongs to at most one; joined with the team's code) and the
// answers an applicant gave to the qualification questionnaires, with their score.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('production_teams')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('join_code', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('producers_team').on('producers').column('team_id').execute()
  await db.schema
    .alterTable('producer_applicants')
    .addColumn('questionnaire_answers', 'jsonb')
    .addColumn('questionnaire_score', 'integer')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('producer_applicants')
    .dropColumn('questionnaire_answers')
    .dropColumn('questionnaire_score')
    .execute()
  await db.schema.dropIndex('producers_team').ifExists().execute()
  await db.schema.dropTable('production_teams').ifExists().execute()
}
