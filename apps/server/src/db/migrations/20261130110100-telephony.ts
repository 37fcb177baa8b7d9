import { type Kysely, sql } from 'kysely'

// Phone numbers (Twilio or a SIP trunk; their secrets sealed) and batch calls: one row per
// batch, held by one dispatch run at a time, and one row per recipient with its call.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('convai_phone_numbers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('agent_id', 'text')
    .addColumn('supports_inbound', 'boolean', (c) => c.notNull())
    .addColumn('supports_outbound', 'boolean', (c) => c.notNull())
    .addColumn('config', 'jsonb', (c) => c.notNull())
    .addColumn('secrets_sealed', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('convai_phone_numbers_number', ['workspace_id', 'phone_number'])
    .execute()
  await db.schema
    .createTable('convai_batch_calls')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('agent_id', 'text', (c) => c.notNull())
    .addColumn('agent_name', 'text', (c) => c.notNull())
    .addColumn('phone_number_id', 'text', (c) => c.notNull())
    .addColumn('phone_provider', 'text', (c) => c.notNull())
    .addColumn('scheduled_at', 'timestamptz', (c) => c.notNull())
    .addColumn('timezone', 'text')
    .addColumn('concurrency', 'integer', (c) => c.notNull())
    .addColumn('retry_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('worker_token', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('convai_batch_calls_workspace')
    .on('convai_batch_calls')
    .columns(['workspace_id', 'created_at'])
    .execute()
  await db.schema
    .createTable('convai_batch_recipients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('batch_id', 'text', (c) => c.notNull().references('convai_batch_calls.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('client_data', 'jsonb')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('call_sid', 'text')
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('convai_batch_recipients_batch')
    .on('convai_batch_recipients')
    .columns(['batch_id', 'position'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('convai_batch_recipients').execute()
  await db.schema.dropTable('convai_batch_calls').execute()
  await db.schema.dropTable('convai_phone_numbers').execute()
}
