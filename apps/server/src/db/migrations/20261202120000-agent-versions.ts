import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely'

// Agent versions: immutable snapshots of an agent's configuration on a branch, one uncommitted
// draft per branch, and the deployments that split live traffic across branches. Conversations
// record the branch and version they ran.
export async function up(db: Kysely<unknown>): Promise<void> {
  const agent = (c: ColumnDefinitionBuilder) => c.notNull().references('convai_agents.id').onDelete('cascade')
  await db.schema
    .createTable('convai_agent_branches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('agent_id', 'text', agent)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_main', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('parent_branch_id', 'text')
    .addColumn('is_archived', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('protection_status', 'text')
    .addColumn('auto_rebase', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('merged_into_branch_id', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_committed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('convai_agent_branches_name')
    .on('convai_agent_branches')
    .columns(['agent_id', 'name'])
    .unique()
    .execute()
  await db.schema
    .createTable('convai_agent_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('agent_id', 'text', agent)
    .addColumn('branch_id', 'text', (c) =>
      c.notNull().references('convai_agent_branches.id').onDelete('cascade'),
    )
    .addColumn('seq_no_in_branch', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('snapshot', 'jsonb', (c) => c.notNull())
    .addColumn('parents', 'jsonb', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('convai_agent_versions_seq')
    .on('convai_agent_versions')
    .columns(['branch_id', 'seq_no_in_branch'])
    .unique()
    .execute()
  await db.schema
    .createTable('convai_agent_drafts')
    .addColumn('branch_id', 'text', (c) =>
      c.primaryKey().references('convai_agent_branches.id').onDelete('cascade'),
    )
    .addColumn('agent_id', 'text', agent)
    .addColumn('base_version_id', 'text', (c) => c.notNull())
    .addColumn('snapshot', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createTable('convai_agent_deployments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('agent_id', 'text', agent)
    .addColumn('traffic', 'jsonb', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('deployed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('convai_agent_deployments_agent')
    .on('convai_agent_deployments')
    .columns(['agent_id', 'deployed_at'])
    .execute()
  await db.schema
    .alterTable('convai_conversations')
    .addColumn('branch_id', 'text')
    .addColumn('version_id', 'text')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('convai_conversations')
    .dropColumn('version_id')
    .dropColumn('branch_id')
    .execute()
  await db.schema.dropTable('convai_agent_deployments').execute()
  await db.schema.dropTable('convai_agent_drafts').execute()
  await db.schema.dropTable('convai_agent_versions').execute()
  await db.schema.dropTable('convai_agent_branches').execute()
}
