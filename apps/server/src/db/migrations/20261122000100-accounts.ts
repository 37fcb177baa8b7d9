import { type Kysely, sql } from 'kysely'

// Users with their metadata and auth accounts, workspaces with their subscription,
// sessions, action codes, API keys and the mail outbox.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('workspaces')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('subscriptions')
    .addColumn('workspace_id', 'text', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
    .addColumn('tier', 'text', (c) => c.notNull().defaultTo('free'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('free'))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('usd'))
    .addColumn('billing_period', 'text', (c) => c.notNull().defaultTo('monthly_period'))
    .addColumn('character_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('character_limit', 'bigint', (c) => c.notNull())
    .addColumn('period_started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('next_reset_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('subscriptions_count_nonnegative', sql`character_count >= 0`)
    .execute()

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('first_name', 'text')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id'))
    .addColumn('public_user_id', 'text', (c) => c.notNull().unique())
    .addColumn('is_onboarding_completed', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_onboarding_checklist_completed', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_producer', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('invite_code', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create unique index users_email_lower on users (lower(email))`.execute(db)

  await db.schema
    .createTable('workspace_members')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('enabled'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('workspace_members_pk', ['workspace_id', 'user_id'])
    .execute()

  await db.schema
    .createTable('auth_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull().defaultTo('password'))
    .addColumn('password_hash', 'text')
    .addColumn('locale', 'text')
    .addColumn('ccpa_opt_out', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('password_changed_at', 'timestamptz')
    .execute()

  await db.schema
    .createTable('account_metadata')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('agrees_to_product_updates', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('accepted_bipa_terms', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('geo_location', 'jsonb')
    .addColumn('opt_out_updates_key', 'text', (c) => c.notNull().unique())
    .execute()

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('access_token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('refresh_token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('access_expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('refresh_expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('action_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('sign_in_failures')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('sign_in_failures_email_at')
    .on('sign_in_failures')
    .columns(['email', 'at'])
    .execute()

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('hint', 'text', (c) => c.notNull())
    .addColumn('permissions', sql`text[]`)
    .addColumn('character_limit', 'bigint')
    .addColumn('character_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('is_disabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('api_keys_user').on('api_keys').column('user_id').execute()

  await db.schema
    .createTable('outbox_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'outbox_messages',
    'api_keys',
    'sign_in_failures',
    'action_codes',
    'sessions',
    'account_metadata',
    'auth_accounts',
    'workspace_members',
    'users',
    'subscriptions',
    'workspaces',
  ]) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
