import { sql, type Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import { createInvitesRepository } from './invites.repository.js'
import { createMembersRepository } from './members.repository.js'

type Executor = Database | Transaction<DB> | undefined

/**
 * Workspaces, ownership and the current workspace of each user, with the members and invites
 * repositories composed in, so the workspace services see one repository.
 */
export function createWorkspacesRepository(db: Database) {
  return {
    ...createInvitesRepository(db),
    ...createMembersRepository(db),
    transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      return db.transaction().execute(fn)
    },

    /** Locks the workspace row so seat counts and ownership change one request at a time. */
    async lockWorkspace(trx: Transaction<DB>, workspaceId: string) {
      return trx
        .selectFrom('workspaces')
        .select(['id', 'name', 'owner_id', 'sharing_limited_to_admins'])
        .where('id', '=', workspaceId)
        .forUpdate()
        .executeTakeFirst()
    },

    findWorkspace(workspaceId: string) {
      return db
        .selectFrom('workspaces')
        .select(['id', 'name', 'owner_id', 'sharing_limited_to_admins'])
        .where('id', '=', workspaceId)
        .executeTakeFirst()
    },

    /** The caller's membership with the workspace's owner, for every authenticated request. */
    membership(workspaceId: string, userId: string, executor: Executor = db) {
      return (executor ?? db)
        .selectFrom('workspace_members')
        .innerJoin('workspaces', 'workspaces.id', 'workspace_members.workspace_id')
        .select([
          'workspace_members.workspace_id',
          'workspace_members.role',
          'workspace_members.state',
          'workspaces.owner_id',
        ])
        .where('workspace_members.workspace_id', '=', workspaceId)
        .where('workspace_members.user_id', '=', userId)
        .executeTakeFirst()
    },

    /** The workspaces a user can work in (enabled memberships), their own first. */
    listWorkspacesOf(userId: string) {
      return db
        .selectFrom('workspace_members')
        .innerJoin('workspaces', 'workspaces.id', 'workspace_members.workspace_id')
        .select([
          'workspaces.id',
          'workspaces.name',
          'workspaces.owner_id',
          'workspace_members.role',
          'workspace_members.state',
        ])
        .where('workspace_members.user_id', '=', userId)
        .orderBy(sql`workspaces.owner_id = ${userId}`, 'desc')
        .orderBy('workspace_members.created_at')
        .execute()
    },

    async setCurrentWorkspace(userId: string, workspaceId: string, executor: Executor = db): Promise<void> {
      await (executor ?? db)
        .updateTable('users')
        .set({ workspace_id: workspaceId })
        .where('id', '=', userId)
        .execute()
    },

    /** A workspace of the user's own, for someone left without any. */
    async insertPersonalWorkspace(
      trx: Transaction<DB>,
      w: { workspaceId: string; userId: string; name: string },
    ): Promise<void> {
      await trx
        .insertInto('workspaces')
        .values({ id: w.workspaceId, name: w.name, owner_id: w.userId })
        .execute()
      await trx
        .insertInto('workspace_members')
        .values({ workspace_id: w.workspaceId, user_id: w.userId, role: 'admin' })
        .execute()
      await trx.updateTable('users').set({ workspace_id: w.workspaceId }).where('id', '=', w.userId).execute()
    },

    /** Whether the user is still enabled in any workspace. */
    async hasEnabledMembership(trx: Transaction<DB>, userId: string): Promise<boolean> {
      const row = await trx
        .selectFrom('workspace_members')
        .select('workspace_id')
        .where('user_id', '=', userId)
        .where('state', '=', 'enabled')
        .executeTakeFirst()
      return row !== undefined
    },

    async updateSettings(workspaceId: string, patch: { sharing_limited_to_admins?: boolean }): Promise<void> {
      if (Object.keys(patch).length === 0) return
      await db.updateTable('workspaces').set(patch).where('id', '=', workspaceId).execute()
    },

    async setOwner(trx: Transaction<DB>, workspaceId: string, userId: string): Promise<void> {
      await trx.updateTable('workspaces').set({ owner_id: userId }).where('id', '=', workspaceId).execute()
    },

    // invites
  }
}

export type WorkspacesRepository = ReturnType<typeof createWorkspacesRepository>
