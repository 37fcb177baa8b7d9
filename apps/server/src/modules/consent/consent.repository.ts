import type { ConsentLocation } from '@timbre/contract'
import { sql, type Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'

type Executor = Database | Transaction<DB>

/** Locations, terms versions and acceptances, training opt-outs, names and the alpha list. */
export function createConsentRepository(db: Database) {
  return { ...createTermsRepository(db), ...createNamesRepository(db) }
}

/** Locations, terms versions and acceptances, training opt-outs. */
function createTermsRepository(db: Database) {
  return {
    transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      return db.transaction().execute(fn)
    },

    async saveLocation(
      executor: Executor | undefined,
      userId: string,
      location: ConsentLocation,
      at: Date,
    ): Promise<void> {
      await (executor ?? db)
        .insertInto('consent_locations')
        .values({ user_id: userId, ...location, seen_at: at })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...location, seen_at: at }))
        .execute()
    },

    async lastLocation(userId: string): Promise<ConsentLocation | null> {
      const row = await db
        .selectFrom('consent_locations')
        .select(['country', 'region', 'city'])
        .where('user_id', '=', userId)
        .executeTakeFirst()
      return row ?? null
    },

    latestTerms(executor: Executor = db) {
      return executor
        .selectFrom('terms_versions')
        .selectAll()
        .orderBy('published_at', 'desc')
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirst()
    },

    /** False when the version was already published (nothing changes). */
    async publishTerms(version: string, at: Date): Promise<boolean> {
      const row = await db
        .insertInto('terms_versions')
        .values({ version, published_at: at })
        .onConflict((oc) => oc.column('version').doNothing())
        .returning('version')
        .executeTakeFirst()
      return row !== undefined
    },

    async acceptTerms(
      executor: Executor | undefined,
      row: {
        user_id: string
        version: string
        policy: string
        country: string | null
        region: string | null
        accepted_at: Date
      },
    ): Promise<void> {
      await (executor ?? db)
        .insertInto('terms_acceptances')
        .values(row)
        .onConflict((oc) => oc.columns(['user_id', 'version']).doNothing())
        .execute()
    },

    async hasAccepted(userId: string, version: string): Promise<boolean> {
      const row = await db
        .selectFrom('terms_acceptances')
        .select('version')
        .where('user_id', '=', userId)
        .where('version', '=', version)
        .executeTakeFirst()
      return row !== undefined
    },

    trainingOptOut(workspaceId: string) {
      return db
        .selectFrom('workspace_training_opt_outs')
        .select(['opted_out', 'updated_at'])
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst()
    },

    async setTrainingOptOut(workspaceId: string, optedOut: boolean, userId: string, at: Date) {
      const values = { opted_out: optedOut, updated_by: userId, updated_at: at }
      await db
        .insertInto('workspace_training_opt_outs')
        .values({ workspace_id: workspaceId, ...values })
        .onConflict((oc) => oc.column('workspace_id').doUpdateSet(values))
        .execute()
    },
  }
}

/** Public user names and the alpha access list with its requests. */
function createNamesRepository(db: Database) {
  return {
    async publicName(userId: string): Promise<string | null> {
      const row = await db
        .selectFrom('public_user_names')
        .select('public_user_name')
        .where('user_id', '=', userId)
        .executeTakeFirst()
      return row?.public_user_name ?? null
    },

    /** False when another user holds the name (any letter case). */
    async setPublicName(userId: string, name: string, at: Date): Promise<boolean> {
      const holder = await db
        .selectFrom('public_user_names')
        .select('user_id')
        .where(sql<string>`lower(public_user_name)`, '=', name.toLowerCase())
        .executeTakeFirst()
      if (holder && holder.user_id !== userId) return false
      try {
        await db
          .insertInto('public_user_names')
          .values({ user_id: userId, public_user_name: name, updated_at: at })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ public_user_name: name, updated_at: at }))
          .execute()
        return true
      } catch (error) {
        if (typeof error === 'object' && error !== null && 'code' in error && error.code === '23505')
          return false
        throw error
      }
    },

    async alphaListed(email: string): Promise<boolean> {
      const row = await db
        .selectFrom('alpha_access_emails')
        .select('email_lower')
        .where('email_lower', '=', email.toLowerCase())
        .executeTakeFirst()
      return row !== undefined
    },

    async grantAlpha(email: string, at: Date): Promise<void> {
      await db
        .insertInto('alpha_access_emails')
        .values({ email_lower: email.toLowerCase(), granted_at: at })
        .onConflict((oc) => oc.column('email_lower').doNothing())
        .execute()
    },

    async revokeAlpha(email: string): Promise<boolean> {
      const result = await db
        .deleteFrom('alpha_access_emails')
        .where('email_lower', '=', email.toLowerCase())
        .executeTakeFirst()
      return Number(result.numDeletedRows) > 0
    },

    listAlpha() {
      return db.selectFrom('alpha_access_emails').selectAll().orderBy('granted_at').execute()
    },

    async requestAlpha(userId: string, at: Date): Promise<void> {
      await db
        .insertInto('alpha_access_requests')
        .values({ user_id: userId, requested_at: at })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute()
    },

    /** Who asked for alpha access and is not on the list yet, oldest first. */
    pendingAlphaRequests() {
      return db
        .selectFrom('alpha_access_requests')
        .innerJoin('users', 'users.id', 'alpha_access_requests.user_id')
        .leftJoin('alpha_access_emails', (join) =>
          join.on('alpha_access_emails.email_lower', '=', sql<string>`lower(users.email)`),
        )
        .select(['users.id as user_id', 'users.email', 'alpha_access_requests.requested_at'])
        .where('alpha_access_emails.email_lower', 'is', null)
        .orderBy('alpha_access_requests.requested_at')
        .execute()
    },

    async alphaRequested(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('alpha_access_requests')
        .select('user_id')
        .where('user_id', '=', userId)
        .executeTakeFirst()
      return row !== undefined
    },
  }
}

export type ConsentRepository = ReturnType<typeof createConsentRepository>
