import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import type { AccountsRepository } from './accounts.repository.js'
import { isUniqueViolation } from './auth-deps.js'

/** The consent flags kept on the account, for the domain that asks for consent. */
export interface AccountConsent {
  flags(userId: string): Promise<{
    acceptedBipaTerms: boolean
    ccpaOptOut: boolean
    agreesToProductUpdates: boolean
    optOutUpdatesKey: string | null
    locale: string | null
  }>
  acceptBipaTerms(userId: string): Promise<void>
  setCcpaOptOut(userId: string, optOut: boolean): Promise<void>
}

/** Who uses an address, and moving a user to a new one once it was proven theirs. */
export interface EmailAddresses {
  current(userId: string): Promise<string | null>
  inUse(email: string): Promise<boolean>
  /**
   * Throws email_taken when another account holds the address. Inside `trx` when given, so the
   * change stands or falls with what the caller stores beside it.
   */
  change(userId: string, email: string, trx?: Transaction<DB>): Promise<void>
}

export function createAccountConsent(accounts: AccountsRepository): AccountConsent {
  return {
    async flags(userId) {
      const [meta, auth] = await Promise.all([
        accounts.findAccountMetadata(userId),
        accounts.findAuthAccount(userId),
      ])
      return {
        acceptedBipaTerms: meta?.accepted_bipa_terms ?? false,
        ccpaOptOut: auth?.ccpa_opt_out ?? false,
        agreesToProductUpdates: meta?.agrees_to_product_updates ?? false,
        optOutUpdatesKey: meta?.opt_out_updates_key ?? null,
        locale: auth?.locale ?? null,
      }
    },
    acceptBipaTerms: (userId) => accounts.updateAccountMetadata(userId, { accepted_bipa_terms: true }),
    setCcpaOptOut: (userId, optOut) => accounts.setCcpaOptOut(userId, optOut),
  }
}

export function createEmailAddresses(accounts: AccountsRepository): EmailAddresses {
  return {
    current: async (userId) => (await accounts.findUserById(userId))?.email ?? null,
    inUse: async (email) => (await accounts.findUserByEmail(email)) !== undefined,
    async change(userId, email, trx) {
      try {
        await accounts.setEmail(userId, email, trx)
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('email_taken', { param: 'email' })
        throw error
      }
    },
  }
}
