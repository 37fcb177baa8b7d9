import { VOICEOVER_MAX_TRACKS, type VoiceoverTrackType } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import { checkLanguage, locked } from './project-access.js'
import { TRACK_NAMES, type VoiceoverDeps } from './voiceover-deps.js'
import { trackView } from './voiceover-views.js'

export async function addTrack(
  deps: VoiceoverDeps,
  principal: Principal,
  projectId: string,
  body: {
    type: VoiceoverTrackType
    name?: string | undefined
    voice_id?: string | null | undefined
    language?: string | null | undefined
  },
) {
  // Looked up before the project is locked: the lock holds a connection of its own.
  if (body.voice_id) await deps.checkVoice(principal.workspaceId, body.voice_id)
  return locked(deps, principal, projectId, async (store, row) => {
    const tracks = await store.tracks(projectId)
    if (tracks.length >= VOICEOVER_MAX_TRACKS) throw new AppError('voiceover_limit_reached')
    if (body.type === 'foreground' && !row.media_key) {
      throw new AppError('validation_error', {
        message: 'A foreground track holds the project media: upload a video or audio file first.',
        param: 'type',
      })
    }
    if (body.type === 'dubbed_speaker' && !body.language) {
      throw new AppError('validation_error', {
        message: 'A dubbed speaker track needs a language.',
        param: 'language',
      })
    }
    if (body.type === 'dubbed_speaker' && body.language) checkLanguage(deps, body.language)
    const speaks = body.type === 'voiceover_speaker' || body.type === 'dubbed_speaker'
    const track = {
      id: newId(),
      project_id: projectId,
      type: body.type,
      name: body.name ?? `${TRACK_NAMES[body.type]} ${tracks.filter((t) => t.type === body.type).length + 1}`,
      voice_id: speaks ? (body.voice_id ?? deps.defaultVoiceId) : null,
      language: body.type === 'dubbed_speaker' ? (body.language ?? null) : null,
      position: tracks.reduce((max, t) => Math.max(max, t.position), -1) + 1,
    }
    await store.insertTrack(track)
    await store.touch(projectId)
    return trackView({ ...track, muted: false, created_at: new Date() })
  })
}

export async function updateTrack(
  deps: VoiceoverDeps,
  principal: Principal,
  projectId: string,
  trackId: string,
  body: {
    name?: string | undefined
    voice_id?: string | undefined
    language?: string | undefined
    muted?: boolean | undefined
  },
) {
  // Looked up before the project is locked: the lock holds a connection of its own.
  if (body.voice_id !== undefined) await deps.checkVoice(principal.workspaceId, body.voice_id)
  return locked(deps, principal, projectId, async (store) => {
    const tracks = await store.tracks(projectId)
    const track = tracks.find((t) => t.id === trackId)
    if (!track) throw new AppError('voiceover_track_not_found', { param: 'track_id' })
    // The track's voice and language apply to the clips generated from then on.
    if (body.voice_id !== undefined) {
      if (track.type !== 'voiceover_speaker' && track.type !== 'dubbed_speaker')
        throw new AppError('validation_error', {
          message: 'Only speaker tracks have a voice.',
          param: 'voice_id',
        })
    }
    if (body.language !== undefined) {
      if (track.type !== 'dubbed_speaker')
        throw new AppError('validation_error', {
          message: 'Only dubbed speaker tracks have a language.',
          param: 'language',
        })
      checkLanguage(deps, body.language)
      if (body.language !== track.language) {
        const clips = await store.clips(projectId)
        const others = new Set(
          tracks
            .filter((t) => t.type === 'dubbed_speaker' && t.language === body.language && t.id !== trackId)
            .map((t) => t.id),
        )
        const mine = clips.filter((c) => c.track_id === trackId)
        const clash = clips.some(
          (c) => others.has(c.track_id) && mine.some((m) => m.start_ms < c.end_ms && c.start_ms < m.end_ms),
        )
        if (clash)
          throw new AppError('voiceover_dubbed_overlap', {
            message: `Invalid placement: the clips of this track overlap clips of another dubbed ${body.language} track.`,
            param: 'language',
          })
      }
    }
    const patch = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.muted !== undefined ? { muted: body.muted } : {}),
      ...(body.voice_id !== undefined ? { voice_id: body.voice_id } : {}),
      ...(body.language !== undefined ? { language: body.language } : {}),
    }
    if (Object.keys(patch).length > 0) await store.updateTrack(trackId, patch)
    await store.touch(projectId)
    return trackView({ ...track, ...patch })
  })
}

export async function deleteTrack(
  deps: VoiceoverDeps,
  principal: Principal,
  projectId: string,
  trackId: string,
) {
  const keys = await locked(deps, principal, projectId, async (store) => {
    const track = (await store.tracks(projectId)).find((t) => t.id === trackId)
    if (!track) throw new AppError('voiceover_track_not_found', { param: 'track_id' })
    const clips = (await store.clips(projectId)).filter((c) => c.track_id === trackId)
    await store.deleteTrack(trackId)
    await store.touch(projectId)
    return clips.map((c) => c.audio_key)
  })
  for (const key of keys) if (key) await deps.storage.delete(key).catch(() => undefined)
  return { status: 'ok' as const }
}
