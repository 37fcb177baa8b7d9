import type { Insertable, Selectable } from 'kysely'
import type { Database } from '../../../db/database.js'
import { newId } from '../../../lib/ids.js'
import type { StoredBlock } from '../studio-content.js'
import type { SnapshotBlockAudio, StudioSnapshotsTable } from './conversion.tables.js'

export type SnapshotRow = Selectable<StudioSnapshotsTable>

/** Snapshots of a project or of one of its chapters (`chapterId` null: the project's). */
export function createSnapshotsRepository(db: Database) {
  return {
    async insertSnapshot(row: Insertable<StudioSnapshotsTable>): Promise<void> {
      await db.insertInto('studio_snapshots').values(row).execute()
    },

    async snapshots(projectId: string, chapterId: string | null): Promise<SnapshotRow[]> {
      let query = db.selectFrom('studio_snapshots').selectAll().where('project_id', '=', projectId)
      query =
        chapterId === null ? query.where('chapter_id', 'is', null) : query.where('chapter_id', '=', chapterId)
      return query.orderBy('created_at', 'desc').orderBy('id').execute()
    },

    async snapshot(
      projectId: string,
      chapterId: string | null,
      id: string,
    ): Promise<SnapshotRow | undefined> {
      let query = db
        .selectFrom('studio_snapshots')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('id', '=', id)
      query =
        chapterId === null ? query.where('chapter_id', 'is', null) : query.where('chapter_id', '=', chapterId)
      return query.executeTakeFirst()
    },

    async snapshotsByIds(projectId: string, ids: string[]): Promise<SnapshotRow[]> {
      if (ids.length === 0) return []
      return db
        .selectFrom('studio_snapshots')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('id', 'in', ids)
        .execute()
    },

    /**
     * A chapter back to a snapshot: its blocks as they were (a new version, so an editor open on
     * the chapter sees a newer save) and each block's audio then, kept as a take of that text.
     * Refused (false) while the chapter is being converted.
     */
    async restoreChapter(
      chapterId: string,
      blocks: StoredBlock[],
      audio: SnapshotBlockAudio[],
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const restored = await trx
          .updateTable('studio_chapters')
          .set((eb) => ({
            blocks: JSON.stringify(blocks),
            version: eb('version', '+', 1),
            conversion_state: 'converted',
            conversion_progress: 100,
            last_conversion_at: new Date(),
            last_conversion_error: null,
            updated_at: new Date(),
          }))
          .where('id', '=', chapterId)
          .where('conversion_state', 'not in', ['queued', 'converting'])
          .executeTakeFirst()
        if (Number(restored.numUpdatedRows) === 0) return false
        await trx.deleteFrom('studio_block_audio').where('chapter_id', '=', chapterId).execute()
        for (const block of audio) {
          const known = await trx
            .selectFrom('studio_block_takes')
            .select('id')
            .where('chapter_id', '=', chapterId)
            .where('block_id', '=', block.block_id)
            .where('storage_key', '=', block.storage_key)
            .executeTakeFirst()
          const takeId = known?.id ?? newId()
          const words = JSON.stringify(block.words)
          if (!known) {
            await trx
              .insertInto('studio_block_takes')
              .values({ id: takeId, chapter_id: chapterId, ...block, words })
              .execute()
          }
          await trx
            .insertInto('studio_block_audio')
            .values({ chapter_id: chapterId, ...block, words, take_id: takeId })
            .execute()
        }
        return true
      })
    },
  }
}
