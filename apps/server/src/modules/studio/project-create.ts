import { STUDIO_SOURCE_TYPES } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import { checkChapterCount, requireProject, requireVoices } from './project-access.js'
import { chaptersFromForm } from './project-content.js'
import { checkProjectName, invalid, metadataFrom, oneOf, type Workspace } from './project-rules.js'
import type { DefaultVoices } from './studio-content.js'
import { storeCover } from './studio-cover.js'
import type { StudioDeps } from './studio-deps.js'
import { booleanField, field, type StudioForm } from './studio-form.js'
import { projectView } from './studio-views.js'

export async function create(deps: StudioDeps, principal: Workspace, form: StudioForm) {
  const { repository } = deps
  const name = checkProjectName(field(form, 'name'))
  const voices: DefaultVoices = {
    title: field(form, 'default_title_voice_id') || deps.defaults.voiceId,
    paragraph: field(form, 'default_paragraph_voice_id') || deps.defaults.voiceId,
  }
  await requireVoices(deps, principal.workspaceId, [voices.title], 'default_title_voice_id')
  await requireVoices(deps, principal.workspaceId, [voices.paragraph], 'default_paragraph_voice_id')
  const modelId = field(form, 'default_model_id') || deps.defaults.modelId
  if (!deps.modelExists(modelId)) throw new AppError('model_not_found', { param: 'default_model_id' })
  if (booleanField(form, 'auto_convert')) {
    throw invalid(
      'auto_convert is not available on this server; convert chapters after creating the project.',
      'auto_convert',
    )
  }
  const sourceType = oneOf(STUDIO_SOURCE_TYPES, field(form, 'source_type'), 'source_type')
  const callbackUrl = field(form, 'callback_url') || null
  if (callbackUrl) {
    if (!deps.checkCallbackUrl) throw invalid('callback_url is not available on this server.', 'callback_url')
    await deps.checkCallbackUrl(callbackUrl, 'callback_url')
  }
  const metadata = metadataFrom(form)
  const content = await chaptersFromForm(deps, form, voices, principal.workspaceId)
  const chapters = content.chapters ?? [{ id: newId(), name: 'Chapter 1', blocks: [] }]
  checkChapterCount(chapters.length)
  const document = content.document
  if (document) {
    metadata.title ??= document.title ?? null
    metadata.author ??= document.author ?? null
    metadata.language ??= document.language?.slice(0, 2).toLowerCase() ?? null
  }
  const id = newId()
  // Stored last, after every check, and removed again if the project cannot be written.
  const cover = form.cover && (await storeCover(deps.storage, principal.workspaceId, id, form.cover))
  if (cover) metadata.cover_image = cover
  await repository
    .createProject(
      {
        id,
        workspaceId: principal.workspaceId,
        createdBy: principal.userId,
        name,
        metadata: metadata as Record<string, unknown>,
        defaultTitleVoiceId: voices.title,
        defaultParagraphVoiceId: voices.paragraph,
        defaultModelId: modelId,
        sourceType: sourceType ?? (content.chapters ? 'book' : 'blank'),
        callbackUrl,
      },
      chapters,
    )
    .catch(async (error: unknown) => {
      if (cover) await deps.storage.delete(cover.key)
      throw error
    })
  await deps.access?.created(principal, id)
  return { project: projectView(await requireProject(deps, principal, id)) }
}
