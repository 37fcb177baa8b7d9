import { sql } from 'kysely'
import type { Database } from '../../../db/database.js'

/** The tables of Studio's long runs (conversions, exports): one worker run holds a row at a time. */
type HeldRunTable = 'studio_conversions' | 'studio_exports'

/**
 * Holding a conversion or an export (the SQL both share). A run claims a row with a token and
 * proves it is alive by beating (touching `updated_at`); a row whose holder stopped beating is
 * released for the next run, so a killed process's work is taken over, never done side by side.
 */
export function createHeldRuns<Row>(db: Database, table: HeldRunTable) {
  return {
    /**
     * Takes the row for one run: a queued one, or a running one whose holder stopped beating
     * before `staleBefore` (its process died). Undefined when it is done, failed, or held by a
     * live run.
     */
    async claim(id: string, token: string, staleBefore: Date): Promise<Row | undefined> {
      const result = await sql<Row>`
        update ${sql.table(table)}
        set status = 'running', worker_token = ${token}, updated_at = ${new Date()}
        where id = ${id}
          and (status = 'queued'
            or (status = 'running' and (worker_token is null or updated_at < ${staleBefore})))
        returning *`.execute(db)
      return result.rows[0]
    },

    /**
     * The holder's heartbeat with its percent done (never lowered, whichever run wrote it last);
     * false when another run has taken the row over.
     */
    async beat(id: string, token: string, progress: number): Promise<boolean> {
      const result = await sql`
        update ${sql.table(table)}
        set progress = greatest(progress, ${progress}), updated_at = ${new Date()}
        where id = ${id} and worker_token = ${token} and status = 'running'`.execute(db)
      return Number(result.numAffectedRows ?? 0) > 0
    },

    /**
     * Running rows whose holder stopped beating before `staleBefore`, released for the next run
     * to claim (the caller sends each a job). Each is returned once per release.
     */
    async releaseStale(staleBefore: Date, limit: number): Promise<string[]> {
      const result = await sql<{ id: string }>`
        update ${sql.table(table)}
        set worker_token = null, updated_at = ${new Date()}
        where id in (
            select id from ${sql.table(table)}
            where status = 'running' and updated_at < ${staleBefore}
            limit ${limit})
          and status = 'running' and updated_at < ${staleBefore}
        returning id`.execute(db)
      return result.rows.map((r) => r.id)
    },
  }
}
