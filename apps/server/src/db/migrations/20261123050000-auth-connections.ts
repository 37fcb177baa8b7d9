import { type Kysely, sql } from 'kysely'

// Workspace auth connections (OAuth2 client credentials, mutual TLS) that webhooks use to
// authenticate to their receivers. Credentials are stored sealed; the rest is plain settings.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('auth_connections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('auth_type', 'text', (c) => c.notNull())
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('credentials_sealed', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('status_detail', 'text')
    .addColumn('status_updated_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('auth_connections_workspace')
    .on('auth_connections')
    .column('workspace_id')
    .execute()
  // A connection in use by a webhook cannot be deleted (restrict), so a webhook never loses its auth.
  await db.schema
    .alterTable('webhooks')
    .addColumn('auth_connection_id', 'text', (c) => c.references('auth_connections.id').onDelete('restrict'))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhooks').dropColumn('auth_connection_id').execute()
  await db.schema.dropTable('auth_connections').execute()
}
