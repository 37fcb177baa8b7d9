import type { Updateable } from 'kysely'
import { sql, type Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import type { SubscriptionRow, SubscriptionsTable } from './billing.tables.js'

type Executor = Database | Transaction<DB>

/** Every statement on `subscriptions`: the workspace's plan and its character count. */
export function createSubscriptionsRepository(db: Database) {
  return {
    /** The row behind GET /v1/user/subscription. */
    find(workspaceId: string): Promise<SubscriptionRow> {
      return db
        .selectFrom('subscriptions')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirstOrThrow()
    },

    /** Sign-up: every new workspace starts on the free plan, in the caller's transaction. */
    async insertFree(
      trx: Transaction<DB>,
      input: { workspaceId: string; characterLimit: number; nextResetAt: Date },
    ): Promise<void> {
      await trx
        .insertInto('subscriptions')
        .values({
          workspace_id: input.workspaceId,
          character_limit: input.characterLimit,
          next_reset_at: input.nextResetAt,
        })
        .execute()
    },

    async characterCount(workspaceId: string, executor: Executor = db): Promise<number> {
      const row = await executor
        .selectFrom('subscriptions')
        .select('character_count')
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirstOrThrow()
      return row.character_count
    },

    /**
     * Adds `n` characters to the count only when the result stays within the limit plus
     * `allowance` (-1: no limit). Returns the new count, or null when it would not fit; a
     * conditional update, so parallel requests can never overdraw.
     */
    async addCharacters(
      trx: Transaction<DB>,
      workspaceId: string,
      n: number,
      allowance: number,
    ): Promise<number | null> {
      const row = await trx
        .updateTable('subscriptions')
        .set({ character_count: sql`character_count + ${n}`, updated_at: new Date() })
        .where('workspace_id', '=', workspaceId)
        .where((eb) =>
          allowance < 0
            ? eb.val(true)
            : eb(sql`character_count + ${n}`, '<=', sql`character_limit + ${allowance}`),
        )
        .returning(['character_count'])
        .executeTakeFirst()
      return row ? row.character_count : null
    },

    /** The row, locked until the caller's transaction ends: every plan change starts here. */
    lockForChange(trx: Transaction<DB>, workspaceId: string): Promise<SubscriptionRow | undefined> {
      return trx
        .selectFrom('subscriptions')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .forUpdate()
        .executeTakeFirst()
    },

    /**
     * Takes the change lease in one statement, unless someone else holds one that has not run
     * out; the row as it is then, or undefined when the lease is taken (or there is no row).
     */
    takeChangeLease(workspaceId: string, token: string, until: Date, now: Date) {
      return db
        .updateTable('subscriptions')
        .set({ change_lease_token: token, change_lease_until: until })
        .where('workspace_id', '=', workspaceId)
        .where((eb) => eb.or([eb('change_lease_until', 'is', null), eb('change_lease_until', '<=', now)]))
        .returningAll()
        .executeTakeFirst()
    },

    async exists(workspaceId: string): Promise<boolean> {
      const row = await db
        .selectFrom('subscriptions')
        .select('workspace_id')
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst()
      return row !== undefined
    },

    async releaseChangeLease(workspaceId: string, token: string): Promise<void> {
      await db
        .updateTable('subscriptions')
        .set({ change_lease_token: null, change_lease_until: null })
        .where('workspace_id', '=', workspaceId)
        .where('change_lease_token', '=', token)
        .execute()
    },

    /** Writes a plan change decided by the billing service on the locked row. */
    async update(
      trx: Transaction<DB>,
      workspaceId: string,
      patch: Updateable<SubscriptionsTable>,
    ): Promise<SubscriptionRow> {
      return trx
        .updateTable('subscriptions')
        .set({ ...patch, updated_at: new Date() })
        .where('workspace_id', '=', workspaceId)
        .returningAll()
        .executeTakeFirstOrThrow()
    },

    /**
     * Workspaces with something due at `now`: a credit reset, the end of a paid period renewed
     * by us (not by a hosted provider), a grant's end, or an unpaid renewal past its grace.
     */
    async dueWorkspaces(now: Date, graceStart: Date, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('subscriptions')
        .select('workspace_id')
        .where((eb) =>
          eb.or([
            eb.and([eb('next_reset_at', '<=', now), eb('status', '<>', 'past_due')]),
            eb.and([
              eb('current_period_end', '<=', now),
              eb('status', '<>', 'past_due'),
              eb.or([eb('payment_provider', 'is', null), eb('payment_provider', '=', 'local')]),
            ]),
            eb('grant_ends_at', '<=', now),
            // A grant also ends once its credits are used up.
            eb.and([
              eb('tier', 'in', ['grant_tier_1', 'grant_tier_2']),
              eb('grant_ends_at', 'is not', null),
              eb('character_limit', '>=', 0),
              eb(eb.ref('character_count'), '>=', eb.ref('character_limit')),
            ]),
            eb.and([eb('status', '=', 'past_due'), eb('current_period_start', '<=', graceStart)]),
          ]),
        )
        .orderBy('next_reset_at')
        .limit(limit)
        .execute()
      return rows.map((r) => r.workspace_id)
    },

    /** Workspaces using characters above their credits with usage-based billing on. */
    async overUsage(limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('subscriptions')
        .select('workspace_id')
        .where('usage_based_billing', '=', true)
        .where('status', '=', 'active')
        .where('character_limit', '>=', 0)
        .where((eb) =>
          eb(eb.ref('character_count'), '>', sql<number>`character_limit + overage_billed_characters`),
        )
        .limit(limit)
        .execute()
      return rows.map((r) => r.workspace_id)
    },

    lockByProviderSubscription(trx: Transaction<DB>, subscriptionId: string) {
      return trx
        .selectFrom('subscriptions')
        .selectAll()
        .where('provider_subscription_id', '=', subscriptionId)
        .forUpdate()
        .executeTakeFirst()
    },

    /** Gives characters back (never below zero). */
    async subtractCharacters(trx: Transaction<DB>, workspaceId: string, n: number): Promise<void> {
      if (n <= 0) return
      await trx
        .updateTable('subscriptions')
        .set({ character_count: sql`greatest(character_count - ${n}, 0)` })
        .where('workspace_id', '=', workspaceId)
        .execute()
    },
  }
}

export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>
