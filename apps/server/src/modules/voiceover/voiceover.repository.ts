import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import { createHeldRunStore } from '../../platform/jobs/held-run-store.js'
import type {
  VoiceoverClipsTable,
  VoiceoverProjectsTable,
  VoiceoverRendersTable,
  VoiceoverTracksTable,
} from './voiceover.tables.js'

// Voiceover projects, tracks, clips and renders. Every change to a project's timeline runs in
// `locked`, which holds the project's row for the length of one transaction, so two requests
// placing clips at once see each other's clips and cannot both take the same space.

export type ProjectRow = Selectable<VoiceoverProjectsTable>
export type TrackRow = Selectable<VoiceoverTracksTable>
export type ClipRow = Selectable<VoiceoverClipsTable>
export type RenderRow = Selectable<VoiceoverRendersTable>

function timeline(db: Kysely<DB> | Transaction<DB>) {
  return {
    async tracks(projectId: string): Promise<TrackRow[]> {
      return db
        .selectFrom('voiceover_tracks')
        .selectAll()
        .where('project_id', '=', projectId)
        .orderBy('position')
        .orderBy('created_at')
        .execute()
    },
    async clips(projectId: string): Promise<ClipRow[]> {
      return db
        .selectFrom('voiceover_clips')
        .selectAll()
        .where('project_id', '=', projectId)
        .orderBy('start_ms')
        .orderBy('id')
        .execute()
    },
    async insertTrack(row: Insertable<VoiceoverTracksTable>): Promise<void> {
      await db.insertInto('voiceover_tracks').values(row).execute()
    },
    async updateTrack(id: string, patch: Updateable<VoiceoverTracksTable>): Promise<void> {
      await db.updateTable('voiceover_tracks').set(patch).where('id', '=', id).execute()
    },
    async deleteTrack(id: string): Promise<void> {
      await db.deleteFrom('voiceover_tracks').where('id', '=', id).execute()
    },
    async insertClip(row: Insertable<VoiceoverClipsTable>): Promise<void> {
      await db.insertInto('voiceover_clips').values(row).execute()
    },
    async updateClip(id: string, patch: Updateable<VoiceoverClipsTable>): Promise<void> {
      await db.updateTable('voiceover_clips').set(patch).where('id', '=', id).execute()
    },
    async deleteClip(id: string): Promise<void> {
      await db.deleteFrom('voiceover_clips').where('id', '=', id).execute()
    },
    async touch(projectId: string, patch: Updateable<VoiceoverProjectsTable> = {}): Promise<void> {
      await db
        .updateTable('voiceover_projects')
        .set({ ...patch, updated_at: new Date() })
        .where('id', '=', projectId)
        .execute()
    },
  }
}

export type TimelineStore = ReturnType<typeof timeline>

export function createVoiceoverRepository(db: Database) {
  return {
    ...timeline(db),

    async list(workspaceId: string): Promise<ProjectRow[]> {
      return db
        .selectFrom('voiceover_projects')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .orderBy('created_at', 'desc')
        .limit(500)
        .execute()
    },

    async find(workspaceId: string, id: string): Promise<ProjectRow | undefined> {
      return db
        .selectFrom('voiceover_projects')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
    },

    async findAny(id: string): Promise<ProjectRow | undefined> {
      return db.selectFrom('voiceover_projects').selectAll().where('id', '=', id).executeTakeFirst()
    },

    /** A project with its first tracks and clips, all or nothing. */
    async create(
      project: Insertable<VoiceoverProjectsTable>,
      tracks: Insertable<VoiceoverTracksTable>[],
      clips: Insertable<VoiceoverClipsTable>[],
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('voiceover_projects').values(project).execute()
        if (tracks.length > 0) await trx.insertInto('voiceover_tracks').values(tracks).execute()
        if (clips.length > 0) await trx.insertInto('voiceover_clips').values(clips).execute()
      })
    },

    async remove(workspaceId: string, id: string): Promise<void> {
      await db
        .deleteFrom('voiceover_projects')
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .execute()
    },

    /** Runs `work` with the project's row held; undefined when the project is not in the workspace. */
    async locked<T>(
      workspaceId: string,
      projectId: string,
      work: (store: TimelineStore, project: ProjectRow) => Promise<T>,
    ): Promise<{ result: T } | undefined> {
      return db.transaction().execute(async (trx) => {
        const project = await trx
          .selectFrom('voiceover_projects')
          .selectAll()
          .where('workspace_id', '=', workspaceId)
          .where('id', '=', projectId)
          .forUpdate()
          .executeTakeFirst()
        if (!project) return undefined
        return { result: await work(timeline(trx), project) }
      })
    },

    renders: {
      async insert(
        row: Insertable<VoiceoverRendersTable>,
        enqueue: (trx: Transaction<DB>) => Promise<void>,
      ): Promise<void> {
        await db.transaction().execute(async (trx) => {
          await trx.insertInto('voiceover_renders').values(row).execute()
          await enqueue(trx)
        })
      },
      /** The rows the job runner holds (a dead run's render is failed, not taken over). */
      held: createHeldRunStore<RenderRow>(db, 'voiceover_renders', { takeover: false }),
      async find(workspaceId: string, projectId: string, id: string): Promise<RenderRow | undefined> {
        return db
          .selectFrom('voiceover_renders')
          .selectAll()
          .where('workspace_id', '=', workspaceId)
          .where('project_id', '=', projectId)
          .where('id', '=', id)
          .executeTakeFirst()
      },
      async latest(projectId: string): Promise<RenderRow | undefined> {
        return db
          .selectFrom('voiceover_renders')
          .selectAll()
          .where('project_id', '=', projectId)
          .orderBy('created_at', 'desc')
          .limit(1)
          .executeTakeFirst()
      },
      async findAny(id: string): Promise<RenderRow | undefined> {
        return db.selectFrom('voiceover_renders').selectAll().where('id', '=', id).executeTakeFirst()
      },
      async finish(id: string, result: { audio_key: string; video_key: string | null; duration_ms: number }) {
        await db
          .updateTable('voiceover_renders')
          .set({ ...result, status: 'done', progress: 100, updated_at: new Date() })
          .where('id', '=', id)
          .execute()
      },
      async fail(id: string, code: string, message: string): Promise<void> {
        await db
          .updateTable('voiceover_renders')
          .set({ status: 'failed', error_code: code, error_message: message, updated_at: new Date() })
          .where('id', '=', id)
          .where('status', 'in', ['queued', 'running'])
          .execute()
      },
    },
  }
}

export type VoiceoverRepository = ReturnType<typeof createVoiceoverRepository>
