import { sql, type Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'

type Executor = Database | Transaction<DB> | undefined

/**
 * Members, invites and the current workspace of each user. Member rows join the users table
 * for the email and name they are shown and addressed by.
 */
export function createWorkspacesRepository(db: Database) {
  const lowerEmail = sql<string>`lower(users.email)`
  // Service accounts are workspace users too, but neither members people see nor seats.
  const notServiceAccount = sql<boolean>`not exists (select 1 from service_accounts
    where service_accounts.user_id = workspace_members.user_id)`

  function memberQuery(executor: Database | Transaction<DB>, workspaceId: string) {
    return executor
      .selectFrom('workspace_members')
      .innerJoin('users', 'users.id', 'workspace_members.user_id')
      .innerJoin('workspaces', 'workspaces.id', 'workspace_members.workspace_id')
      .select([
        'workspace_members.user_id',
        'workspace_members.role',
        'workspace_members.state',
        'workspace_members.created_at',
        'users.email',
        'users.first_name',
        'workspaces.owner_id',
      ])
      .where('workspace_members.workspace_id', '=', workspaceId)
      .where(notServiceAccount)
  }

  return {
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

    listMembers(workspaceId: string) {
      return memberQuery(db, workspaceId).orderBy('workspace_members.created_at').execute()
    },

    findMemberByEmail(executor: Executor, workspaceId: string, email: string) {
      return memberQuery(executor ?? db, workspaceId)
        .where(lowerEmail, '=', email.toLowerCase())
        .executeTakeFirst()
    },

    /** The locales people with these addresses chose in the app, by lower-cased address. */
    async savedLocalesByEmail(emails: string[]): Promise<Map<string, string>> {
      if (emails.length === 0) return new Map()
      const rows = await db
        .selectFrom('users')
        .innerJoin('auth_accounts', 'auth_accounts.user_id', 'users.id')
        .select(['users.email', 'auth_accounts.locale'])
        .where(
          lowerEmail,
          'in',
          emails.map((e) => e.toLowerCase()),
        )
        .execute()
      return new Map(rows.flatMap((r) => (r.locale ? [[r.email.toLowerCase(), r.locale] as const] : [])))
    },

    findUserByEmail(executor: Executor, email: string) {
      return (executor ?? db)
        .selectFrom('users')
        .select(['id', 'email', 'workspace_id'])
        .where(lowerEmail, '=', email.toLowerCase())
        .executeTakeFirst()
    },

    /** Seats taken: every member (locked ones keep their seat) and every pending invite. */
    async seatsTaken(trx: Transaction<DB>, workspaceId: string, now: Date): Promise<number> {
      const members = await trx
        .selectFrom('workspace_members')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('workspace_id', '=', workspaceId)
        .where(notServiceAccount)
        .executeTakeFirstOrThrow()
      const invites = await trx
        .selectFrom('workspace_invites')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('workspace_id', '=', workspaceId)
        .where('expires_at', '>', now)
        .executeTakeFirstOrThrow()
      return Number(members.n) + Number(invites.n)
    },

    async insertMember(
      trx: Transaction<DB>,
      m: { workspaceId: string; userId: string; role: 'admin' | 'member' },
    ): Promise<void> {
      await trx
        .insertInto('workspace_members')
        .values({ workspace_id: m.workspaceId, user_id: m.userId, role: m.role })
        .execute()
    },

    async updateMember(
      trx: Transaction<DB>,
      workspaceId: string,
      userId: string,
      patch: { role?: 'admin' | 'member'; state?: 'enabled' | 'locked' },
    ): Promise<void> {
      if (Object.keys(patch).length === 0) return
      await trx
        .updateTable('workspace_members')
        .set(patch)
        .where('workspace_id', '=', workspaceId)
        .where('user_id', '=', userId)
        .execute()
    },

    /**
     * Removes a member with their group memberships and grants in this workspace; a user whose
     * current workspace it was goes back to a workspace they own.
     */
    async deleteMember(trx: Transaction<DB>, workspaceId: string, userId: string): Promise<void> {
      await trx
        .deleteFrom('workspace_group_members')
        .where('user_id', '=', userId)
        .where('group_id', 'in', (eb) =>
          eb.selectFrom('workspace_groups').select('id').where('workspace_id', '=', workspaceId),
        )
        .execute()
      await trx
        .deleteFrom('workspace_resource_grants')
        .where('workspace_id', '=', workspaceId)
        .where('principal_type', '=', 'user')
        .where('principal_id', '=', userId)
        .execute()
      await trx
        .deleteFrom('workspace_members')
        .where('workspace_id', '=', workspaceId)
        .where('user_id', '=', userId)
        .execute()
      const other = await trx
        .selectFrom('workspace_members')
        .innerJoin('workspaces', 'workspaces.id', 'workspace_members.workspace_id')
        .select('workspaces.id')
        .where('workspace_members.user_id', '=', userId)
        .where('workspace_members.state', '=', 'enabled')
        .orderBy(sql`workspaces.owner_id = ${userId}`, 'desc')
        .executeTakeFirst()
      if (other) {
        await trx
          .updateTable('users')
          .set({ workspace_id: other.id })
          .where('id', '=', userId)
          .where('workspace_id', '=', workspaceId)
          .execute()
      }
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

    findInviteByEmail(executor: Executor, workspaceId: string, email: string) {
      return (executor ?? db)
        .selectFrom('workspace_invites')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst()
    },

    findInviteByCode(trx: Transaction<DB>, codeHash: string) {
      return trx
        .selectFrom('workspace_invites')
        .innerJoin('workspaces', 'workspaces.id', 'workspace_invites.workspace_id')
        .selectAll('workspace_invites')
        .select('workspaces.name as workspace_name')
        .where('code_hash', '=', codeHash)
        .forUpdate('workspace_invites')
        .executeTakeFirst()
    },

    /** The workspace an invite code is for (read before its transaction, to price the seats). */
    async inviteWorkspace(codeHash: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('workspace_invites')
        .select('workspace_id')
        .where('code_hash', '=', codeHash)
        .executeTakeFirst()
      return row?.workspace_id
    },

    listInvites(workspaceId: string) {
      return db
        .selectFrom('workspace_invites')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .orderBy('created_at')
        .execute()
    },

    /** One pending invite per address and workspace: inviting again replaces the code. */
    async upsertInvite(
      trx: Transaction<DB>,
      invite: {
        id: string
        workspaceId: string
        email: string
        role: 'admin' | 'member'
        groupIds: string[]
        codeHash: string
        invitedBy: string
        expiresAt: Date
      },
    ): Promise<void> {
      await trx
        .deleteFrom('workspace_invites')
        .where('workspace_id', '=', invite.workspaceId)
        .where(sql<string>`lower(email)`, '=', invite.email.toLowerCase())
        .execute()
      await trx
        .insertInto('workspace_invites')
        .values({
          id: invite.id,
          workspace_id: invite.workspaceId,
          email: invite.email,
          role: invite.role,
          group_ids: invite.groupIds,
          code_hash: invite.codeHash,
          invited_by: invite.invitedBy,
          expires_at: invite.expiresAt,
        })
        .execute()
    },

    async deleteInvite(executor: Executor, id: string): Promise<void> {
      await (executor ?? db).deleteFrom('workspace_invites').where('id', '=', id).execute()
    },
  }
}

export type WorkspacesRepository = ReturnType<typeof createWorkspacesRepository>
