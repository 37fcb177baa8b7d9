import { AppError } from '../../errors.js'
import { checkChapterCount, requireEditableProject, requireProject, requireVoices } from './project-access.js'
import { chaptersFromForm } from './project-content.js'
import { checkProjectName, invalid, projectVoiceIds, type Workspace } from './project-rules.js'
import type { StudioDeps } from './studio-deps.js'
import { booleanField, type StudioForm } from './studio-form.js'
import { chapterView, type ProjectMetadata, projectView } from './studio-views.js'

export async function list(deps: StudioDeps, principal: Workspace) {
  const { repository } = deps
  const rows = await repository.listProjects(principal.workspaceId)
  return { projects: rows.map((row) => projectView(row)) }
}

export async function get(deps: StudioDeps, principal: Workspace, projectId: string) {
  const { repository } = deps
  const project = await requireProject(deps, principal, projectId)
  const chapters = await repository.listChapters(project.id)
  return {
    ...projectView(project, chapters),
    quality_preset: (project.metadata as ProjectMetadata).quality_preset ?? 'standard',
    apply_text_normalization: (project.metadata as ProjectMetadata).apply_text_normalization ?? 'auto',
    chapters: chapters.map(chapterView),
    pronunciation_dictionary_versions: [],
    pronunciation_dictionary_locators: (
      project.pronunciation_dictionary_locators as Array<{
        pronunciation_dictionary_id: string
        version_id?: string | null
      }>
    ).map((l) => ({
      pronunciation_dictionary_id: l.pronunciation_dictionary_id,
      version_id: l.version_id ?? null,
    })),
    assets: [],
    voices: projectVoiceIds(project, chapters).map((voiceId) => ({
      project_voice_ref_id: voiceId,
      voice_id: voiceId,
      alias: voiceId,
      stability: 0.5,
      similarity_boost: 0.75,
      style: 0,
      is_pinned: false,
      use_speaker_boost: true,
      volume_gain: 0,
      speed: 1,
    })),
  }
}

export async function update(
  deps: StudioDeps,
  principal: Workspace,
  projectId: string,
  body: {
    name: string
    default_title_voice_id: string
    default_paragraph_voice_id: string
    title?: string | null
    author?: string | null
    isbn_number?: string | null
    volume_normalization?: boolean
  },
) {
  const { repository } = deps
  const project = await requireEditableProject(deps, principal, projectId)
  const name = checkProjectName(body.name)
  await requireVoices(deps, principal.workspaceId, [body.default_title_voice_id], 'default_title_voice_id')
  await requireVoices(
    deps,
    principal.workspaceId,
    [body.default_paragraph_voice_id],
    'default_paragraph_voice_id',
  )
  if (body.isbn_number && !/^[0-9Xx -]{10,17}$/.test(body.isbn_number))
    throw invalid('isbn_number is not an ISBN.', 'isbn_number')
  const metadata: ProjectMetadata = {
    ...(project.metadata as ProjectMetadata),
    ...(body.title === undefined ? {} : { title: body.title?.trim() || null }),
    ...(body.author === undefined ? {} : { author: body.author?.trim() || null }),
    ...(body.isbn_number === undefined ? {} : { isbn_number: body.isbn_number?.trim() || null }),
    ...(body.volume_normalization === undefined ? {} : { volume_normalization: body.volume_normalization }),
  }
  await repository.updateProject(principal.workspaceId, projectId, {
    name,
    metadata: metadata as Record<string, unknown>,
    defaultTitleVoiceId: body.default_title_voice_id,
    defaultParagraphVoiceId: body.default_paragraph_voice_id,
  })
  return { project: projectView(await requireProject(deps, principal, projectId)) }
}

export async function remove(deps: StudioDeps, principal: Workspace, projectId: string) {
  const { repository } = deps
  const project = await requireEditableProject(deps, principal, projectId)
  const derived = (await deps.derivedFiles?.(project.id)) ?? []
  if (!(await repository.deleteProject(principal.workspaceId, projectId)))
    throw new AppError('project_not_found')
  const cover = (project.metadata as ProjectMetadata).cover_image
  if (cover) await deps.storage.delete(cover.key)
  for (const key of derived) await deps.storage.delete(key)
  await deps.access?.deleted(principal.workspaceId, projectId)
  return { status: 'ok' as const }
}

/** Replaces the project's chapters with the content of a document or content JSON. */
export async function replaceContent(
  deps: StudioDeps,
  principal: Workspace,
  projectId: string,
  form: StudioForm,
) {
  const { repository } = deps
  const project = await requireEditableProject(deps, principal, projectId)
  if (booleanField(form, 'auto_convert')) {
    throw invalid(
      'auto_convert is not available on this server; convert chapters after updating the content.',
      'auto_convert',
    )
  }
  const voices = { title: project.default_title_voice_id, paragraph: project.default_paragraph_voice_id }
  const content = await chaptersFromForm(deps, form, voices, principal.workspaceId)
  if (!content.chapters) throw invalid('Send from_document or from_content_json.', 'from_document')
  checkChapterCount(content.chapters.length)
  await repository.replaceChapters(project.id, content.chapters)
  return { project: projectView(await requireProject(deps, principal, projectId)) }
}
