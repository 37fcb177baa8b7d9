import { sql } from 'kysely'
import type { Database } from '../../db/database.js'

/** The workspaces the billing job has work for: something due, or usage above the credits. */
export function dueSubscriptionQueries(db: Database) {
  return {
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
  }
}
