import type { Insertable, Selectable, Transaction, Updateable } from 'kysely'
import { sql } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import type { HeldRunStore } from '../../platform/jobs/held-run-runner.js'
import type { AudioNativeProjectsTable } from './audio-native.tables.js'

// Audio Native players and their plays. Every lookup by a caller names the workspace; the
// public player looks a project up by id alone and then checks the page against its allowlist.

export type AudioNativeRow = Selectable<AudioNativeProjectsTable>
export type NewAudioNativeRow = Insertable<AudioNativeProjectsTable>

/** The held run of a project's conversion at one content version. */
export const conversionRunId = (projectId: string, version: number) => `${projectId}:${version}`

function conversionOf(runId: string): [string, number] {
  const at = runId.lastIndexOf(':')
  return [runId.slice(0, at), Number(runId.slice(at + 1))]
}

export function createAudioNativeRepository(db: Database) {
  return {
    /** The row and, in the same transaction, whatever enqueues its conversion. */
    async insert(row: NewAudioNativeRow, enqueue: (trx: Transaction<DB>) => Promise<void>): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('audio_native_projects').values(row).execute()
        await enqueue(trx)
      })
    },

    async find(workspaceId: string, id: string): Promise<AudioNativeRow | undefined> {
      return db
        .selectFrom('audio_native_projects')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
    },

    async findAny(id: string): Promise<AudioNativeRow | undefined> {
      return db.selectFrom('audio_native_projects').selectAll().where('id', '=', id).executeTakeFirst()
    },

    async findByPageUrl(workspaceId: string, pageUrl: string): Promise<AudioNativeRow | undefined> {
      return db
        .selectFrom('audio_native_projects')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('page_url', '=', pageUrl)
        .orderBy('created_at', 'desc')
        .executeTakeFirst()
    },

    async list(workspaceId: string): Promise<AudioNativeRow[]> {
      return db
        .selectFrom('audio_native_projects')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .orderBy('created_at', 'desc')
        .limit(500)
        .execute()
    },

    async update(id: string, changes: Updateable<AudioNativeProjectsTable>): Promise<void> {
      await db
        .updateTable('audio_native_projects')
        .set({ ...changes, updated_at: new Date() })
        .where('id', '=', id)
        .execute()
    },

    /**
     * New content: a new audio version, and, in the same transaction, its conversion job
     * (or none, when the caller converts later). Returns the new version.
     */
    async replaceContent(
      id: string,
      changes: Updateable<AudioNativeProjectsTable>,
      enqueue: ((trx: Transaction<DB>, version: number) => Promise<void>) | null,
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('audio_native_projects')
          .set({ ...changes, audio_version: sql`audio_version + 1`, updated_at: new Date() })
          .where('id', '=', id)
          .returning('audio_version')
          .executeTakeFirstOrThrow()
        if (enqueue) await enqueue(trx, row.audio_version)
        return row.audio_version
      })
    },

    /** Moves a conversion on, only while the project is still at that content version. */
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
    } satisfies HeldRunStore<AudioNativeRow>,

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

    async delete(workspaceId: string, id: string): Promise<AudioNativeRow | undefined> {
      return db
        .deleteFrom('audio_native_projects')
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst()
    },

    /**
     * Counts a play, unless the same listener session already played this page within the
     * last `windowMinutes`.
     */
    async addPlay(
      row: { id: string; project_id: string; page_url: string; session_id: string | null },
      windowMinutes: number,
    ): Promise<boolean> {
      if (!row.session_id || windowMinutes <= 0) {
        await db.insertInto('audio_native_plays').values(row).execute()
        return true
      }
      const since = new Date(Date.now() - windowMinutes * 60_000)
      // Two tabs of one session reporting at the same instant would both see no play; a lock on
      // the (project, page, session) key makes the second wait for the first one's row.
      const key = `${row.project_id}\n${row.page_url}\n${row.session_id}`
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx)
        const result = await sql`
          insert into audio_native_plays (id, project_id, page_url, session_id)
          select ${row.id}, ${row.project_id}, ${row.page_url}, ${row.session_id}
          where not exists (
            select 1 from audio_native_plays
            where project_id = ${row.project_id} and page_url = ${row.page_url}
              and session_id = ${row.session_id} and created_at > ${since}
          )`.execute(trx)
        return Number(result.numAffectedRows ?? 0) > 0
      })
    },

    async playsByPage(projectId: string): Promise<Array<{ page_url: string; plays: number; last: Date }>> {
      const rows = await db
        .selectFrom('audio_native_plays')
        .select((eb) => [
          'page_url',
          eb.fn.countAll<string>().as('plays'),
          eb.fn.max('created_at').as('last'),
        ])
        .where('project_id', '=', projectId)
        .groupBy('page_url')
        .orderBy('page_url')
        .execute()
      return rows.map((r) => ({ page_url: r.page_url, plays: Number(r.plays), last: new Date(r.last) }))
    },
  }
}

export type AudioNativeRepository = ReturnType<typeof createAudioNativeRepository>
