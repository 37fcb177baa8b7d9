import { STUDIO_PROJECT_MAX_CHAPTERS } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { invalid, type Workspace } from './project-rules.js'
import type { ChapterRow, ProjectRow } from './studio.repository.js'
import type { StudioDeps } from './studio-deps.js'
import { chapterWithContentView } from './studio-views.js'

// Finding a workspace's project (and refusing anyone who may only view it) before any change.

export async function requireProject(
  deps: StudioDeps,
  workspace: Workspace,
  projectId: string,
): Promise<ProjectRow> {
  const { repository } = deps
  const project = await repository.findProject(workspace.workspaceId, projectId)
  if (!project) throw new AppError('project_not_found')
  return project
}

export async function withContent(deps: StudioDeps, chapter: ChapterRow) {
  const audio = await deps.blockAudio(chapter.id)
  return chapterWithContentView(chapter, new Map(audio.map((a) => [a.block_id, a])))
}

/** A project the caller may change: members who may only view it are refused (403). */
export async function requireEditableProject(
  deps: StudioDeps,
  workspace: Workspace,
  projectId: string,
): Promise<ProjectRow> {
  const project = await requireProject(deps, workspace, projectId)
  await deps.access?.requireEditor(workspace, { id: project.id, createdBy: project.created_by })
  return project
}

export async function requireVoices(
  deps: StudioDeps,
  workspaceId: string,
  voiceIds: string[],
  param: string,
): Promise<void> {
  for (const voiceId of voiceIds) {
    if (!(await deps.voiceUsable(workspaceId, voiceId))) {
      throw new AppError('studio_voice_not_found', {
        message: `Voice not found or deleted: ${voiceId}.`,
        param,
      })
    }
  }
}

export function checkChapterCount(count: number) {
  if (count > STUDIO_PROJECT_MAX_CHAPTERS)
    throw invalid(`A project may have at most ${STUDIO_PROJECT_MAX_CHAPTERS} chapters.`, 'from_document')
}
