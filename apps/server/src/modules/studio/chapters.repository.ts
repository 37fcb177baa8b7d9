import { type ExpressionBuilder, type Selectable, sql, type Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import type { StudioChaptersTable } from './studio.tables.js'
import type { StoredBlock } from './studio-content.js'

// The chapters of a project, in order. Every change to them counts a new version of the
// chapter (or of the project, when chapters are added or replaced).

export type ChapterRow = Selectable<StudioChaptersTable>

export interface NewChapter {
  id: string
  name: string
  blocks: StoredBlock[]
}

/** Inserts chapters of a project in order, the first at `start`. */
export async function insertChapters(
  trx: Transaction<DB>,
  projectId: string,
  chapters: NewChapter[],
  start = 0,
) {
  if (chapters.length === 0) return
  await trx
    .insertInto('studio_chapters')
    .values(
      chapters.map((chapter, i) => ({
        id: chapter.id,
        project_id: projectId,
        position: start + i,
        name: chapter.name,
        blocks: JSON.stringify(chapter.blocks),
      })),
    )
    .execute()
}

export function createChaptersRepository(db: Database) {
  return {
    async listChapters(projectId: string): Promise<ChapterRow[]> {
      return db
        .selectFrom('studio_chapters')
        .selectAll()
        .where('project_id', '=', projectId)
        .orderBy('position')
        .execute()
    },

    async findChapter(projectId: string, chapterId: string): Promise<ChapterRow | undefined> {
      return db
        .selectFrom('studio_chapters')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('id', '=', chapterId)
        .executeTakeFirst()
    },

    /** Appends chapters after the last one, holding the project row so positions never collide. */
    async appendChapters(
      projectId: string,
      chapters: NewChapter[],
      maxChapters: number,
    ): Promise<'ok' | 'full'> {
      return db.transaction().execute(async (trx) => {
        await trx.selectFrom('studio_projects').select('id').where('id', '=', projectId).forUpdate().execute()
        const { count, last } = await trx
          .selectFrom('studio_chapters')
          .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.max('position').as('last')])
          .where('project_id', '=', projectId)
          .executeTakeFirstOrThrow()
        if (Number(count) + chapters.length > maxChapters) return 'full'
        const start = last === null ? 0 : Number(last) + 1
        await insertChapters(trx, projectId, chapters, start)
        await trx
          .updateTable('studio_projects')
          .set((eb) => ({ version: eb('version', '+', 1), updated_at: new Date() }))
          .where('id', '=', projectId)
          .execute()
        return 'ok'
      })
    },

    /**
     * Saves a chapter's name or blocks. With `expectedVersion` the save happens only if nobody
     * saved since that version (compare-and-set); the new version is returned, or null when the
     * chapter changed in between (or is gone).
     */
    async updateChapter(
      projectId: string,
      chapterId: string,
      patch: { name?: string; blocks?: StoredBlock[] },
      expectedVersion?: number,
    ): Promise<number | null> {
      let query = db
        .updateTable('studio_chapters')
        .set((eb) => ({
          ...(patch.name === undefined ? {} : { name: patch.name }),
          ...(patch.blocks === undefined ? {} : blocksChange(eb, patch.blocks)),
          version: eb('version', '+', 1),
          updated_at: new Date(),
        }))
        .where('project_id', '=', projectId)
        .where('id', '=', chapterId)
      if (expectedVersion !== undefined) query = query.where('version', '=', expectedVersion)
      const row = await query.returning('version').executeTakeFirst()
      return row?.version ?? null
    },

    async deleteChapter(projectId: string, chapterId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('studio_chapters')
        .where('project_id', '=', projectId)
        .where('id', '=', chapterId)
        .executeTakeFirst()
      return Number(result.numDeletedRows) > 0
    },

    /** Replaces every chapter of a project with new content (the content call), in one unit. */
    async replaceChapters(projectId: string, chapters: NewChapter[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.selectFrom('studio_projects').select('id').where('id', '=', projectId).forUpdate().execute()
        await trx.deleteFrom('studio_chapters').where('project_id', '=', projectId).execute()
        await insertChapters(trx, projectId, chapters)
        await trx
          .updateTable('studio_projects')
          .set((eb) => ({ version: eb('version', '+', 1), updated_at: new Date() }))
          .where('id', '=', projectId)
          .execute()
      })
    },
  }
}

/**
 * The columns a change of a chapter's blocks sets. Audio made from other text no longer stands
 * for the chapter: once its blocks change, a converted (or failed) chapter is "not converted
 * yet" until converted again. Blocks whose text is unchanged keep their audio, so that rerun is
 * short.
 */
export function blocksChange(eb: ExpressionBuilder<DB, 'studio_chapters'>, blocks: StoredBlock[]) {
  return {
    blocks: JSON.stringify(blocks),
    conversion_state: sql<string>`case when ${changedAfterConversion(eb, blocks)} then 'not_converted' else ${eb.ref('conversion_state')} end`,
    conversion_progress: sql<
      number | null
    >`case when ${changedAfterConversion(eb, blocks)} then 0 else ${eb.ref('conversion_progress')} end`,
  }
}

/** True (in SQL) when new blocks differ from a chapter's converted (or failed) ones. */
function changedAfterConversion(eb: ExpressionBuilder<DB, 'studio_chapters'>, blocks: StoredBlock[]) {
  return sql<boolean>`(${eb.ref('blocks')} <> ${JSON.stringify(blocks)}::jsonb and ${eb.ref('conversion_state')} in ('converted', 'failed'))`
}
