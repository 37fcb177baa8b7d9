import { type Kysely, sql } from 'kysely'

// Consent and privacy: where a user was last seen (for the location rules), the terms versions
// the operator publishes and who accepted which, each workspace's training opt-out, pending
// email changes and their revert codes, public user names and the alpha access list.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('consent_locations')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade').primaryKey())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('terms_versions')
    .addColumn('version', 'text', (c) => c.primaryKey())
    .addColumn('published_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('terms_acceptances')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('policy', 'text', (c) => c.notNull())
    .addColumn('country', 'text')
    .addColumn('region', 'text')
    .addColumn('accepted_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('terms_acceptances_pk', ['user_id', 'version'])
    .execute()
  await db.schema
    .createTable('workspace_training_opt_outs')
    .addColumn('workspace_id', 'text', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
    .addColumn('opted_out', 'boolean', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('email_changes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade').primaryKey())
    .addColumn('new_email', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('email_reverts')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('old_email', 'text', (c) => c.notNull())
    .addColumn('new_email', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()
  await db.schema
    .createTable('public_user_names')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade').primaryKey())
    .addColumn('public_user_name', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await sql`create unique index public_user_names_lower on public_user_names (lower(public_user_name))`.execute(
    db,
  )
  await db.schema
    .createTable('alpha_access_emails')
    .addColumn('email_lower', 'text', (c) => c.primaryKey())
    .addColumn('granted_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('alpha_access_requests')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade').primaryKey())
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'alpha_access_requests',
    'alpha_access_emails',
    'public_user_names',
    'email_reverts',
    'email_changes',
    'workspace_training_opt_outs',
    'terms_acceptances',
    'terms_versions',
    'consent_locations',
  ])
    await db.schema.dropTable(table).execute()
}
