import type { Selectable, Updateable } from 'kysely'
import { sql } from 'kysely'
import type { Database } from '../../db/database.js'
import type { HeldRunStore } from '../../platform/jobs/held-run-runner.js'
import type { AudioNativeProjectsTable } from './audio-native.tables.js'

type AudioNativeRow = Selectable<AudioNativeProjectsTable>

/** The held run of a project's conversion at one content version. */
export const conversionRunId = (projectId: string, version: number) => `${projectId}:${version}`

function conversionOf(runId: string): [string, number] {
  const at = runId.lastIndexOf(':')
  return [runId.slice(0, at), Number(runId.slice(at + 1))]
}

/** A project's conversion: held by one run at a time, moved on, and published at its version. */
export function createAudioNativeConversionRepository(db: Database) {
  return {
    /**
     * The conversions the job runner holds: one per project and content version, named
     * `projectId:version`. A conversion is claimed while queued, or while publishing under a
     * holder that stopped beating (its process died: the new run converts again); newer
     * content makes the older version unclaimable.
     */
    held: {
      async claim(runId, token, staleBefore) {
        const [id, version] = conversionOf(runId)
        const result = await sql<AudioNativeRow>`
          update audio_native_projects
          set status = 'publishing', progress = 0, worker_token = ${token}, updated_at = ${new Date()}
          where id = ${id} and audio_version = ${version}
            and (status = 'queued'
              or (status = 'publishing' and (worker_token is null or updated_at < ${staleBefore})))
          returning *`.execute(db)
        return result.rows[0]
      },
      async beat(runId, token, progress) {
        const [id, version] = conversionOf(runId)
        const result = await sql`
          update audio_native_projects
          set progress = greatest(progress, ${Math.round(progress)}), updated_at = ${new Date()}
          where id = ${id} and audio_version = ${version} and worker_token = ${token}
            and status = 'publishing'`.execute(db)
        return Number(result.numAffectedRows ?? 0) > 0
      },
      async releaseStale(staleBefore, limit) {
        const result = await sql<{ id: string; audio_version: number }>`
          update audio_native_projects
          set worker_token = null, updated_at = ${new Date()}
          where id in (
              select id from audio_native_projects
              where status = 'publishing' and updated_at < ${staleBefore}
              limit ${limit})
            and status = 'publishing' and updated_at < ${staleBefore}
          returning id, audio_version`.execute(db)
        return result.rows.map((r) => conversionRunId(r.id, r.audio_version))
      },
      async touchUnclaimed(queuedBefore, limit) {
        const result = await sql<{ id: string; audio_version: number }>`
          update audio_native_projects
          set updated_at = ${new Date()}
          where id in (
              select id from audio_native_projects
              where status = 'queued' and updated_at < ${queuedBefore}
              limit ${limit})
            and status = 'queued' and updated_at < ${queuedBefore}
          returning id, audio_version`.execute(db)
        return result.rows.map((r) => conversionRunId(r.id, r.audio_version))
      },
    } satisfies HeldRunStore<AudioNativeRow>,

    /** Moves a conversion on, only while the project is still at that content version. */
    async progress(
      id: string,
      version: number,
      changes: Updateable<AudioNativeProjectsTable>,
    ): Promise<boolean> {
      const result = await db
        .updateTable('audio_native_projects')
        .set({ ...changes, updated_at: new Date() })
        .where('id', '=', id)
        .where('audio_version', '=', version)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },

    /**
     * Makes the converted audio of `version` the live audio, only while the project is still
     * converted at that version. Returns the audio it replaced (to be deleted), or false.
     */
    async publish(id: string, version: number, previousKey: string | null): Promise<boolean> {
      const result = await db
        .updateTable('audio_native_projects')
        .set((eb) => ({
          status: 'published',
          progress: 100,
          audio_key: eb.ref('pending_audio_key'),
          audio_content_type: eb.ref('pending_content_type'),
          published_version: eb.ref('audio_version'),
          pending_audio_key: null,
          pending_content_type: null,
          updated_at: new Date(),
        }))
        .where('id', '=', id)
        .where('audio_version', '=', version)
        .where('status', '=', 'converted')
        .where('pending_audio_key', 'is not', null)
        .where((eb) =>
          previousKey === null ? eb('audio_key', 'is', null) : eb('audio_key', '=', previousKey),
        )
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },
  }
}
