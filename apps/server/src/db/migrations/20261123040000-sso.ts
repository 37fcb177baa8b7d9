import { type Kysely, sql } from 'kysely'

// Single sign-on per workspace: one identity provider (OIDC or SAML), the domains proved by a
// DNS TXT record, the workspace's SSO settings (SSO required, auto provisioning), the link from
// a provider's subject to a user, and the short-lived state of sign-ins under way.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sso_identity_providers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) =>
      c.notNull().unique().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('oidc', 'saml')`))
    .addColumn('name', 'text', (c) => c.notNull())
    // OIDC: the issuer URL; SAML: the identity provider's entity id.
    .addColumn('issuer', 'text', (c) => c.notNull())
    // OIDC: the client id; SAML: the entity id this site presents (audience).
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('client_secret_sealed', 'text')
    .addColumn('sso_url', 'text')
    .addColumn('certificates', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('domains', sql`text[]`, (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('sso_domains')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('verification_code', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'passed', 'unknown')`),
    )
    .addColumn('last_error', 'text')
    .addColumn('last_checked_at', 'timestamptz')
    .addColumn('verified_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create unique index sso_domains_workspace_domain on sso_domains (workspace_id, domain)`.execute(
    db,
  )
  // A domain proved by one workspace cannot be proved by another.
  await sql`create unique index sso_domains_passed on sso_domains (domain) where status = 'passed'`.execute(
    db,
  )

  await db.schema
    .createTable('sso_settings')
    .addColumn('workspace_id', 'text', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
    .addColumn('sso_required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('auto_provisioning_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('auto_provisioning_enabled_at', 'timestamptz')
    .addColumn('auto_provisioning_enabled_by', 'text')
    .execute()

  await db.schema
    .createTable('sso_identities')
    .addColumn('provider_id', 'text', (c) =>
      c.notNull().references('sso_identity_providers.id').onDelete('cascade'),
    )
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('sso_identities_pk', ['provider_id', 'subject'])
    .execute()

  // A sign-in under way: the state sent to the provider and what proves the answer is ours
  // (PKCE verifier and nonce for OIDC, the request id for SAML). Used once.
  await db.schema
    .createTable('sso_sign_in_states')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider_id', 'text', (c) =>
      c.notNull().references('sso_identity_providers.id').onDelete('cascade'),
    )
    .addColumn('code_verifier', 'text')
    .addColumn('nonce', 'text')
    .addColumn('request_id', 'text')
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('continue_path', 'text')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('sso_sign_in_states_request')
    .on('sso_sign_in_states')
    .column('request_id')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sso_sign_in_states').execute()
  await db.schema.dropTable('sso_identities').execute()
  await db.schema.dropTable('sso_settings').execute()
  await db.schema.dropTable('sso_domains').execute()
  await db.schema.dropTable('sso_identity_providers').execute()
}
