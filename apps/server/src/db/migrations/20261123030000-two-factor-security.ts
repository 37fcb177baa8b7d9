import { type Kysely, sql } from 'kysely'

// Two-factor sign-in (authenticator secrets sealed at rest, single-use backup codes, the
// short-lived second-step tokens, wrong-code counting), the workspace security settings
// (MFA requirement, session inactivity timeout), session activity for that timeout, and the
// record a deleted account leaves so its sign-in can say so.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('workspaces')
    .addColumn('mfa_required_for_users', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('session_inactivity_timeout', 'integer')
    .execute()

  await db.schema
    .createTable('user_totp')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('last_used_step', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('user_backup_codes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addPrimaryKeyConstraint('user_backup_codes_pk', ['user_id', 'code_hash'])
    .execute()

  await db.schema
    .createTable('mfa_challenges')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('mfa_failures')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('mfa_failures_user_at').on('mfa_failures').columns(['user_id', 'at']).execute()

  await db.schema
    .createTable('session_activity')
    .addColumn('session_id', 'text', (c) => c.primaryKey().references('sessions.id').onDelete('cascade'))
    .addColumn('last_active_at', 'timestamptz', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('deleted_accounts')
    .addColumn('email_lower', 'text', (c) => c.primaryKey())
    .addColumn('password_hash', 'text')
    .addColumn('deleted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deleted_accounts').execute()
  await db.schema.dropTable('session_activity').execute()
  await db.schema.dropTable('mfa_failures').execute()
  await db.schema.dropTable('mfa_challenges').execute()
  await db.schema.dropTable('user_backup_codes').execute()
  await db.schema.dropTable('user_totp').execute()
  await db.schema
    .alterTable('workspaces')
    .dropColumn('session_inactivity_timeout')
    .dropColumn('mfa_required_for_users')
    .execute()
}
