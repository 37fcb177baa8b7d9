import { AUDIO_NATIVE_SESSION_ID, type AudioNativeState } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import { AUDIO_LINK_SECONDS, invalid } from './audio-native-checks.js'
import type { AudioNativeContext } from './audio-native-context.js'
import { pageAllowed } from './page-allowlist.js'

// What the embedded player sees (no sign-in; the page must be allowed): its appearance, a
// signed link to the published audio, and plays counted per page.

export async function allowedProject(
  ctx: AudioNativeContext,
  projectId: string,
  page: string | undefined,
  origin: string | undefined,
) {
  const row = await ctx.repository.findAny(projectId)
  if (!row) throw new AppError('audio_native_project_not_found', { param: 'project_id' })
  if (!pageAllowed(row.allowed_urls, page, origin)) throw new AppError('audio_native_page_not_allowed')
  return row
}

export async function playerView(
  ctx: AudioNativeContext,
  projectId: string,
  page: string | undefined,
  origin: string | undefined,
  siteOrigin: string,
) {
  const row = await allowedProject(ctx, projectId, page, origin)
  const ready = ctx.live(row)
  const version = row.published_version ?? 0
  const expires = Math.floor(Date.now() / 1000) + AUDIO_LINK_SECONDS
  const query = `v=${version}&exp=${expires}&sig=${ctx.deps.signer.sign(row.id, version, expires)}`
  return {
    project_id: row.id,
    title: row.title,
    author: row.author,
    image: row.image,
    small: row.small,
    text_color: row.text_color,
    background_color: row.background_color,
    status: row.status as AudioNativeState,
    sessionization: row.sessionization,
    audio_version: ready ? version : null,
    audio_url: ready ? `${siteOrigin}/audio-native/${row.id}/audio?${query}` : null,
  }
}

export async function playerAudio(
  ctx: AudioNativeContext,
  projectId: string,
  link: { v: number; exp: number; sig: string },
) {
  const row = await ctx.repository.findAny(projectId)
  if (!row || !ctx.deps.signer.verify(projectId, link.v, link.exp, link.sig))
    throw new AppError('audio_native_page_not_allowed')
  if (!row || !ctx.live(row) || !row.audio_key || row.published_version !== link.v)
    throw new AppError('audio_native_not_published')
  const audio = await ctx.deps.storage.get(row.audio_key)
  if (!audio) throw new AppError('audio_native_not_published')
  return { audio, contentType: row.audio_content_type ?? 'audio/mpeg' }
}

/**
 * Counts a play of a page. With a session id (anonymous, made by the player) and a
 * sessionization window, one listener session counts once per page within the window.
 */
export async function recordPlay(
  ctx: AudioNativeContext,
  projectId: string,
  page: string | undefined,
  origin: string | undefined,
  session: string | undefined,
): Promise<{ counted: boolean }> {
  if (session !== undefined && !AUDIO_NATIVE_SESSION_ID.test(session))
    throw invalid('The listener session id is not valid.', 'session')
  const row = await allowedProject(ctx, projectId, page, origin)
  const url = new URL(page as string)
  url.hash = ''
  const counted = await ctx.repository.addPlay(
    {
      id: newId(),
      project_id: row.id,
      page_url: url.toString().slice(0, 2000),
      session_id: session ?? null,
    },
    row.sessionization,
  )
  return { counted }
}
