import { sql, type Transaction } from 'kysely'
import type { Database } from '../../../db/database.js'
import type { DB } from '../../../db/schema.js'

type Executor = Database | Transaction<DB>

/** Groups of a workspace, their members and permissions. */
export function createGroupsRepository(db: Database) {
  return {
    transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      return db.transaction().execute(fn)
    },

    /** The Everyone group exists from the first time anyone asks for it. */
    async ensureEveryone(
      executor: Executor,
      group: { id: string; workspaceId: string; name: string; permissions: string[] },
    ): Promise<void> {
      await executor
        .insertInto('workspace_groups')
        .values({
          id: group.id,
          workspace_id: group.workspaceId,
          name: group.name,
          is_everyone: true,
          permissions: group.permissions,
          new_resource_editor: true,
        })
        .onConflict((oc) => oc.doNothing())
        .execute()
    },

    listGroups(workspaceId: string) {
      return db
        .selectFrom('workspace_groups')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .orderBy('is_everyone', 'desc')
        .orderBy('created_at')
        .execute()
    },

    findGroup(executor: Executor | undefined, workspaceId: string, groupId: string) {
      return (executor ?? db)
        .selectFrom('workspace_groups')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', groupId)
        .executeTakeFirst()
    },

    findEveryone(executor: Executor, workspaceId: string) {
      return executor
        .selectFrom('workspace_groups')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('is_everyone', '=', true)
        .executeTakeFirst()
    },

    findGroupByName(executor: Executor, workspaceId: string, name: string) {
      return executor
        .selectFrom('workspace_groups')
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .where(sql<string>`lower(name)`, '=', name.toLowerCase())
        .executeTakeFirst()
    },

    searchByName(workspaceId: string, name: string) {
      const pattern = `%${name.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      return db
        .selectFrom('workspace_groups')
        .select(['id', 'name', 'is_everyone'])
        .where('workspace_id', '=', workspaceId)
        .where(sql<string>`lower(name)`, 'like', pattern)
        .orderBy('created_at')
        .execute()
    },

    /** Emails of each group's explicit members (the Everyone group has none stored). */
    async memberEmails(workspaceId: string): Promise<Map<string, string[]>> {
      const rows = await db
        .selectFrom('workspace_group_members')
        .innerJoin('workspace_groups', 'workspace_groups.id', 'workspace_group_members.group_id')
        .innerJoin('users', 'users.id', 'workspace_group_members.user_id')
        .select(['workspace_group_members.group_id', 'users.email'])
        .where('workspace_groups.workspace_id', '=', workspaceId)
        .orderBy('users.email')
        .execute()
      const byGroup = new Map<string, string[]>()
      for (const row of rows) byGroup.set(row.group_id, [...(byGroup.get(row.group_id) ?? []), row.email])
      return byGroup
    },

    async insertGroup(
      trx: Transaction<DB>,
      group: {
        id: string
        workspaceId: string
        name: string
        permissions: string[]
        newResourceEditor: boolean
      },
    ): Promise<void> {
      await trx
        .insertInto('workspace_groups')
        .values({
          id: group.id,
          workspace_id: group.workspaceId,
          name: group.name,
          permissions: group.permissions,
          new_resource_editor: group.newResourceEditor,
        })
        .execute()
    },

    async updateGroup(
      trx: Transaction<DB>,
      groupId: string,
      patch: { name?: string; permissions?: string[]; new_resource_editor?: boolean },
    ): Promise<void> {
      if (Object.keys(patch).length === 0) return
      await trx.updateTable('workspace_groups').set(patch).where('id', '=', groupId).execute()
    },

    async deleteGroup(trx: Transaction<DB>, workspaceId: string, groupId: string): Promise<void> {
      await trx
        .deleteFrom('workspace_resource_grants')
        .where('workspace_id', '=', workspaceId)
        .where('principal_type', '=', 'group')
        .where('principal_id', '=', groupId)
        .execute()
      await trx.deleteFrom('workspace_groups').where('id', '=', groupId).execute()
    },

    async addMember(executor: Executor, groupId: string, userId: string): Promise<void> {
      await executor
        .insertInto('workspace_group_members')
        .values({ group_id: groupId, user_id: userId })
        .onConflict((oc) => oc.doNothing())
        .execute()
    },

    async removeMember(executor: Executor, groupId: string, userId: string): Promise<void> {
      await executor
        .deleteFrom('workspace_group_members')
        .where('group_id', '=', groupId)
        .where('user_id', '=', userId)
        .execute()
    },

    /** Ids of the groups of a workspace among the given ones. */
    async existingGroupIds(executor: Executor, workspaceId: string, ids: string[]): Promise<string[]> {
      if (ids.length === 0) return []
      const rows = await executor
        .selectFrom('workspace_groups')
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .where('id', 'in', ids)
        .where('is_everyone', '=', false)
        .execute()
      return rows.map((r) => r.id)
    },

    /**
     * The permissions a member's groups grant: the Everyone group's plus those of the groups
     * they belong to. `everyone` is false when the workspace has no Everyone group yet.
     */
    async grantedPermissions(
      workspaceId: string,
      userId: string,
    ): Promise<{ everyone: boolean; permissions: string[] }> {
      const rows = await db
        .selectFrom('workspace_groups')
        .select(['is_everyone', 'permissions'])
        .where('workspace_id', '=', workspaceId)
        .where((eb) =>
          eb.or([
            eb('is_everyone', '=', true),
            eb(
              'id',
              'in',
              eb.selectFrom('workspace_group_members').select('group_id').where('user_id', '=', userId),
            ),
          ]),
        )
        .execute()
      return {
        everyone: rows.some((r) => r.is_everyone),
        permissions: [...new Set(rows.flatMap((r) => r.permissions))],
      }
    },
  }
}

export type GroupsRepository = ReturnType<typeof createGroupsRepository>
