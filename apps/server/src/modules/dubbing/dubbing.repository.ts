import type { Insertable, Selectable, Transaction } from 'kysely'
import { sql } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import { createHeldRunStore } from '../../platform/jobs/held-run-store.js'
import type {
  DubbingDubsTable,
  DubbingSegmentsTable,
  DubbingSpeakersTable,
  StoredRender,
  StoredSegmentDub,
} from './dubbing.tables.js'

// Dubs, their speakers and segments. A dub row is held by one pipeline run at a time (the held
// run's status, token and heartbeat columns); a run that died is taken over and starts again.

export type DubRow = Selectable<DubbingDubsTable>
export type SpeakerRow = Selectable<DubbingSpeakersTable>
export type SegmentRow = Selectable<DubbingSegmentsTable>

export function createDubbingRepository(db: Database) {
  return {
    held: createHeldRunStore<DubRow>(db, 'dubbing_dubs', { takeover: true }),

    async insert(row: Insertable<DubbingDubsTable>, enqueue: (trx: Transaction<DB>) => Promise<void>) {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('dubbing_dubs').values(row).execute()
        await enqueue(trx)
      })
    },

    find(workspaceId: string, id: string): Promise<DubRow | undefined> {
      return db
        .selectFrom('dubbing_dubs')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
    },

    findAny(id: string): Promise<DubRow | undefined> {
      return db.selectFrom('dubbing_dubs').selectAll().where('id', '=', id).executeTakeFirst()
    },

    /** Newest first, from an opaque cursor (the last row's creation time and id). */
    async list(
      workspaceId: string,
      q: { pageSize: number; cursor: { at: Date; id: string } | null; statuses: string[] | null },
    ): Promise<{ rows: DubRow[]; hasMore: boolean }> {
      let query = db.selectFrom('dubbing_dubs').selectAll().where('workspace_id', '=', workspaceId)
      if (q.statuses) query = query.where('status', 'in', q.statuses as DubRow['status'][])
      if (q.cursor) {
        const { at, id } = q.cursor
        query = query.where((eb) =>
          eb.or([eb('created_at', '<', at), eb.and([eb('created_at', '=', at), eb('id', '<', id)])]),
        )
      }
      const rows = await query
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(q.pageSize + 1)
        .execute()
      return { rows: rows.slice(0, q.pageSize), hasMore: rows.length > q.pageSize }
    },

    async update(id: string, patch: Partial<Insertable<DubbingDubsTable>>): Promise<void> {
      await db
        .updateTable('dubbing_dubs')
        .set({ ...patch, updated_at: new Date() })
        .where('id', '=', id)
        .execute()
    },

    /** A run's end: dubbed with its charge, in the settlement's transaction. */
    async finish(id: string, credits: number, trx: Transaction<DB>): Promise<void> {
      await trx
        .updateTable('dubbing_dubs')
        .set({
          status: 'dubbed',
          progress: 100,
          progress_message: 'Dubbed',
          credits,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute()
    },

    /** The step a run is at, written with its heartbeat so a reader sees both together. */
    async step(id: string, token: string, progress: number, message: string): Promise<void> {
      await db
        .updateTable('dubbing_dubs')
        .set({
          progress_message: message,
          progress: sql`greatest(progress, ${Math.round(progress)})`,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .where('worker_token', '=', token)
        .execute()
    },

    /** A new version after an edit; returns it. */
    async bump(id: string, patch: Partial<Insertable<DubbingDubsTable>> = {}): Promise<number> {
      const row = await db
        .updateTable('dubbing_dubs')
        .set({ ...patch, version: sql`version + 1`, updated_at: new Date() })
        .where('id', '=', id)
        .returning('version')
        .executeTakeFirstOrThrow()
      return row.version
    },

    async setRender(id: string, language: string, render: StoredRender): Promise<void> {
      await db
        .updateTable('dubbing_dubs')
        .set({
          renders: sql`jsonb_set(renders, ${`{${language}}`}::text[], ${JSON.stringify(render)}::jsonb)`,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute()
    },

    async delete(workspaceId: string, id: string): Promise<DubRow | undefined> {
      return db
        .deleteFrom('dubbing_dubs')
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst()
    },

    /** Takes the editor's hold when free, lapsed or already this editor's; false when another holds it. */
    async holdEditor(id: string, token: string, until: Date): Promise<boolean> {
      const result = await db
        .updateTable('dubbing_dubs')
        .set({ editor_token: token, editor_until: until })
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb('editor_token', 'is', null),
            eb('editor_token', '=', token),
            eb('editor_until', '<', new Date()),
          ]),
        )
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },

    async releaseEditor(id: string, token: string): Promise<void> {
      await db
        .updateTable('dubbing_dubs')
        .set({ editor_token: null, editor_until: null })
        .where('id', '=', id)
        .where('editor_token', '=', token)
        .execute()
    },
    ...transcriptRows(db),
  }
}

/** A dub's speakers and segments. */
function transcriptRows(db: Database) {
  return {
    speakers(dubId: string): Promise<SpeakerRow[]> {
      return db
        .selectFrom('dubbing_speakers')
        .selectAll()
        .where('dub_id', '=', dubId)
        .orderBy('position')
        .execute()
    },

    segments(dubId: string): Promise<SegmentRow[]> {
      return db
        .selectFrom('dubbing_segments')
        .selectAll()
        .where('dub_id', '=', dubId)
        .orderBy('start_time')
        .orderBy('id')
        .execute()
    },

    /** Replaces a dub's speakers and segments (a pipeline run starting again writes them afresh). */
    async replaceTranscript(
      dubId: string,
      speakers: Insertable<DubbingSpeakersTable>[],
      segments: Insertable<DubbingSegmentsTable>[],
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('dubbing_segments').where('dub_id', '=', dubId).execute()
        await trx.deleteFrom('dubbing_speakers').where('dub_id', '=', dubId).execute()
        if (speakers.length) await trx.insertInto('dubbing_speakers').values(speakers).execute()
        if (segments.length) await trx.insertInto('dubbing_segments').values(segments).execute()
      })
    },

    async insertSpeaker(row: Insertable<DubbingSpeakersTable>): Promise<void> {
      await db.insertInto('dubbing_speakers').values(row).execute()
    },

    async updateSpeaker(id: string, patch: Partial<Insertable<DubbingSpeakersTable>>): Promise<void> {
      await db.updateTable('dubbing_speakers').set(patch).where('id', '=', id).execute()
    },

    async insertSegment(row: Insertable<DubbingSegmentsTable>): Promise<void> {
      await db.insertInto('dubbing_segments').values(row).execute()
    },

    async updateSegment(id: string, patch: Partial<Insertable<DubbingSegmentsTable>>): Promise<void> {
      await db.updateTable('dubbing_segments').set(patch).where('id', '=', id).execute()
    },

    async setSegmentDub(id: string, language: string, dub: StoredSegmentDub): Promise<void> {
      await db
        .updateTable('dubbing_segments')
        .set({ dubs: sql`jsonb_set(dubs, ${`{${language}}`}::text[], ${JSON.stringify(dub)}::jsonb)` })
        .where('id', '=', id)
        .execute()
    },

    async deleteSegment(id: string): Promise<void> {
      await db.deleteFrom('dubbing_segments').where('id', '=', id).execute()
    },
  }
}

export type DubbingRepository = ReturnType<typeof createDubbingRepository>
