import { sql, type Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import { createAccountLifecycleRepository } from './account-lifecycle.repository.js'
import { createAccountSettingsRepository } from './account-settings.repository.js'
import { createActionCodesRepository } from './action-codes.repository.js'
import { createSignInFailuresRepository } from './sign-in-failures.repository.js'

type Executor = Database | Transaction<DB>

export type { NewAccount } from './account-lifecycle.repository.js'

export type { OnboardingFlags } from './account-settings.repository.js'

export function createAccountsRepository(db: Database) {
  return {
    ...createSignInFailuresRepository(db),
    ...createActionCodesRepository(db),
    ...createAccountLifecycleRepository(db),
    ...createAccountSettingsRepository(db),
    transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      return db.transaction().execute(fn)
    },

    findUserByEmail(email: string, executor: Executor = db) {
      return executor
        .selectFrom('users')
        .innerJoin('auth_accounts', 'auth_accounts.user_id', 'users.id')
        .select([
          'users.id',
          'users.email',
          'users.email_verified_at',
          'users.workspace_id',
          'auth_accounts.password_hash',
        ])
        .where(sql<string>`lower(users.email)`, '=', email.toLowerCase())
        .executeTakeFirst()
    },

    findUserById(userId: string) {
      return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()
    },

    /** The user fields a request's principal carries. */
    findPrincipalUser(userId: string) {
      return db
        .selectFrom('users')
        .select(['id', 'workspace_id', 'email', 'email_verified_at'])
        .where('id', '=', userId)
        .executeTakeFirst()
    },

    findAuthAccount(userId: string) {
      return db.selectFrom('auth_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst()
    },

    /** The states of the user's memberships: sign-in refuses someone no workspace lets in. */
    async membershipStates(userId: string): Promise<Array<'enabled' | 'disabled' | 'locked'>> {
      const rows = await db
        .selectFrom('workspace_members')
        .select('state')
        .where('user_id', '=', userId)
        .execute()
      return rows.map((r) => r.state)
    },

    /** What a deleted account left behind, by email. */
    findDeletedAccount(email: string) {
      return db
        .selectFrom('deleted_accounts')
        .select(['password_hash', 'deleted_at'])
        .where('email_lower', '=', email.toLowerCase())
        .executeTakeFirst()
    },
  }
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>
