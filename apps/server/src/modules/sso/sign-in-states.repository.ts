import type { Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'

/** The state of sign-ins in flight through a provider, and the identities they linked to users. */
export function createSignInStatesRepository(db: Database) {
  return {
    async identityUser(providerId: string, subject: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('sso_identities')
        .select('user_id')
        .where('provider_id', '=', providerId)
        .where('subject', '=', subject)
        .executeTakeFirst()
      return row?.user_id
    },

    async linkIdentity(
      trx: Transaction<DB>,
      providerId: string,
      subject: string,
      userId: string,
    ): Promise<void> {
      await trx
        .insertInto('sso_identities')
        .values({ provider_id: providerId, subject, user_id: userId })
        .onConflict((oc) => oc.columns(['provider_id', 'subject']).doNothing())
        .execute()
    },

    async insertState(s: {
      id: string
      providerId: string
      codeVerifier: string | null
      nonce: string | null
      requestId: string | null
      redirectUri: string
      continuePath: string | null
      expiresAt: Date
    }): Promise<void> {
      await db
        .insertInto('sso_sign_in_states')
        .values({
          id: s.id,
          provider_id: s.providerId,
          code_verifier: s.codeVerifier,
          nonce: s.nonce,
          request_id: s.requestId,
          redirect_uri: s.redirectUri,
          continue_path: s.continuePath,
          expires_at: s.expiresAt,
        })
        .execute()
    },

    findState(id: string) {
      return db.selectFrom('sso_sign_in_states').selectAll().where('id', '=', id).executeTakeFirst()
    },

    /** Marks a state used; false when another request used it first. */
    async useState(id: string, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('sso_sign_in_states')
        .set({ used_at: at })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    async deleteStaleStates(before: Date): Promise<void> {
      await db.deleteFrom('sso_sign_in_states').where('expires_at', '<', before).execute()
    },
  }
}
