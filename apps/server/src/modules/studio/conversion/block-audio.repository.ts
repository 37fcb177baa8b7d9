import type { Insertable, Selectable, Transaction } from 'kysely'
import type { Database } from '../../../db/database.js'
import type { DB } from '../../../db/schema.js'
import type { StudioBlockAudioTable } from './conversion.tables.js'

export type BlockAudioRow = Selectable<StudioBlockAudioTable>

/** The audio of each block of a chapter: its newest take, and whether it is locked. */
export function createBlockAudioRepository(db: Database) {
  return {
    async blockAudio(chapterIds: string[]): Promise<BlockAudioRow[]> {
      if (chapterIds.length === 0) return []
      return db.selectFrom('studio_block_audio').selectAll().where('chapter_id', 'in', chapterIds).execute()
    },

    /**
     * Keeps a block's newest audio; the earlier file's key is returned to be deleted. Inside
     * `within` (the settlement of the block's credits) it commits or rolls back with the charge.
     */
    async saveBlockAudio(
      row: Insertable<StudioBlockAudioTable>,
      within?: Transaction<DB>,
    ): Promise<string | null> {
      const save = async (trx: Transaction<DB>) => {
        const earlier = await trx
          .selectFrom('studio_block_audio')
          .select('storage_key')
          .where('chapter_id', '=', row.chapter_id)
          .where('block_id', '=', row.block_id)
          .forUpdate()
          .executeTakeFirst()
        await trx
          .insertInto('studio_block_audio')
          .values(row)
          .onConflict((oc) =>
            oc.columns(['chapter_id', 'block_id']).doUpdateSet({
              source_hash: row.source_hash,
              storage_key: row.storage_key,
              duration_seconds: row.duration_seconds,
              free_regenerations: row.free_regenerations ?? 0,
              created_at: new Date(),
            }),
          )
          .execute()
        return earlier && earlier.storage_key !== row.storage_key ? earlier.storage_key : null
      }
      return within ? save(within) : db.transaction().execute(save)
    },

    async setLocked(chapterId: string, blockId: string, locked: boolean): Promise<boolean> {
      const result = await db
        .updateTable('studio_block_audio')
        .set({ locked })
        .where('chapter_id', '=', chapterId)
        .where('block_id', '=', blockId)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },
  }
}
