import { PLAN_LIMITS } from '@timbre/contract'
import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import { newId, newSecret } from '../../lib/ids.js'
import { addOneMonth } from '../billing/billing.module.js'
import type { AccountsRepository } from './accounts.repository.js'
import type { FreeSubscriptionWriter, SignUpHook } from './auth.service.js'

/**
 * Accounts created for someone an identity provider vouched for (single sign-on with auto
 * provisioning): no password, the address counts as verified, and the same first steps as a
 * sign-up (own workspace on the free plan, the welcome), inside the caller's transaction.
 */
export function createProvisionedAccounts(deps: {
  accounts: AccountsRepository
  billing: FreeSubscriptionWriter
  onSignUp?: SignUpHook | undefined
}) {
  return {
    async create(trx: Transaction<DB>, input: { email: string; firstName: string | null }): Promise<string> {
      const userId = newId()
      const workspaceId = newId()
      await deps.accounts.insertAccount(trx, {
        userId,
        workspaceId,
        email: input.email,
        firstName: input.firstName,
        passwordHash: null,
        publicUserId: newId(32).toLowerCase(),
        authAccountId: newId(28),
        optOutUpdatesKey: newSecret('ou_'),
        agreesToProductUpdates: false,
        inviteCode: null,
        locale: null,
      })
      await deps.accounts.markEmailVerified(trx, userId)
      await deps.billing.insertFreeSubscription(trx, {
        workspaceId,
        characterLimit: PLAN_LIMITS.free.characterLimit,
        nextResetAt: addOneMonth(new Date()),
      })
      await deps.onSignUp?.(trx, { userId, workspaceId, email: input.email, firstName: input.firstName })
      return userId
    },

    findUserByEmail: (email: string, trx?: Transaction<DB>) => deps.accounts.findUserByEmail(email, trx),
  }
}

export type ProvisionedAccounts = ReturnType<typeof createProvisionedAccounts>
