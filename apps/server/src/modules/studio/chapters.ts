import { STUDIO_PROJECT_MAX_CHAPTERS } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import { requireEditableProject, requireProject, requireVoices, withContent } from './project-access.js'
import { articleAt } from './project-content.js'
import { invalid, type Workspace } from './project-rules.js'
import { blocksFromImport, type ChapterContentInput, storedBlocks, voicesIn } from './studio-content.js'
import type { StudioDeps } from './studio-deps.js'
import { chapterView } from './studio-views.js'

export async function listChapters(deps: StudioDeps, principal: Workspace, projectId: string) {
  const { repository } = deps
  const project = await requireProject(deps, principal, projectId)
  return { chapters: (await repository.listChapters(project.id)).map(chapterView) }
}

export async function createChapter(
  deps: StudioDeps,
  principal: Workspace,
  projectId: string,
  body: { name: string; from_url?: string | null },
) {
  const { repository } = deps
  const project = await requireEditableProject(deps, principal, projectId)
  const name = body.name.trim()
  if (!name) throw invalid('Name is required.', 'name')
  // With from_url the chapter starts with the page's readable text, read aloud by the
  // project's default voices.
  const article = body.from_url ? await articleAt(deps, body.from_url) : null
  const voices = { title: project.default_title_voice_id, paragraph: project.default_paragraph_voice_id }
  const blocks = article
    ? blocksFromImport({ name, blocks: article.paragraphs.map((text) => ({ kind: 'p', text })) }, voices)
    : []
  const id = newId()
  const outcome = await repository.appendChapters(
    project.id,
    [{ id, name, blocks }],
    STUDIO_PROJECT_MAX_CHAPTERS,
  )
  if (outcome === 'full')
    throw invalid(`A project may have at most ${STUDIO_PROJECT_MAX_CHAPTERS} chapters.`, 'name')
  const chapter = await repository.findChapter(project.id, id)
  if (!chapter) throw new AppError('chapter_not_found')
  return { chapter: await withContent(deps, chapter) }
}

export async function getChapter(
  deps: StudioDeps,
  principal: Workspace,
  projectId: string,
  chapterId: string,
) {
  const { repository } = deps
  const project = await requireProject(deps, principal, projectId)
  const chapter = await repository.findChapter(project.id, chapterId)
  if (!chapter) throw new AppError('chapter_not_found')
  return withContent(deps, chapter)
}

/**
 * Saves a chapter's name and content. With `version` (what the editor loaded) a save over
 * someone else's newer save is refused with a conflict; without it the save overwrites.
 */
export async function updateChapter(
  deps: StudioDeps,
  principal: Workspace,
  projectId: string,
  chapterId: string,
  body: { name?: string | null; content?: ChapterContentInput | null; version?: number | null },
) {
  const { repository } = deps
  const project = await requireEditableProject(deps, principal, projectId)
  const name = body.name === undefined || body.name === null ? undefined : body.name.trim()
  if (name === '') throw invalid('Name is required.', 'name')
  const blocks = body.content ? storedBlocks(body.content.blocks) : undefined
  if (blocks) await requireVoices(deps, principal.workspaceId, voicesIn(blocks), 'content')
  const saved = await repository.updateChapter(
    project.id,
    chapterId,
    { ...(name === undefined ? {} : { name }), ...(blocks ? { blocks } : {}) },
    body.version ?? undefined,
  )
  if (saved === null) {
    if (!(await repository.findChapter(project.id, chapterId))) throw new AppError('chapter_not_found')
    throw new AppError('studio_version_conflict')
  }
  const chapter = await repository.findChapter(project.id, chapterId)
  if (!chapter) throw new AppError('chapter_not_found')
  return { chapter: await withContent(deps, chapter) }
}

export async function deleteChapter(
  deps: StudioDeps,
  principal: Workspace,
  projectId: string,
  chapterId: string,
) {
  const { repository } = deps
  const project = await requireEditableProject(deps, principal, projectId)
  if (!(await repository.deleteChapter(project.id, chapterId))) throw new AppError('chapter_not_found')
  return { status: 'ok' as const }
}
