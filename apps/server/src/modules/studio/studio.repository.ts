import type { Selectable } from 'kysely'
import type { Database } from '../../db/database.js'
import { createChaptersRepository, insertChapters, type NewChapter } from './chapters.repository.js'
import type { StudioProjectsTable } from './studio.tables.js'

export type ProjectRow = Selectable<StudioProjectsTable>
export type { ChapterRow, NewChapter } from './chapters.repository.js'

export interface NewProject {
  id: string
  workspaceId: string
  createdBy: string
  name: string
  metadata: Record<string, unknown>
  defaultTitleVoiceId: string
  defaultParagraphVoiceId: string
  defaultModelId: string
  sourceType: string
  /** Where each conversion's result is posted. */
  callbackUrl?: string | null
}

export interface ProjectPatch {
  name?: string
  metadata?: Record<string, unknown>
  defaultTitleVoiceId?: string
  defaultParagraphVoiceId?: string
}

export function createStudioRepository(db: Database) {
  return {
    ...createChaptersRepository(db),
    /** Creates a project with its first chapters in one transaction: never half a project. */
    async createProject(project: NewProject, chapters: NewChapter[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('studio_projects')
          .values({
            id: project.id,
            workspace_id: project.workspaceId,
            created_by: project.createdBy,
            name: project.name,
            metadata: JSON.stringify(project.metadata),
            default_title_voice_id: project.defaultTitleVoiceId,
            default_paragraph_voice_id: project.defaultParagraphVoiceId,
            default_model_id: project.defaultModelId,
            source_type: project.sourceType,
            callback_url: project.callbackUrl ?? null,
          })
          .execute()
        await insertChapters(trx, project.id, chapters)
      })
    },

    async listProjects(workspaceId: string): Promise<ProjectRow[]> {
      return db
        .selectFrom('studio_projects')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute()
    },

    async findProject(workspaceId: string, projectId: string): Promise<ProjectRow | undefined> {
      return db
        .selectFrom('studio_projects')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', projectId)
        .executeTakeFirst()
    },

    /** Applies a patch and counts a new version; false when the project is not the workspace's. */
    async updateProject(workspaceId: string, projectId: string, patch: ProjectPatch): Promise<boolean> {
      const result = await db
        .updateTable('studio_projects')
        .set((eb) => ({
          ...(patch.name === undefined ? {} : { name: patch.name }),
          ...(patch.metadata === undefined ? {} : { metadata: JSON.stringify(patch.metadata) }),
          ...(patch.defaultTitleVoiceId === undefined
            ? {}
            : { default_title_voice_id: patch.defaultTitleVoiceId }),
          ...(patch.defaultParagraphVoiceId === undefined
            ? {}
            : { default_paragraph_voice_id: patch.defaultParagraphVoiceId }),
          version: eb('version', '+', 1),
          updated_at: new Date(),
        }))
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', projectId)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },

    async deleteProject(workspaceId: string, projectId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('studio_projects')
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', projectId)
        .executeTakeFirst()
      return Number(result.numDeletedRows) > 0
    },
  }
}

export type StudioRepository = ReturnType<typeof createStudioRepository>
