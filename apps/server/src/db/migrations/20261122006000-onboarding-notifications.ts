import { type Kysely, sql } from 'kysely'

// Per-user onboarding: the checklist (its id, hidden, marked complete), the completion of each
// item (one row per item, recording how it was detected), and the survey answered after
// sign-up. Notifications: messages for one user with their read state; a producer that must
// not repeat itself names the occasion in `dedupe_key`.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('onboarding_states')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('checklist_id', 'text')
    .addColumn('checklist_initiated_at', 'timestamptz')
    .addColumn('checklist_hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('checklist_completed_at', 'timestamptz')
    .addColumn('survey', 'jsonb')
    .addColumn('survey_completed_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('onboarding_checklist_items')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('detected_by', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('onboarding_checklist_items_pk', ['user_id', 'item_id'])
    .addCheckConstraint('onboarding_checklist_items_detected_by', sql`detected_by in ('server', 'client')`)
    .execute()

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('needs_attention', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('dedupe_key', 'text')
    .addColumn('read_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('notifications_severity', sql`severity in ('info', 'success', 'warning', 'error')`)
    .execute()
  await db.schema
    .createIndex('notifications_user_created')
    .on('notifications')
    .columns(['user_id', 'created_at'])
    .execute()
  await sql`create unique index notifications_dedupe on notifications (user_id, dedupe_key)
    where dedupe_key is not null`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notifications').ifExists().execute()
  await db.schema.dropTable('onboarding_checklist_items').ifExists().execute()
  await db.schema.dropTable('onboarding_states').ifExists().execute()
}
