import { type Kysely, sql } from 'kysely'

// Conversational AI: agents (their configuration kept as the public API shapes it), the
// workspace's tools and MCP servers, per-workspace settings, and conversations with their
// transcripts. Configurations are JSON documents because the API's shape is deep and evolving;
// the columns that are searched or joined on (workspace, name, agent) are real columns.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('convai_agents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('tags', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('conversation_config', 'jsonb', (c) => c.notNull())
    .addColumn('platform_settings', 'jsonb', (c) => c.notNull())
    .addColumn('workflow', 'jsonb')
    .addColumn('archived', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('last_call_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('convai_agents_workspace')
    .on('convai_agents')
    .columns(['workspace_id', 'created_at'])
    .execute()

  await db.schema
    .createTable('convai_tools')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('tool_config', 'jsonb', (c) => c.notNull())
    .addColumn('response_mocks', 'jsonb')
    .addColumn('total_calls', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_latency_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('convai_tools_workspace').on('convai_tools').columns(['workspace_id']).execute()

  await db.schema
    .createTable('convai_mcp_servers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('config', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('convai_mcp_servers_workspace')
    .on('convai_mcp_servers')
    .columns(['workspace_id'])
    .execute()

  await db.schema
    .createTable('convai_settings')
    .addColumn('workspace_id', 'text', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
    .addColumn('settings', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('convai_conversations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('agent_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('transcript', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('client_data', 'jsonb')
    .addColumn('analysis', 'jsonb')
    .addColumn('feedback', 'text')
    .addColumn('audio_key', 'text')
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ended_at', 'timestamptz')
    .addColumn('heartbeat_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('convai_conversations_workspace')
    .on('convai_conversations')
    .columns(['workspace_id', 'started_at'])
    .execute()
  await db.schema
    .createIndex('convai_conversations_agent')
    .on('convai_conversations')
    .columns(['agent_id', 'started_at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'convai_conversations',
    'convai_settings',
    'convai_mcp_servers',
    'convai_tools',
    'convai_agents',
  ])
    await db.schema.dropTable(table).execute()
}
