import type { Insertable, Selectable, Transaction } from 'kysely'
import type { Database } from '../../../db/database.js'
import type { DB } from '../../../db/schema.js'
import { newId } from '../../../lib/ids.js'
import type { SpokenWord } from '../takes/spoken-words.js'
import type { StudioBlockAudioTable } from './conversion.tables.js'

export type BlockAudioRow = Selectable<StudioBlockAudioTable>

type NewBlockAudio = Omit<Insertable<StudioBlockAudioTable>, 'take_id' | 'words'> & {
  words: SpokenWord[]
  free?: boolean
  /** The audio file this take was made from: saving fails if the block has other audio by now. */
  replaces?: string
}

/** The block's audio changed while a take made from it was rendered (a conversion ran). */
export class BlockAudioChanged extends Error {}

/**
 * The audio of each block of a chapter (the take it uses, and whether it is locked) and the
 * block's takes: every rendering of its current text.
 */
export function createBlockAudioRepository(db: Database) {
  return {
    async blockAudio(chapterIds: string[]): Promise<BlockAudioRow[]> {
      if (chapterIds.length === 0) return []
      return db.selectFrom('studio_block_audio').selectAll().where('chapter_id', 'in', chapterIds).execute()
    },

    /**
     * Keeps a block's newest audio as a take and as the audio its chapter uses. Takes of other
     * text are dropped: their files' keys are returned to be deleted. Inside `within` (the
     * settlement of the block's credits) it commits or rolls back with the charge.
     */
    async saveBlockAudio(row: NewBlockAudio, within?: Transaction<DB>): Promise<string[]> {
      const save = async (trx: Transaction<DB>) => {
        const earlier = await trx
          .selectFrom('studio_block_audio')
          .selectAll()
          .where('chapter_id', '=', row.chapter_id)
          .where('block_id', '=', row.block_id)
          .forUpdate()
          .executeTakeFirst()
        if (row.replaces !== undefined && earlier?.storage_key !== row.replaces) throw new BlockAudioChanged()
        const unused: string[] = []
        // Audio kept before takes were becomes one, when it says the same text.
        if (earlier && earlier.take_id === null && earlier.storage_key !== row.storage_key) {
          if (earlier.source_hash === row.source_hash) {
            await trx
              .insertInto('studio_block_takes')
              .values({
                id: newId(),
                chapter_id: earlier.chapter_id,
                block_id: earlier.block_id,
                source_hash: earlier.source_hash,
                storage_key: earlier.storage_key,
                duration_seconds: earlier.duration_seconds,
                words: JSON.stringify(earlier.words),
                created_at: earlier.created_at,
              })
              .execute()
          } else unused.push(earlier.storage_key)
        }
        const stale = await trx
          .deleteFrom('studio_block_takes')
          .where('chapter_id', '=', row.chapter_id)
          .where('block_id', '=', row.block_id)
          .where('source_hash', '!=', row.source_hash)
          .returning('storage_key')
          .execute()
        unused.push(...stale.map((take) => take.storage_key))
        // A snapshot's blocks keep their audio files, to be restored.
        const kept = await trx
          .selectFrom('studio_snapshots')
          .select('block_audio')
          .where('chapter_id', '=', row.chapter_id)
          .where('block_audio', 'is not', null)
          .execute()
        const keep = new Set(kept.flatMap((s) => (s.block_audio ?? []).map((a) => a.storage_key)))
        const takeId = newId()
        const words = JSON.stringify(row.words)
        await trx.deleteFrom('studio_block_takes').where('storage_key', '=', row.storage_key).execute()
        await trx
          .insertInto('studio_block_takes')
          .values({
            id: takeId,
            chapter_id: row.chapter_id,
            block_id: row.block_id,
            source_hash: row.source_hash,
            storage_key: row.storage_key,
            duration_seconds: row.duration_seconds,
            words,
            free: row.free ?? false,
          })
          .execute()
        const audio = {
          source_hash: row.source_hash,
          storage_key: row.storage_key,
          duration_seconds: row.duration_seconds,
          free_regenerations: row.free_regenerations ?? 0,
          take_id: takeId,
          words,
        }
        await trx
          .insertInto('studio_block_audio')
          .values({ chapter_id: row.chapter_id, block_id: row.block_id, ...audio })
          .onConflict((oc) =>
            oc.columns(['chapter_id', 'block_id']).doUpdateSet({ ...audio, created_at: new Date() }),
          )
          .execute()
        return unused.filter((key) => !keep.has(key))
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
