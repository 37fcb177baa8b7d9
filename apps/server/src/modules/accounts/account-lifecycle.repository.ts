import type { Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'

export interface NewAccount {
  userId: string
  workspaceId: string
  email: string
  firstName: string | null
  /** null for an account that signs in only through an identity provider. */
  passwordHash: string | null
  publicUserId: string
  authAccountId: string
  optOutUpdatesKey: string
  agreesToProductUpdates: boolean
  /** Biometric terms accepted on the sign-up form (where the location asks for them). */
  acceptedBipaTerms?: boolean
  inviteCode: string | null
  locale: string | null
}

/** Accounts coming and going: sign-up's rows written together, and deletion with what it leaves aside. */
export function createAccountLifecycleRepository(db: Database) {
  return {
    /** Sign-up writes user, workspace, membership and auth rows together (billing adds the subscription). */
    async insertAccount(trx: Transaction<DB>, a: NewAccount): Promise<void> {
      await trx
        .insertInto('workspaces')
        .values({
          id: a.workspaceId,
          name: `${a.firstName ?? a.email.split('@')[0]}'s Workspace`,
          owner_id: a.userId,
        })
        .execute()
      await trx
        .insertInto('users')
        .values({
          id: a.userId,
          email: a.email,
          first_name: a.firstName,
          workspace_id: a.workspaceId,
          public_user_id: a.publicUserId,
          invite_code: a.inviteCode,
          // A new account starts with the survey and the checklist ahead of it; accounts made
          // before onboarding existed keep the columns' default (done).
          is_onboarding_completed: false,
          is_onboarding_checklist_completed: false,
        })
        .execute()
      await trx
        .insertInto('workspace_members')
        .values({ workspace_id: a.workspaceId, user_id: a.userId, role: 'admin' })
        .execute()
      await trx
        .insertInto('auth_accounts')
        .values({ id: a.authAccountId, user_id: a.userId, password_hash: a.passwordHash, locale: a.locale })
        .execute()
      await trx
        .insertInto('account_metadata')
        .values({
          user_id: a.userId,
          agrees_to_product_updates: a.agreesToProductUpdates,
          accepted_bipa_terms: a.acceptedBipaTerms ?? false,
          opt_out_updates_key: a.optOutUpdatesKey,
        })
        .execute()
    },

    /**
     * Deletes the user and the workspaces they own, unless one of those workspaces has other
     * members: then nothing is deleted and 'owns_shared_workspace' is returned, so a team is
     * never left without an owner. Owned workspaces are locked first, so a member accepting an
     * invite at the same moment is either seen here or finds the workspace gone. The email and
     * password hash are kept aside, so sign-in can tell the person who deleted it (and only
     * them) that the account was deleted.
     */
    async deleteAccount(userId: string): Promise<'deleted' | 'owns_shared_workspace'> {
      return db.transaction().execute(async (trx) => {
        const owned = await trx
          .selectFrom('workspaces')
          .select('id')
          .where('owner_id', '=', userId)
          .forUpdate()
          .execute()
        const ownedIds = owned.map((w) => w.id)
        if (ownedIds.length > 0) {
          const otherMember = await trx
            .selectFrom('workspace_members')
            .select('user_id')
            .where('workspace_id', 'in', ownedIds)
            .where('user_id', '!=', userId)
            .executeTakeFirst()
          if (otherMember) return 'owns_shared_workspace'
        }
        const gone = await trx
          .selectFrom('users')
          .innerJoin('auth_accounts', 'auth_accounts.user_id', 'users.id')
          .select(['users.email', 'auth_accounts.password_hash'])
          .where('users.id', '=', userId)
          .executeTakeFirst()
        // An account that signed in only through single sign-on has no password to keep.
        if (gone?.password_hash) {
          const row = { email_lower: gone.email.toLowerCase(), password_hash: gone.password_hash }
          await trx
            .insertInto('deleted_accounts')
            .values(row)
            .onConflict((oc) =>
              oc
                .column('email_lower')
                .doUpdateSet({ password_hash: row.password_hash, deleted_at: new Date() }),
            )
            .execute()
        }
        await trx.deleteFrom('users').where('id', '=', userId).execute()
        if (ownedIds.length > 0) await trx.deleteFrom('workspaces').where('id', 'in', ownedIds).execute()
        return 'deleted'
      })
    },
  }
}
