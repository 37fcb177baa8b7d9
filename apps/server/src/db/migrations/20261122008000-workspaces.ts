import { type Kysely, sql } from 'kysely'

// Workspaces with several members: pending invites (each holds a seat), groups with their
// permissions (one Everyone group per workspace), group members and resource grants; the
// workspace setting that limits sharing to admins.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('workspaces')
    .addColumn('sharing_limited_to_admins', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute()
  await sql`alter table workspace_members add constraint workspace_members_role
    check (role in ('admin', 'member'))`.execute(db)
  await sql`alter table workspace_members add constraint workspace_members_state
    check (state in ('enabled', 'disabled', 'locked'))`.execute(db)
  await db.schema.createIndex('workspace_members_user').on('workspace_members').column('user_id').execute()

  await db.schema
    .createTable('workspace_invites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'member')`))
    .addColumn('group_ids', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await sql`create unique index workspace_invites_email on workspace_invites (workspace_id, lower(email))`.execute(
    db,
  )

  await db.schema
    .createTable('workspace_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_everyone', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('permissions', sql`text[]`, (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create unique index workspace_groups_name on workspace_groups (workspace_id, lower(name))`.execute(
    db,
  )
  await sql`create unique index workspace_groups_everyone on workspace_groups (workspace_id) where is_everyone`.execute(
    db,
  )

  await db.schema
    .createTable('workspace_group_members')
    .addColumn('group_id', 'text', (c) => c.notNull().references('workspace_groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('workspace_group_members_pk', ['group_id', 'user_id'])
    .execute()

  await db.schema
    .createTable('workspace_resource_grants')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('resource_type', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'text', (c) => c.notNull())
    .addColumn('principal_type', 'text', (c) => c.notNull().check(sql`principal_type in ('user', 'group')`))
    .addColumn('principal_id', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('workspace_resource_grants_pk', [
      'workspace_id',
      'resource_type',
      'resource_id',
      'principal_type',
      'principal_id',
    ])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('workspace_resource_grants').execute()
  await db.schema.dropTable('workspace_group_members').execute()
  await db.schema.dropTable('workspace_groups').execute()
  await db.schema.dropTable('workspace_invites').execute()
  await db.schema.dropIndex('workspace_members_user').execute()
  await sql`alter table workspace_members drop constraint workspace_members_state`.execute(db)
  await sql`alter table workspace_members drop constraint workspace_members_role`.execute(db)
  await db.schema.alterTable('workspaces').dropColumn('sharing_limited_to_admins').execute()
}
