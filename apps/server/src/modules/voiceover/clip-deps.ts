import type { VoiceoverClipKind } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { FileStorage } from '../../lib/storage.js'
import type { Principal } from '../../plugins/auth.js'
import type { ClipAudio, PendingSpeech } from './clip-audio.js'
import { type Candidate, checkPlacement, type Timeline } from './placement.js'
import type { ClipRow, ProjectRow, TimelineStore, TrackRow } from './voiceover.repository.js'
import type { VoiceoverService } from './voiceover.service.js'

// What the clip use cases share: their dependencies, the placement recheck inside the lock, and
// the making and writing of a clip's audio.

export interface ClipBody {
  track_id?: string | undefined
  kind?: VoiceoverClipKind | undefined
  start_seconds?: number | undefined
  end_seconds?: number | undefined
  source_start_seconds?: number | undefined
  text?: string | undefined
  prompt?: string | undefined
  voice_id?: string | undefined
}

export interface Generated {
  audio: Buffer
  durationMs: number | null
  historyItemId: string | null
  pending: PendingSpeech | null
}

export const timelineOf = (project: ProjectRow, tracks: TrackRow[], clips: ClipRow[]): Timeline => ({
  durationMs: project.duration_ms,
  mediaMs: project.media_duration_ms,
  tracks,
  clips,
})

const audioKey = (project: ProjectRow, name: string) =>
  `voiceover/${project.workspace_id}/${project.id}/clips/${name}.mp3`

export interface ClipsDeps {
  projects: VoiceoverService
  storage: FileStorage
  audio: ClipAudio
  defaultVoiceId: string
}

export function trackOf(tracks: TrackRow[], trackId: string): TrackRow {
  const track = tracks.find((t) => t.id === trackId)
  if (!track) throw new AppError('voiceover_track_not_found', { param: 'track_id' })
  return track
}

/** Checks the rules against the clips as they are now, inside the lock. */
export async function recheck(
  store: TimelineStore,
  project: ProjectRow,
  candidate: Omit<Candidate, 'track'> & { trackId: string },
) {
  const [tracks, clips] = await Promise.all([store.tracks(project.id), store.clips(project.id)])
  const track = trackOf(tracks, candidate.trackId)
  checkPlacement(timelineOf(project, tracks, clips), { ...candidate, track })
  return { tracks, clips, track }
}

/** Makes a clip's audio; speech is held for settlement, sound effects are charged at once. */
export async function generate(
  deps: ClipsDeps,
  principal: Principal,
  requestId: string,
  kind: VoiceoverClipKind,
  input: { text: string; voiceId: string; language: string | null; lengthMs: number },
): Promise<Generated | null> {
  if (kind === 'speech') {
    const pending = await deps.audio.speech(principal, requestId, {
      text: input.text,
      voiceId: input.voiceId,
      languageCode: input.language,
    })
    return {
      audio: pending.audio,
      durationMs: pending.durationMs,
      historyItemId: pending.historyItemId,
      pending,
    }
  }
  if (kind === 'sound_effect') {
    const effect = await deps.audio.soundEffect(principal, requestId, {
      prompt: input.text,
      durationMs: input.lengthMs,
    })
    return {
      audio: effect.audio,
      durationMs: input.lengthMs,
      historyItemId: effect.historyItemId,
      pending: null,
    }
  }
  return null
}

/** Writes a clip with its new audio; a refusal releases the speech credits and the stored file. */
export async function write(
  deps: ClipsDeps,
  principal: Principal,
  project: ProjectRow,
  generated: Generated | null,
  place: (
    store: TimelineStore,
    audio: { key: string; ms: number; historyItemId: string | null } | null,
  ) => Promise<ClipRow>,
): Promise<ClipRow> {
  const key = generated ? audioKey(project, newId()) : null
  try {
    if (generated && key) await deps.storage.put(key, generated.audio)
    const audio =
      generated && key ? { key, ms: generated.durationMs ?? 0, historyItemId: generated.historyItemId } : null
    const row = await deps.projects.locked(principal, project.id, (store) => place(store, audio))
    await generated?.pending?.complete()
    return row
  } catch (error) {
    await generated?.pending?.release()
    if (key) await deps.storage.delete(key).catch(() => undefined)
    throw error
  }
}

export function voiceFor(
  deps: ClipsDeps,
  track: TrackRow,
  requested: string | undefined,
  current: string | null,
): string {
  return requested ?? current ?? track.voice_id ?? deps.defaultVoiceId
}
