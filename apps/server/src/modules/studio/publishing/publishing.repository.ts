import type { Selectable } from 'kysely'
import type { Database } from '../../../db/database.js'
import { createPublishRunsRepository } from './publish-runs.repository.js'
import type { PublishedVersion, StoredImage } from './published-version.js'
import type { StudioPublicationsTable } from './publishing.tables.js'

export type PublicationRow = Selectable<StudioPublicationsTable>
export type { PublishedVersion, StoredImage } from './published-version.js'

/** The publications of Studio projects (the SQL of publishing). */
export function createPublishingRepository(db: Database) {
  const table = 'studio_publications' as const
  return {
    ...createPublishRunsRepository(db),
    async find(projectId: string): Promise<PublicationRow | undefined> {
      return db.selectFrom(table).selectAll().where('project_id', '=', projectId).executeTakeFirst()
    },

    async findBySlug(slug: string): Promise<PublicationRow | undefined> {
      return db.selectFrom(table).selectAll().where('slug', '=', slug).executeTakeFirst()
    },

    /** The project's publication row, made (in draft) on first use. */
    async ensure(projectId: string, workspaceId: string, slug: string): Promise<PublicationRow> {
      await db
        .insertInto(table)
        .values({ project_id: projectId, workspace_id: workspaceId, slug })
        .onConflict((oc) => oc.column('project_id').doNothing())
        .execute()
      return db.selectFrom(table).selectAll().where('project_id', '=', projectId).executeTakeFirstOrThrow()
    },

    /** Sets the publishing image; the earlier one is returned so its file can be deleted. */
    async setImage(projectId: string, image: StoredImage | null): Promise<StoredImage | null> {
      return db.transaction().execute(async (trx) => {
        const earlier = await trx
          .selectFrom(table)
          .select('image')
          .where('project_id', '=', projectId)
          .forUpdate()
          .executeTakeFirst()
        await trx
          .updateTable(table)
          .set({ image: image && JSON.stringify(image), updated_at: new Date() })
          .where('project_id', '=', projectId)
          .execute()
        return earlier?.image ?? null
      })
    },

    /** Takes the page down; the version it served is returned so its files can be deleted. */
    async unpublish(projectId: string): Promise<PublishedVersion | null> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom(table)
          .select('published')
          .where('project_id', '=', projectId)
          .forUpdate()
          .executeTakeFirst()
        await trx
          .updateTable(table)
          .set({
            state: 'draft',
            progress: 0,
            run_id: null,
            published: null,
            published_fingerprint: null,
            published_at: null,
            last_error: null,
            updated_at: new Date(),
          })
          .where('project_id', '=', projectId)
          .execute()
        return (row?.published as PublishedVersion | null) ?? null
      })
    },
  }
}

export type PublishingRepository = ReturnType<typeof createPublishingRepository>
