import { sql } from 'kysely'
import type { Database } from '../../db/database.js'
import type { HeldRunStore } from '../../platform/jobs/held-run-runner.js'
import type { PvcVoiceRow } from './voice-pvc.tables.js'

/**
 * The trainings the job runner holds: a clone in fine_tuning is claimed when no live run
 * holds it (none yet, or its holder stopped beating: the new run trains again from the
 * stored samples).
 */
export function createPvcHeldRuns(db: Database) {
  return {
    async claim(voiceId, token, staleBefore) {
      const result = await sql<PvcVoiceRow>`
        update pvc_voices set worker_token = ${token}, updated_at = ${new Date()}
        where voice_id = ${voiceId} and state = 'fine_tuning'
          and (worker_token is null or updated_at < ${staleBefore})
        returning *`.execute(db)
      return result.rows[0]
    },
    async beat(voiceId, token, progress) {
      const result = await sql`
        update pvc_voices
        set training_progress = greatest(training_progress, ${Math.round(progress)}),
          updated_at = ${new Date()}
        where voice_id = ${voiceId} and worker_token = ${token} and state = 'fine_tuning'`.execute(db)
      return Number(result.numAffectedRows ?? 0) > 0
    },
    async releaseStale(staleBefore, limit) {
      const result = await sql<{ voice_id: string }>`
        update pvc_voices set worker_token = null, updated_at = ${new Date()}
        where voice_id in (
            select voice_id from pvc_voices
            where state = 'fine_tuning' and worker_token is not null and updated_at < ${staleBefore}
            limit ${limit})
          and state = 'fine_tuning' and worker_token is not null and updated_at < ${staleBefore}
        returning voice_id`.execute(db)
      return result.rows.map((r) => r.voice_id)
    },
    async touchUnclaimed(queuedBefore, limit) {
      const result = await sql<{ voice_id: string }>`
        update pvc_voices set updated_at = ${new Date()}
        where voice_id in (
            select voice_id from pvc_voices
            where state = 'fine_tuning' and worker_token is null and updated_at < ${queuedBefore}
            limit ${limit})
          and state = 'fine_tuning' and worker_token is null and updated_at < ${queuedBefore}
        returning voice_id`.execute(db)
      return result.rows.map((r) => r.voice_id)
    },
  } satisfies HeldRunStore<PvcVoiceRow>
}
