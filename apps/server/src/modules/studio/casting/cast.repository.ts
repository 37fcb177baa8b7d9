import type { Selectable } from 'kysely'
import type { Database } from '../../../db/database.js'
import { AppError } from '../../../errors.js'
import { blocksChange } from '../chapters.repository.js'
import type { StoredBlock } from '../studio-content.js'
import type { StudioCastTable } from './cast.tables.js'

// A project's cast, and the chapters a cast change rewrites, saved together: a cast is never
// saved without the lines it voices, nor the other way round, and a chapter saved by someone
// else in between refuses the whole change.

export type CastRow = Selectable<StudioCastTable>

export interface CastMember {
  character_id: string
  name: string
  voice_id: string | null
  lines: number
}

export interface RewrittenChapter {
  id: string
  /** The version the blocks were read at: a save in between refuses the whole change. */
  version: number
  blocks: StoredBlock[]
}

export function createCastRepository(db: Database) {
  return {
    async list(projectId: string): Promise<CastRow[]> {
      return db
        .selectFrom('studio_cast')
        .selectAll()
        .where('project_id', '=', projectId)
        .orderBy('lines', 'desc')
        .orderBy('name')
        .execute()
    },

    /** Replaces the cast with `members` and saves the rewritten chapters, in one transaction. */
    async save(projectId: string, members: CastMember[], chapters: RewrittenChapter[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.selectFrom('studio_projects').select('id').where('id', '=', projectId).forUpdate().execute()
        await trx.deleteFrom('studio_cast').where('project_id', '=', projectId).execute()
        if (members.length > 0) {
          await trx
            .insertInto('studio_cast')
            .values(members.map((member) => ({ project_id: projectId, ...member })))
            .execute()
        }
        for (const chapter of chapters) {
          const saved = await trx
            .updateTable('studio_chapters')
            .set((eb) => ({
              ...blocksChange(eb, chapter.blocks),
              version: eb('version', '+', 1),
              updated_at: new Date(),
            }))
            .where('project_id', '=', projectId)
            .where('id', '=', chapter.id)
            .where('version', '=', chapter.version)
            .executeTakeFirst()
          if (Number(saved.numUpdatedRows) === 0) throw new AppError('studio_version_conflict')
        }
      })
    },
  }
}

export type CastRepository = ReturnType<typeof createCastRepository>
