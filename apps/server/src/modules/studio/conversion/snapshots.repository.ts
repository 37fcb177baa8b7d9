import type { Insertable, Selectable } from 'kysely'
import type { Database } from '../../../db/database.js'
import type { StudioSnapshotsTable } from './conversion.tables.js'

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
  }
}
