import type { Selectable, Transaction } from 'kysely'
import type { Database } from '../../../db/database.js'
import type { DB } from '../../../db/schema.js'
import type { StudioPublicationsTable } from './publishing.tables.js'

export type PublicationRow = Selectable<StudioPublicationsTable>

export interface StoredImage {
  key: string
  mime_type: string
}

/** What the public page serves: the metadata and chapter audio of one publish. */
export interface PublishedVersion {
  title: string
  author: string | null
  description: string | null
  language: string | null
  image: StoredImage | null
  full_access: boolean
  chapters: Array<{
    title: string
    duration_seconds: number
    full_key: string
    preview_key: string
    preview_seconds: number
  }>
}

/** Longer than a publish job may run (its queue expiry), so a run this still is dead. */
const STALE_RUN_MS = 20 * 60 * 1000

/** The publications of Studio projects (the SQL of publishing). */
export function createPublishingRepository(db: Database) {
  const table = 'studio_publications' as const
  return {
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

    /**
     * Starts a publish run (publishing or updating) and sends its job in the same transaction;
     * refused (false) while another run of the project is under way.
     */
    async start(
      projectId: string,
      run: { runId: string; state: 'publishing' | 'updating'; fingerprint: string; fullAccess: boolean },
      enqueue: (trx: Transaction<DB>) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom(table)
          .select(['state', 'updated_at'])
          .where('project_id', '=', projectId)
          .forUpdate()
          .executeTakeFirst()
        if (!row) return false
        // A run that has not moved for longer than its job may live died with every retry;
        // a new run takes over (the dead run can no longer swap its version in).
        const alive = row.updated_at.getTime() > Date.now() - STALE_RUN_MS
        if ((row.state === 'publishing' || row.state === 'updating') && alive) return false
        await trx
          .updateTable(table)
          .set({
            state: run.state,
            progress: 0,
            run_id: run.runId,
            requested_fingerprint: run.fingerprint,
            full_access: run.fullAccess,
            last_error: null,
            updated_at: new Date(),
          })
          .where('project_id', '=', projectId)
          .execute()
        await enqueue(trx)
        return true
      })
    },

    async progress(projectId: string, runId: string, percent: number): Promise<void> {
      await db
        .updateTable(table)
        .set({ progress: percent, updated_at: new Date() })
        .where('project_id', '=', projectId)
        .where('run_id', '=', runId)
        .execute()
    },

    /**
     * Makes a run's version the published one, if the run still owns the project. Returns the
     * version it replaced (its files are then deleted), or 'stale' when another run took over.
     */
    async finish(
      projectId: string,
      runId: string,
      version: PublishedVersion,
      at: Date,
    ): Promise<PublishedVersion | null | 'stale'> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom(table)
          .select(['run_id', 'published', 'requested_fingerprint'])
          .where('project_id', '=', projectId)
          .forUpdate()
          .executeTakeFirst()
        if (!row || row.run_id !== runId) return 'stale'
        await trx
          .updateTable(table)
          .set({
            state: 'published',
            progress: 100,
            run_id: null,
            published: JSON.stringify(version),
            published_fingerprint: row.requested_fingerprint,
            published_at: at,
            updated_at: at,
          })
          .where('project_id', '=', projectId)
          .execute()
        return (row.published as PublishedVersion | null) ?? null
      })
    },

    /** A failed run: back to published (the earlier version still serves) or to draft. */
    async fail(projectId: string, runId: string, message: string): Promise<void> {
      await db
        .updateTable(table)
        .set((eb) => ({
          state: eb.case().when('published', 'is not', null).then('published').else('draft').end(),
          progress: 0,
          run_id: null,
          last_error: message,
          updated_at: new Date(),
        }))
        .where('project_id', '=', projectId)
        .where('run_id', '=', runId)
        .execute()
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
