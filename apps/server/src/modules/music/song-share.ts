import { randomBytes } from 'node:crypto'
import { DEFAULT_OUTPUT_FORMAT } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { sniffAudio } from '../../lib/audio/audio-sniff.js'
import type { Principal } from '../../plugins/auth.js'
import type { MusicDeps } from './compose-song.js'
import type { SongRow } from './music.repository.js'
import { audioOfRow, findSong } from './song-files.js'

// Share links of songs. The audio the public page plays is rendered once, when the link is
// made, and kept: a visitor only reads a file, never makes the server compose.

/** Shown as the sharer when the creator has set no public name. */
export const ANONYMOUS_SHARER = 'Anonymous'
const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/
/** What shared songs are kept as: the default format, small, and every browser plays it. */
const SHARE_FORMAT = DEFAULT_OUTPUT_FORMAT

async function sharerOf(deps: MusicDeps, row: SongRow): Promise<string> {
  return (row.user_id ? await deps.publicName(row.user_id) : null) ?? ANONYMOUS_SHARER
}

/** The song's public link, made on first use (one unguessable token per song). */
export async function songShareLink(deps: MusicDeps, principal: Principal, songId: string, origin: string) {
  const row = await findSong(deps, principal, songId)
  let token = row.share_token
  if (!token) {
    const candidate = randomBytes(24).toString('base64url')
    const { audio, format } = await audioOfRow(deps, row, SHARE_FORMAT)
    const sniffed = format ? null : sniffAudio(audio)
    const extension = format?.fileExtension ?? sniffed?.extension ?? 'bin'
    const fileKey = `music/shares/${candidate}.${extension}`
    await deps.storage.put(fileKey, audio)
    token = await deps.repository.saveShare(principal.workspaceId, songId, {
      token: candidate,
      fileKey,
      contentType: format?.contentType ?? sniffed?.mimeType ?? 'application/octet-stream',
    })
    // Another request shared the song first: its file is the one kept.
    if (token !== candidate) await deps.storage.delete(fileKey)
    if (!token) throw new AppError('music_song_not_found', { param: 'song_id' })
  }
  return { share_link: `${origin}/music/share/${token}`, public_user_name: await sharerOf(deps, row) }
}

/** The song behind a share token, for the public page; null for unknown or malformed tokens. */
export async function sharedSong(deps: MusicDeps, token: string) {
  if (!SHARE_TOKEN_PATTERN.test(token)) return null
  const row = await deps.repository.findByShareToken(token)
  if (!row) return null
  return { row, sharedBy: await sharerOf(deps, row) }
}

export async function sharedSongAudio(deps: MusicDeps, token: string) {
  const shared = await sharedSong(deps, token)
  const file = shared?.row.share_file_key ? await deps.storage.get(shared.row.share_file_key) : null
  if (!shared || !file) throw new AppError('share_link_not_found')
  return { row: shared.row, bytes: file, contentType: shared.row.share_content_type ?? 'audio/mpeg' }
}
