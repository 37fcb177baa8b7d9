import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import {
  articleFromHtml,
  checkColour,
  checkNormalisation,
  checkSessionization,
  checkText,
  parseLocators,
} from './audio-native-checks.js'
import type { AudioNativeContext } from './audio-native-context.js'
import { normaliseAllowlist } from './page-allowlist.js'

// A player's settings (appearance, voice, allowlist), the list, deletion and plays per page.

export async function listPlayers(ctx: AudioNativeContext, principal: Principal) {
  const rows = await ctx.repository.list(principal.workspaceId)
  return { projects: rows.map((row) => ctx.view(row)) }
}

export async function updateSettings(
  ctx: AudioNativeContext,
  principal: Principal,
  projectId: string,
  body: {
    title?: string | undefined
    author?: string | undefined
    image?: string | undefined
    small?: boolean | undefined
    text_color?: string | undefined
    background_color?: string | undefined
    sessionization?: number | undefined
    allowed_urls?: string[] | undefined
    content_selector?: string | null | undefined
    voice_id?: string | undefined
    model_id?: string | undefined
    apply_text_normalization?: string | undefined
    pronunciation_dictionary_locators?: string[] | undefined
  },
) {
  const row = await ctx.requireProject(principal, projectId)
  const locators =
    body.pronunciation_dictionary_locators !== undefined
      ? parseLocators(body.pronunciation_dictionary_locators)
      : row.dictionary_locators
  const voiceId = body.voice_id ?? row.voice_id
  const modelId = body.model_id ?? row.model_id
  await ctx.checkSpeech(principal.workspaceId, voiceId, modelId, locators)
  const changes = {
    ...(body.title !== undefined ? { title: checkText(body.title, 'title') ?? '' } : {}),
    ...(body.author !== undefined ? { author: checkText(body.author, 'author') ?? '' } : {}),
    ...(body.image !== undefined ? { image: checkText(body.image, 'image', 2000) ?? '' } : {}),
    ...(body.small !== undefined ? { small: body.small } : {}),
    ...(body.text_color !== undefined ? { text_color: checkColour(body.text_color, 'text_color') } : {}),
    ...(body.background_color !== undefined
      ? { background_color: checkColour(body.background_color, 'background_color') }
      : {}),
    ...(body.sessionization !== undefined
      ? { sessionization: checkSessionization(body.sessionization) }
      : {}),
    ...(body.allowed_urls !== undefined
      ? { allowed_urls: JSON.stringify(normaliseAllowlist(body.allowed_urls)) }
      : {}),
    ...(body.content_selector !== undefined
      ? { content_selector: checkText(body.content_selector ?? '', 'content_selector', 300) || null }
      : {}),
    voice_id: voiceId,
    model_id: modelId,
    apply_text_normalization:
      checkNormalisation(body.apply_text_normalization) ?? row.apply_text_normalization,
    dictionary_locators: JSON.stringify(locators),
  }
  if (changes.content_selector) await articleFromHtml('<html><body></body></html>', changes.content_selector)
  await ctx.repository.update(row.id, changes)
  return ctx.settings(principal, projectId)
}

export async function removePlayer(ctx: AudioNativeContext, principal: Principal, projectId: string) {
  const row = await ctx.repository.delete(principal.workspaceId, projectId)
  if (!row) throw new AppError('audio_native_project_not_found', { param: 'project_id' })
  for (const key of [row.audio_key, row.pending_audio_key])
    if (key) await ctx.deps.storage.delete(key).catch(() => undefined)
}

export async function playerAnalytics(ctx: AudioNativeContext, principal: Principal, projectId: string) {
  const row = await ctx.requireProject(principal, projectId)
  const pages = await ctx.repository.playsByPage(row.id)
  return {
    project_id: row.id,
    total_plays: pages.reduce((n, p) => n + p.plays, 0),
    pages: pages.map((p) => ({
      page_url: p.page_url,
      plays: p.plays,
      last_played_unix: Math.floor(p.last.getTime() / 1000),
    })),
  }
}
