import type { Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'

/** What the onboarding domain may change on a user: its two flags and the name the survey asks for. */
export interface OnboardingFlags {
  isOnboardingCompleted?: boolean
  isChecklistCompleted?: boolean
  firstName?: string | null
}

/** What a user changes about their own account: verification, password, locale, name, flags. */
export function createAccountSettingsRepository(db: Database) {
  return {
    async markEmailVerified(trx: Transaction<DB>, userId: string): Promise<void> {
      await trx
        .updateTable('users')
        .set({ email_verified_at: new Date() })
        .where('id', '=', userId)
        .where('email_verified_at', 'is', null)
        .execute()
    },

    async setPasswordHash(trx: Transaction<DB>, userId: string, passwordHash: string): Promise<void> {
      await trx
        .updateTable('auth_accounts')
        .set({ password_hash: passwordHash, password_changed_at: new Date() })
        .where('user_id', '=', userId)
        .execute()
    },

    async optOutOfUpdates(key: string): Promise<boolean> {
      const result = await db
        .updateTable('account_metadata')
        .set({ agrees_to_product_updates: false })
        .where('opt_out_updates_key', '=', key)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },

    /** The locale the person chose in the app; null until they did. */
    async savedLocale(userId: string): Promise<string | null> {
      const row = await db
        .selectFrom('auth_accounts')
        .select('locale')
        .where('user_id', '=', userId)
        .executeTakeFirst()
      return row?.locale ?? null
    },

    async setLocale(userId: string, locale: string): Promise<void> {
      await db.updateTable('auth_accounts').set({ locale }).where('user_id', '=', userId).execute()
    },

    async setOnboardingFlags(userId: string, flags: OnboardingFlags): Promise<void> {
      const patch = {
        ...(flags.isOnboardingCompleted === undefined
          ? {}
          : { is_onboarding_completed: flags.isOnboardingCompleted }),
        ...(flags.isChecklistCompleted === undefined
          ? {}
          : { is_onboarding_checklist_completed: flags.isChecklistCompleted }),
        ...(flags.firstName === undefined ? {} : { first_name: flags.firstName }),
      }
      if (Object.keys(patch).length === 0) return
      await db.updateTable('users').set(patch).where('id', '=', userId).execute()
    },

    async setFirstName(userId: string, firstName: string | null): Promise<void> {
      await db.updateTable('users').set({ first_name: firstName }).where('id', '=', userId).execute()
    },

    findAccountMetadata(userId: string) {
      return db.selectFrom('account_metadata').selectAll().where('user_id', '=', userId).executeTakeFirst()
    },

    async updateAccountMetadata(
      userId: string,
      patch: { agrees_to_product_updates?: boolean; accepted_bipa_terms?: boolean },
    ): Promise<void> {
      if (Object.keys(patch).length === 0) return
      await db.updateTable('account_metadata').set(patch).where('user_id', '=', userId).execute()
    },

    async setCcpaOptOut(userId: string, optOut: boolean): Promise<void> {
      await db
        .updateTable('auth_accounts')
        .set({ ccpa_opt_out: optOut })
        .where('user_id', '=', userId)
        .execute()
    },

    /** A confirmed email change: the address is the one just proven, so it counts as verified. */
    async setEmail(userId: string, email: string, executor: Database | Transaction<DB> = db): Promise<void> {
      await executor
        .updateTable('users')
        .set({ email, email_verified_at: new Date() })
        .where('id', '=', userId)
        .execute()
    },
  }
}
