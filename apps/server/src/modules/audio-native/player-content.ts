import { AUDIO_NATIVE_DEFAULTS, DEFAULT_TTS_MODEL_ID } from '@timbre/contract'
import { PREMADE_VOICES } from '@timbre/speech'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import { fetchPage, parseOutboundUrl } from '../../platform/outbound/outbound.js'
import type { Principal } from '../../plugins/auth.js'
import {
  articleFromHtml,
  articleFromUpload,
  checkColour,
  checkContent,
  checkName,
  checkNormalisation,
  checkSessionization,
  checkText,
  invalid,
  parseLocators,
} from './audio-native-checks.js'
import type { AudioNativeContext } from './audio-native-context.js'
import { type AudioNativeForm, formBoolean, formField } from './audio-native-form.js'
import { normaliseAllowlist, pageAllowed } from './page-allowlist.js'

// Content of a player: creation (with an optional first page), new content from an upload or
// a fetched page, converting again, and publishing converted audio. Each content change is a
// new version converted as a job; a newer version makes an older run's result void.

export async function createPlayer(
  ctx: AudioNativeContext,
  principal: Principal,
  form: AudioNativeForm,
  siteOrigin: string,
) {
  const name = checkName(formField(form, 'name'))
  const voiceId = formField(form, 'voice_id') || (PREMADE_VOICES[0]?.voice_id ?? '')
  const modelId = formField(form, 'model_id') || DEFAULT_TTS_MODEL_ID
  const locators = parseLocators(form.fields.get('pronunciation_dictionary_locators') ?? [])
  const selector = checkText(formField(form, 'content_selector'), 'content_selector', 300) || null
  const allowlist = normaliseAllowlist(form.fields.get('allowed_urls') ?? [])
  const normalisation = checkNormalisation(formField(form, 'apply_text_normalization')) ?? 'auto'
  const appearance = {
    title: checkText(formField(form, 'title'), 'title') ?? '',
    author: checkText(formField(form, 'author'), 'author') ?? '',
    image: checkText(formField(form, 'image'), 'image', 2000) ?? '',
    small: formBoolean(form, 'small') ?? AUDIO_NATIVE_DEFAULTS.small,
    text_color: checkColour(formField(form, 'text_color'), 'text_color') ?? AUDIO_NATIVE_DEFAULTS.textColor,
    background_color:
      checkColour(formField(form, 'background_color'), 'background_color') ??
      AUDIO_NATIVE_DEFAULTS.backgroundColor,
    sessionization:
      checkSessionization(formField(form, 'sessionization')) ?? AUDIO_NATIVE_DEFAULTS.sessionization,
  }
  const autoConvert = formBoolean(form, 'auto_convert') ?? false
  // Ours: the SDK's create has no auto_publish; a new player's first audio goes live unless
  // auto_publish=false is sent.
  const autoPublish = formBoolean(form, 'auto_publish') ?? true
  await ctx.checkSpeech(principal.workspaceId, voiceId, modelId, locators)
  const article = form.file ? await articleFromUpload(form.file.data, selector) : null
  const text = article ? checkContent(article.paragraphs) : ''
  const convert = autoConvert && text !== ''
  const id = newId()
  await ctx.repository.insert(
    {
      id,
      workspace_id: principal.workspaceId,
      created_by: principal.userId,
      api_key_id: principal.apiKey?.id ?? null,
      name,
      ...appearance,
      title: appearance.title || article?.title || name,
      author: appearance.author || article?.author || '',
      voice_id: voiceId,
      model_id: modelId,
      apply_text_normalization: normalisation,
      dictionary_locators: JSON.stringify(locators),
      allowed_urls: JSON.stringify(allowlist),
      content_selector: selector,
      page_url: null,
      content_text: text,
      status: convert ? 'queued' : 'draft',
      audio_version: 1,
      auto_publish: autoPublish,
    },
    async (trx) => {
      if (convert) await ctx.enqueue(id)(trx, 1)
    },
  )
  return { project_id: id, converting: convert, html_snippet: ctx.snippet(siteOrigin, id) }
}

export async function updateContent(
  ctx: AudioNativeContext,
  principal: Principal,
  projectId: string,
  form: AudioNativeForm,
  siteOrigin: string,
) {
  const row = await ctx.requireProject(principal, projectId)
  const autoConvert = formBoolean(form, 'auto_convert') ?? false
  const autoPublish = formBoolean(form, 'auto_publish') ?? false
  if (!form.file) throw invalid("The field 'file' is required.", 'file')
  const article = await articleFromUpload(form.file.data, row.content_selector)
  const text = checkContent(article.paragraphs)
  // Nothing is converted unless asked; converted audio goes live only with auto_publish (or
  // a later publish call), and the published audio plays meanwhile.
  await ctx.replaceContent(row, { text }, autoConvert, autoPublish)
  return {
    project_id: row.id,
    converting: autoConvert,
    publishing: autoConvert && autoPublish,
    html_snippet: ctx.snippet(siteOrigin, row.id),
  }
}

/** The spec's content call: the page at `url` is fetched again and its player re-converted. */
export async function updateFromUrl(
  ctx: AudioNativeContext,
  principal: Principal,
  body: { url: string; author?: string | undefined; title?: string | undefined },
  siteOrigin: string,
) {
  // HTTPS and no private address literal, before anything else is looked at.
  const target = parseOutboundUrl(body.url, ctx.deps.outbound)
  target.hash = ''
  const pageUrl = target.toString()
  const byPage = await ctx.repository.findByPageUrl(principal.workspaceId, pageUrl)
  const row =
    byPage ??
    (await ctx.repository.list(principal.workspaceId)).find(
      (r) => r.allowed_urls.length > 0 && pageAllowed(r.allowed_urls, pageUrl, target.origin),
    )
  if (!row)
    throw new AppError('audio_native_project_not_found', {
      message: 'No Audio Native project of this workspace is set up for this page.',
      param: 'url',
    })
  const page = await fetchPage(pageUrl, ctx.deps.outbound)
  const article = await articleFromHtml(page.html, row.content_selector)
  const text = checkContent(article.paragraphs)
  await ctx.replaceContent(
    row,
    {
      text,
      title: checkText(body.title, 'title') || article.title,
      author: checkText(body.author, 'author') || article.author,
      pageUrl,
    },
    true,
    true,
  )
  return {
    project_id: row.id,
    converting: true,
    publishing: true,
    html_snippet: ctx.snippet(siteOrigin, row.id),
  }
}

/**
 * Converts the current content again (after a voice change, a failure, or content stored
 * with auto_convert off); `autoPublish` defaults to what the content call asked for.
 */
export async function convertAgain(
  ctx: AudioNativeContext,
  principal: Principal,
  projectId: string,
  autoPublish?: boolean,
) {
  const row = await ctx.requireProject(principal, projectId)
  if (!row.content_text) throw new AppError('audio_native_no_content', { param: 'file' })
  await ctx.replaceContent(row, { text: row.content_text }, true, autoPublish ?? row.auto_publish)
  return ctx.settings(principal, projectId)
}

/** Ours (the SDK has none): puts converted audio that waits for publishing live. */
export async function publishConverted(ctx: AudioNativeContext, principal: Principal, projectId: string) {
  const row = await ctx.requireProject(principal, projectId)
  if (row.status === 'published') return ctx.settings(principal, projectId)
  if (row.status !== 'converted' || !row.pending_audio_key)
    throw new AppError('audio_native_nothing_to_publish')
  if (!(await ctx.repository.publish(row.id, row.audio_version, row.audio_key)))
    throw new AppError('audio_native_nothing_to_publish')
  if (row.audio_key) await ctx.deps.storage.delete(row.audio_key).catch(() => undefined)
  return ctx.settings(principal, projectId)
}
