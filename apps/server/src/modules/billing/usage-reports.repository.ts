import { type Insertable, sql, type Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import type { UsageReportRow, UsageReportsTable } from './billing.tables.js'

/** Usage reported to a hosted provider: written as an intent, then sent and confirmed. */
export function createUsageReportsRepository(db: Database) {
  return {
    /** Records the intent in the caller's transaction; false when this usage was recorded before. */
    async recordIntent(trx: Transaction<DB>, values: Insertable<UsageReportsTable>): Promise<boolean> {
      const row = await trx
        .insertInto('usage_reports')
        .values(values)
        .onConflict((oc) => oc.columns(['workspace_id', 'usage_key']).doNothing())
        .returning('id')
        .executeTakeFirst()
      return row !== undefined
    },

    /**
     * Claims pending reports nobody else holds, for `leaseMs`, in one statement: a second worker
     * skips what the first claimed, and a claim whose worker died runs out and is claimed again.
     */
    claimDue(now: Date, leaseMs: number, limit: number): Promise<UsageReportRow[]> {
      const until = new Date(now.getTime() + leaseMs)
      return db
        .updateTable('usage_reports')
        .set({
          claimed_until: until,
          attempts: sql`attempts + 1`,
          first_attempt_at: sql`coalesce(first_attempt_at, ${now})`,
        })
        .where(
          'id',
          'in',
          db
            .selectFrom('usage_reports')
            .select('id')
            .where('status', '=', 'pending')
            .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
            .orderBy('created_at')
            .limit(limit)
            .forUpdate()
            .skipLocked(),
        )
        .returningAll()
        .execute()
    },

    async markReported(id: string, reference: string, at: Date): Promise<void> {
      await db
        .updateTable('usage_reports')
        .set({ status: 'reported', provider_reference: reference, reported_at: at, claimed_until: null })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute()
    },

    /** A failed attempt: tried again once `retryAt` has passed. */
    async markAttemptFailed(id: string, error: string, retryAt: Date): Promise<void> {
      await db
        .updateTable('usage_reports')
        .set({ last_error: error.slice(0, 500), claimed_until: retryAt })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute()
    },

    async markNeedsReview(id: string, error: string): Promise<void> {
      await db
        .updateTable('usage_reports')
        .set({ status: 'needs_review', last_error: error.slice(0, 500), claimed_until: null })
        .where('id', '=', id)
        .execute()
    },
  }
}

export type UsageReportsRepository = ReturnType<typeof createUsageReportsRepository>
