import type { Transaction } from 'kysely'
import type { Database } from '../../../db/database.js'
import type { DB } from '../../../db/schema.js'
import type { PublishedVersion } from './published-version.js'

/** Longer than a publish job may run (its queue expiry), so a run this still is dead. */
const STALE_RUN_MS = 20 * 60 * 1000

/**
 * The publish runs of a project's publication: one at a time, moved on while it owns the
 * publication, and ended by swapping its version in or by failing.
 */
export function createPublishRunsRepository(db: Database) {
  const table = 'studio_publications' as const
  return {
    /**
     * Starts a publish run (publishing or updating) and sends its job in the same transaction;
     * refused (false) while another run of the project is under way.
     */
    async start(
      projectId: string,
      run: { runId: string; state: 'publishing' | 'updating'; fingerprint: string; fullAccess: boolean },
      enqueue: (trx: Transaction<DB>) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom(table)
          .select(['state', 'updated_at'])
          .where('project_id', '=', projectId)
          .forUpdate()
          .executeTakeFirst()
        if (!row) return false
        // A run that has not moved for longer than its job may live died with every retry;
        // a new run takes over (the dead run can no longer swap its version in).
        const alive = row.updated_at.getTime() > Date.now() - STALE_RUN_MS
        if ((row.state === 'publishing' || row.state === 'updating') && alive) return false
        await trx
          .updateTable(table)
          .set({
            state: run.state,
            progress: 0,
            run_id: run.runId,
            requested_fingerprint: run.fingerprint,
            full_access: run.fullAccess,
            last_error: null,
            updated_at: new Date(),
          })
          .where('project_id', '=', projectId)
          .execute()
        await enqueue(trx)
        return true
      })
    },

    async progress(projectId: string, runId: string, percent: number): Promise<void> {
      await db
        .updateTable(table)
        .set({ progress: percent, updated_at: new Date() })
        .where('project_id', '=', projectId)
        .where('run_id', '=', runId)
        .execute()
    },

    /**
     * Makes a run's version the published one, if the run still owns the project. Returns the
     * version it replaced (its files are then deleted), or 'stale' when another run took over.
     */
    async finish(
      projectId: string,
      runId: string,
      version: PublishedVersion,
      at: Date,
    ): Promise<PublishedVersion | null | 'stale'> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom(table)
          .select(['run_id', 'published', 'requested_fingerprint'])
          .where('project_id', '=', projectId)
          .forUpdate()
          .executeTakeFirst()
        if (!row || row.run_id !== runId) return 'stale'
        await trx
          .updateTable(table)
          .set({
            state: 'published',
            progress: 100,
            run_id: null,
            published: JSON.stringify(version),
            published_fingerprint: row.requested_fingerprint,
            published_at: at,
            updated_at: at,
          })
          .where('project_id', '=', projectId)
          .execute()
        return (row.published as PublishedVersion | null) ?? null
      })
    },

    /** A failed run: back to published (the earlier version still serves) or to draft. */
    async fail(projectId: string, runId: string, message: string): Promise<void> {
      await db
        .updateTable(table)
        .set((eb) => ({
          state: eb.case().when('published', 'is not', null).then('published').else('draft').end(),
          progress: 0,
          run_id: null,
          last_error: message,
          updated_at: new Date(),
        }))
        .where('project_id', '=', projectId)
        .where('run_id', '=', runId)
        .execute()
    },
  }
}
