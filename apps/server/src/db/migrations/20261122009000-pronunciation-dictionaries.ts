import { type Kysely, sql } from 'kysely'

// Pronunciation dictionaries of a workspace. Every change of rules writes a new immutable
// version (its rules as JSON), so a request that names a version_id always hears the same
// rules; the dictionary row points at its latest version. A workspace may name up to three
// dictionaries, in order, that apply when a speech request names none.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pronunciation_dictionaries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('archived_at', 'timestamptz')
    .addColumn('latest_version_id', 'text', (c) => c.notNull())
    .addColumn('latest_version_rules_num', 'integer', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('pronunciation_dictionaries_workspace')
    .on('pronunciation_dictionaries')
    .columns(['workspace_id', 'created_at'])
    .execute()

  await db.schema
    .createTable('pronunciation_dictionary_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('dictionary_id', 'text', (c) =>
      c.notNull().references('pronunciation_dictionaries.id').onDelete('cascade'),
    )
    .addColumn('version_number', 'integer', (c) => c.notNull())
    .addColumn('rules', 'jsonb', (c) => c.notNull())
    .addColumn('rules_num', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('pronunciation_dictionary_versions_number', ['dictionary_id', 'version_number'])
    .execute()

  await db.schema
    .createTable('workspace_pronunciation_defaults')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('dictionary_id', 'text', (c) =>
      c.notNull().references('pronunciation_dictionaries.id').onDelete('cascade'),
    )
    .addColumn('version_id', 'text')
    .addPrimaryKeyConstraint('workspace_pronunciation_defaults_pk', ['workspace_id', 'position'])
    .addCheckConstraint('workspace_pronunciation_defaults_position', sql`position between 0 and 2`)
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('workspace_pronunciation_defaults').execute()
  await db.schema.dropTable('pronunciation_dictionary_versions').execute()
  await db.schema.dropTable('pronunciation_dictionaries').execute()
}
