import type { Transaction } from 'kysely'
import type { Database } from '../../../db/database.js'
import type { DB } from '../../../db/schema.js'

/** Service accounts: a user row that never signs in, a membership and the account's name. */
export function createServiceAccountsRepository(db: Database) {
  return {
    transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      return db.transaction().execute(fn)
    },

    async count(trx: Transaction<DB>, workspaceId: string): Promise<number> {
      const row = await trx
        .selectFrom('service_accounts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },

    async insert(
      trx: Transaction<DB>,
      account: { userId: string; workspaceId: string; name: string; email: string; publicUserId: string },
    ): Promise<void> {
      await trx
        .insertInto('users')
        .values({
          id: account.userId,
          email: account.email,
          // Nobody reads this mailbox: the account acts only through its keys.
          email_verified_at: new Date(),
          first_name: account.name,
          workspace_id: account.workspaceId,
          public_user_id: account.publicUserId,
        })
        .execute()
      await trx
        .insertInto('workspace_members')
        .values({ workspace_id: account.workspaceId, user_id: account.userId, role: 'member' })
        .execute()
      await trx
        .insertInto('service_accounts')
        .values({ user_id: account.userId, workspace_id: account.workspaceId, name: account.name })
        .execute()
    },

    list(workspaceId: string) {
      return db
        .selectFrom('service_accounts')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .orderBy('created_at')
        .execute()
    },

    find(workspaceId: string, userId: string) {
      return db
        .selectFrom('service_accounts')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('user_id', '=', userId)
        .executeTakeFirst()
    },

    /** Removing the user removes its membership and the account row with it. */
    async delete(trx: Transaction<DB>, userId: string): Promise<void> {
      await trx.deleteFrom('users').where('id', '=', userId).execute()
    },
  }
}

export type ServiceAccountsRepository = ReturnType<typeof createServiceAccountsRepository>
