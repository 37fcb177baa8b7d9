import { sql } from 'kysely'
import type { Database } from '../../db/database.js'
import type { HeldRunStore } from './held-run-runner.js'

/**
 * The tables whose rows are held by one run at a time. Each keeps its domain's own row (status,
 * progress and result are what the domain's API reads), with three columns the runner shares:
 * `status` ('queued', 'running', then the domain's final states), `worker_token` (the holding
 * run) and `updated_at` (its heartbeat), plus `progress` (a percent). Holding a domain row in
 * place, rather than copying it into a separate jobs table, keeps one source of truth for a
 * job's state and needs no second write that could disagree with the first after a crash; the
 * SQL below is written once for every such table.
 */
export type HeldRunTable =
  | 'studio_conversions'
  | 'studio_exports'
  | 'audio_isolation_jobs'
  | 'voiceover_renders'
  | 'speech_to_text_jobs'
  | 'knowledge_base_rag_indexes'
  | 'dubbing_dubs'
  | 'convai_test_invocations'
  | 'convai_batch_calls'
  | 'production_machine_transcripts'

export interface HeldRunStoreOptions {
  /**
   * Whether a running row whose holder stopped beating may be claimed by the next run (the
   * work resumes). Without it only queued rows are claimed, and the domain marks a dead run's
   * row failed when it next reads it.
   */
  takeover: boolean
}

/**
 * Claim, heartbeat and release of a held run over one domain table. A claim is one UPDATE
 * guarded by its WHERE clause, so of two runs claiming the same row at once exactly one gets it,
 * on PostgreSQL and PGlite alike.
 */
export function createHeldRunStore<Row>(
  db: Database,
  table: HeldRunTable,
  options: HeldRunStoreOptions,
): HeldRunStore<Row> {
  return {
    async claim(id, token, staleBefore) {
      const takeover = options.takeover
        ? sql`or (status = 'running' and (worker_token is null or updated_at < ${staleBefore}))`
        : sql``
      const result = await sql<Row>`
        update ${sql.table(table)}
        set status = 'running', worker_token = ${token}, updated_at = ${new Date()}
        where id = ${id} and (status = 'queued' ${takeover})
        returning *`.execute(db)
      return result.rows[0]
    },

    async beat(id, token, progress) {
      const result = await sql`
        update ${sql.table(table)}
        set progress = greatest(progress, ${Math.round(progress)}), updated_at = ${new Date()}
        where id = ${id} and worker_token = ${token} and status = 'running'`.execute(db)
      return Number(result.numAffectedRows ?? 0) > 0
    },

    async releaseStale(staleBefore, limit) {
      if (!options.takeover) return []
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

    async touchUnclaimed(queuedBefore, limit) {
      const result = await sql<{ id: string }>`
        update ${sql.table(table)}
        set updated_at = ${new Date()}
        where id in (
            select id from ${sql.table(table)}
            where status = 'queued' and updated_at < ${queuedBefore}
            limit ${limit})
          and status = 'queued' and updated_at < ${queuedBefore}
        returning id`.execute(db)
      return result.rows.map((r) => r.id)
    },
  }
}
