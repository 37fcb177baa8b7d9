import { type Kysely, sql } from 'kysely'

// Agent tests and their folders, and test invocations: one row per run of a set of tests on an
// agent, held by one job run at a time (queued, running, done or cancelled), with one row per
// test run inside it (pending, running, passed, failed or cancelled) and what the agent said.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('convai_test_folders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text', (c) => c.references('convai_test_folders.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createTable('convai_tests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('folder_id', 'text', (c) => c.references('convai_test_folders.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('definition', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('convai_tests_workspace').on('convai_tests').columns(['workspace_id']).execute()
  await db.schema
    .createTable('convai_test_invocations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('agent_id', 'text', (c) => c.notNull())
    .addColumn('branch_id', 'text')
    .addColumn('folder_id', 'text')
    .addColumn('repeat_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('config_override', 'jsonb')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('worker_token', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('convai_test_invocations_workspace')
    .on('convai_test_invocations')
    .columns(['workspace_id', 'created_at'])
    .execute()
  await db.schema
    .createTable('convai_test_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('invocation_id', 'text', (c) =>
      c.notNull().references('convai_test_invocations.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('test_id', 'text', (c) => c.notNull())
    .addColumn('test_name', 'text', (c) => c.notNull())
    .addColumn('test_type', 'text', (c) => c.notNull())
    .addColumn('test_info', 'jsonb', (c) => c.notNull())
    .addColumn('root_folder_id', 'text')
    .addColumn('root_folder_name', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('agent_responses', 'jsonb')
    .addColumn('condition_result', 'jsonb')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('convai_test_runs_invocation')
    .on('convai_test_runs')
    .columns(['invocation_id', 'position'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('convai_test_runs').execute()
  await db.schema.dropTable('convai_test_invocations').execute()
  await db.schema.dropTable('convai_tests').execute()
  await db.schema.dropTable('convai_test_folders').execute()
}
