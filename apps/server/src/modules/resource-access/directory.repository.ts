import { EVERYONE_GROUP_NAME, GROUP_PERMISSIONS } from '@timbre/contract'
import { sql } from 'kysely'
import type { Database } from '../../db/database.js'
import { newId } from '../../lib/ids.js'

/**
 * What resource roles read of a workspace: its members, their roles and its groups. Reads only,
 * except the Everyone group, which exists before anything is shared with it (created the same
 * way the workspaces domain creates it, so either may come first).
 */
export function createDirectoryRepository(db: Database) {
  const lowerEmail = sql<string>`lower(users.email)`
  // Service accounts are workspace users too, but not members a resource is shared with by name.
  const notServiceAccount = sql<boolean>`not exists (select 1 from service_accounts
    where service_accounts.user_id = workspace_members.user_id)`

  function memberQuery(workspaceId: string) {
    return db
      .selectFrom('workspace_members')
      .innerJoin('users', 'users.id', 'workspace_members.user_id')
      .select(['workspace_members.user_id', 'users.email', 'users.first_name'])
      .where('workspace_members.workspace_id', '=', workspaceId)
      .where(notServiceAccount)
  }

  return {
    findWorkspace(workspaceId: string) {
      return db
        .selectFrom('workspaces')
        .select(['id', 'sharing_limited_to_admins'])
        .where('id', '=', workspaceId)
        .executeTakeFirst()
    },

    /** The caller's membership with the workspace's owner. */
    membership(workspaceId: string, userId: string) {
      return db
        .selectFrom('workspace_members')
        .innerJoin('workspaces', 'workspaces.id', 'workspace_members.workspace_id')
        .select(['workspace_members.role', 'workspace_members.state', 'workspaces.owner_id'])
        .where('workspace_members.workspace_id', '=', workspaceId)
        .where('workspace_members.user_id', '=', userId)
        .executeTakeFirst()
    },

    listMembers(workspaceId: string) {
      return memberQuery(workspaceId).orderBy('workspace_members.created_at').execute()
    },

    findMemberByEmail(workspaceId: string, email: string) {
      return memberQuery(workspaceId).where(lowerEmail, '=', email.toLowerCase()).executeTakeFirst()
    },

    listGroups(workspaceId: string) {
      return db
        .selectFrom('workspace_groups')
        .select(['id', 'name'])
        .where('workspace_id', '=', workspaceId)
        .orderBy('is_everyone', 'desc')
        .orderBy('created_at')
        .execute()
    },

    findGroup(workspaceId: string, groupId: string) {
      return db
        .selectFrom('workspace_groups')
        .select(['id'])
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', groupId)
        .executeTakeFirst()
    },

    /** The workspace's Everyone group, created with every permission when it is missing. */
    async ensureEveryone(workspaceId: string): Promise<{ id: string }> {
      await db
        .insertInto('workspace_groups')
        .values({
          id: newId(),
          workspace_id: workspaceId,
          name: EVERYONE_GROUP_NAME,
          is_everyone: true,
          permissions: [...GROUP_PERMISSIONS],
          new_resource_editor: true,
        })
        .onConflict((oc) => oc.doNothing())
        .execute()
      const row = await db
        .selectFrom('workspace_groups')
        .select(['id'])
        .where('workspace_id', '=', workspaceId)
        .where('is_everyone', '=', true)
        .executeTakeFirstOrThrow()
      return row
    },
  }
}

export type DirectoryRepository = ReturnType<typeof createDirectoryRepository>
