import { sql, type Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'

type Executor = Database | Transaction<DB> | undefined

/**
 * A workspace's members, joined with the users table for the email and name they are shown
 * and addressed by, and the seats they take.
 */
export function createMembersRepository(db: Database) {
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
  }
}
