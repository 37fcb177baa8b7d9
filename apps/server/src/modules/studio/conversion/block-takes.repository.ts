import type { Selectable } from 'kysely'
import type { Database } from '../../../db/database.js'
import type { StudioBlockTakesTable } from './conversion.tables.js'

export type BlockTakeRow = Selectable<StudioBlockTakesTable>

/** A block's takes (every rendering of its current text), the one picked, and their files. */
export function createBlockTakesRepository(db: Database) {
  return {
    /** A block's takes of the text its audio says, newest first. */
    async takes(chapterId: string, blockId: string, sourceHash: string): Promise<BlockTakeRow[]> {
      return db
        .selectFrom('studio_block_takes')
        .selectAll()
        .where('chapter_id', '=', chapterId)
        .where('block_id', '=', blockId)
        .where('source_hash', '=', sourceHash)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute()
    },

    /** Makes a take the audio its chapter uses; false when the block is locked or the take gone. */
    async pickTake(chapterId: string, blockId: string, takeId: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const take = await trx
          .selectFrom('studio_block_takes')
          .selectAll()
          .where('id', '=', takeId)
          .where('chapter_id', '=', chapterId)
          .where('block_id', '=', blockId)
          .executeTakeFirst()
        if (!take) return false
        const result = await trx
          .updateTable('studio_block_audio')
          .set({
            storage_key: take.storage_key,
            duration_seconds: take.duration_seconds,
            words: JSON.stringify(take.words),
            take_id: take.id,
          })
          .where('chapter_id', '=', chapterId)
          .where('block_id', '=', blockId)
          .where('source_hash', '=', take.source_hash)
          .where('locked', '=', false)
          .executeTakeFirst()
        return Number(result.numUpdatedRows) > 0
      })
    },

    /** Every block audio and take file of a project's chapters (deleted with the project). */
    async blockFiles(projectId: string): Promise<string[]> {
      const chapters = db.selectFrom('studio_chapters').select('id').where('project_id', '=', projectId)
      const [audio, takes] = await Promise.all([
        db
          .selectFrom('studio_block_audio')
          .select('storage_key')
          .where('chapter_id', 'in', chapters)
          .execute(),
        db
          .selectFrom('studio_block_takes')
          .select('storage_key')
          .where('chapter_id', 'in', chapters)
          .execute(),
      ])
      return [...new Set([...audio, ...takes].map((row) => row.storage_key))]
    },
  }
}
