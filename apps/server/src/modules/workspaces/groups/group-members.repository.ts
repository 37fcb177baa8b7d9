import type { Transaction } from 'kysely'
import type { Database } from '../../../db/database.js'
import type { DB } from '../../../db/schema.js'

type Executor = Database | Transaction<DB>

// SQL for who belongs to which group, and what their groups grant them.

export function createGroupMembersRepository(db: Database) {
  return {
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
