import { type Kysely, sql } from 'kysely'

// - `sessions.workspace_id`: a session opened by a workspace's single sign-on is held to that
//   workspace (null: a session of the whole account, opened with the password).
// - `mfa_challenges.workspace_id`: the same holding, carried across the second sign-in step.
// - `promo_codes.max_redemptions` / `redemptions`: an optional cap on how often a code may be
//   redeemed, counted in the same statement that checks it.
// - `promo_code_redemptions`: who redeemed which code; a code is redeemed once per workspace and
//   once per person.
// - `promo_attempts`: promo code checks, counted per account and per client address.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('workspace_id', 'text', (c) => c.references('workspaces.id').onDelete('cascade'))
    .execute()
  await db.schema
    .alterTable('mfa_challenges')
    .addColumn('workspace_id', 'text', (c) => c.references('workspaces.id').onDelete('cascade'))
    .execute()
  await db.schema
    .alterTable('promo_codes')
    .addColumn('max_redemptions', 'integer')
    .addColumn('redemptions', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`alter table promo_codes add constraint promo_codes_redemptions_capped
    check (max_redemptions is null or max_redemptions >= 1)`.execute(db)
  await db.schema
    .createTable('promo_code_redemptions')
    .addColumn('code', 'text', (c) => c.notNull().references('promo_codes.code').onDelete('cascade'))
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('redeemed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('promo_code_redemptions_pkey', ['code', 'workspace_id'])
    .addUniqueConstraint('promo_code_redemptions_per_user', ['code', 'user_id'])
    .execute()
  await db.schema
    .createTable('promo_attempts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('client_address', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('promo_attempts_user').on('promo_attempts').columns(['user_id', 'at']).execute()
  await db.schema
    .createIndex('promo_attempts_address')
    .on('promo_attempts')
    .columns(['client_address', 'at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('promo_attempts').execute()
  await db.schema.dropTable('promo_code_redemptions').execute()
  await db.schema.alterTable('promo_codes').dropConstraint('promo_codes_redemptions_capped').execute()
  await db.schema.alterTable('promo_codes').dropColumn('max_redemptions').dropColumn('redemptions').execute()
  await db.schema.alterTable('mfa_challenges').dropColumn('workspace_id').execute()
  await db.schema.alterTable('sessions').dropColumn('workspace_id').execute()
}
