import { sql, type Transaction } from 'kysely'
import type { Database } from '../../../db/database.js'
import type { DB } from '../../../db/schema.js'
import { createGroupMembersRepository } from './group-members.repository.js'

type Executor = Database | Transaction<DB>

/** Groups of a workspace, their members and permissions. */
export function createGroupsRepository(db: Database) {
  return {
    ...createGroupMembersRepository(db),

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
  }
}

export type GroupsRepository = ReturnType<typeof createGroupsRepository>
