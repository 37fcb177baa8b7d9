import { type Kysely, sql } from 'kysely'

// Metered requests (one row per generation, written in batches off the request path) and the
// audit log of admin actions. Both are read per workspace and time, newest first.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('request_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // No foreign key: a row is written after its request, possibly after the workspace went.
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('api_key_id', 'text')
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('product', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('model_id', 'text')
    .addColumn('resource_id', 'text')
    .addColumn('resource_name', 'text')
    .addColumn('group_ids', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('request_queue', 'text', (c) => c.notNull())
    .addColumn('request_source', 'text', (c) => c.notNull())
    .addColumn('characters', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ttfb_ms', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('concurrency', 'integer', (c) => c.notNull().defaultTo(1))
    // success, failed (broke off after it began), refused (quota, concurrency, size)
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error_code', 'text')
    .addColumn('http_method', 'text')
    .addColumn('http_path', 'text')
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('request_events_workspace_time')
    .on('request_events')
    .columns(['workspace_id', 'started_at'])
    .execute()

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('time', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .addColumn('activity', 'text', (c) => c.notNull())
    .addColumn('class_uid', 'integer', (c) => c.notNull())
    .addColumn('activity_id', 'integer', (c) => c.notNull())
    .addColumn('actor_user_id', 'text')
    .addColumn('actor_email', 'text')
    // api_key, access_token, cookie
    .addColumn('actor_via', 'text')
    .addColumn('actor_api_key_id', 'text')
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('http_method', 'text')
    .addColumn('http_path', 'text')
    .execute()
  await db.schema
    .createIndex('audit_log_workspace_time')
    .on('audit_log')
    .columns(['workspace_id', 'time'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute()
  await db.schema.dropTable('request_events').execute()
}
