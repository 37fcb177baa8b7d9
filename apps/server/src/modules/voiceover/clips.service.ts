import { VOICEOVER_MAX_CLIPS, type VoiceoverClipKind } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { FileStorage } from '../../lib/storage.js'
import type { Principal } from '../../plugins/auth.js'
import type { ClipAudio, PendingSpeech } from './clip-audio.js'
import { type Candidate, checkPlacement, checkSplit, defaultEnd, type Timeline, toMs } from './placement.js'
import type { ClipRow, ProjectRow, TimelineStore, TrackRow } from './voiceover.repository.js'
import type { VoiceoverService } from './voiceover.service.js'
import { clipView } from './voiceover-views.js'

// Clips: added, moved, resized, regenerated, split and deleted under the placement rules. Work
// that takes time (speech, sound effects) runs before the project is locked; the rules are
// checked once before it (so a refused clip costs nothing) and again, with the final length,
// inside the lock that writes the clip. A speech clip is as long as its speech.

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

interface Generated {
  audio: Buffer
  durationMs: number | null
  historyItemId: string | null
  pending: PendingSpeech | null
}

const timelineOf = (project: ProjectRow, tracks: TrackRow[], clips: ClipRow[]): Timeline => ({
  durationMs: project.duration_ms,
  mediaMs: project.media_duration_ms,
  tracks,
  clips,
})

const audioKey = (project: ProjectRow, name: string) =>
  `voiceover/${project.workspace_id}/${project.id}/clips/${name}.mp3`

export function createClipsService(deps: {
  projects: VoiceoverService
  storage: FileStorage
  audio: ClipAudio
  defaultVoiceId: string
}) {
  const { projects } = deps

  function trackOf(tracks: TrackRow[], trackId: string): TrackRow {
    const track = tracks.find((t) => t.id === trackId)
    if (!track) throw new AppError('voiceover_track_not_found', { param: 'track_id' })
    return track
  }

  /** Checks the rules against the clips as they are now, inside the lock. */
  async function recheck(
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
  async function generate(
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
  async function write(
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
        generated && key
          ? { key, ms: generated.durationMs ?? 0, historyItemId: generated.historyItemId }
          : null
      const row = await projects.locked(principal, project.id, (store) => place(store, audio))
      await generated?.pending?.complete()
      return row
    } catch (error) {
      await generated?.pending?.release()
      if (key) await deps.storage.delete(key).catch(() => undefined)
      throw error
    }
  }

  function voiceFor(track: TrackRow, requested: string | undefined, current: string | null): string {
    return requested ?? current ?? track.voice_id ?? deps.defaultVoiceId
  }

  return {
    async add(
      principal: Principal,
      requestId: string,
      projectId: string,
      body: ClipBody & { track_id: string; kind: VoiceoverClipKind; start_seconds: number },
    ) {
      const project = await projects.project(principal, projectId)
      const [tracks, clips] = await projects.contents(project)
      if (clips.length >= VOICEOVER_MAX_CLIPS) throw new AppError('voiceover_limit_reached')
      const track = trackOf(tracks, body.track_id)
      const timeline = timelineOf(project, tracks, clips)
      const startMs = toMs(body.start_seconds)
      const endMs =
        body.end_seconds !== undefined ? toMs(body.end_seconds) : defaultEnd(timeline, track.id, startMs)
      const sourceStartMs = body.kind === 'media' ? toMs(body.source_start_seconds ?? 0) : 0
      checkPlacement(timeline, { kind: body.kind, track, startMs, endMs, sourceStartMs })
      const text = (body.kind === 'sound_effect' ? body.prompt : body.text)?.trim() || null
      const voiceId = body.kind === 'speech' ? voiceFor(track, body.voice_id, null) : null
      const generated = text
        ? await generate(principal, requestId, body.kind, {
            text,
            voiceId: voiceId ?? deps.defaultVoiceId,
            language: track.language,
            lengthMs: endMs - startMs,
          })
        : null
      const finalEnd = generated?.durationMs ? startMs + generated.durationMs : endMs
      const row = await write(principal, project, generated, async (store, audio) => {
        await recheck(store, project, {
          kind: body.kind,
          trackId: track.id,
          startMs,
          endMs: finalEnd,
          sourceStartMs,
        })
        const clip: ClipRow = {
          id: newId(),
          project_id: project.id,
          track_id: track.id,
          kind: body.kind,
          start_ms: startMs,
          end_ms: finalEnd,
          source_start_ms: sourceStartMs,
          text,
          voice_id: voiceId,
          audio_key: audio?.key ?? null,
          audio_ms: audio?.ms ?? null,
          history_item_id: audio?.historyItemId ?? null,
          created_at: new Date(),
        }
        await store.insertClip(clip)
        await store.touch(project.id)
        return clip
      })
      return clipView(row)
    },

    async update(principal: Principal, requestId: string, projectId: string, clipId: string, body: ClipBody) {
      const project = await projects.project(principal, projectId)
      const [tracks, clips] = await projects.contents(project)
      const clip = clips.find((c) => c.id === clipId)
      if (!clip) throw new AppError('voiceover_clip_not_found', { param: 'clip_id' })
      const track = trackOf(tracks, body.track_id ?? clip.track_id)
      const startMs = body.start_seconds !== undefined ? toMs(body.start_seconds) : clip.start_ms
      const endMs =
        body.end_seconds !== undefined ? toMs(body.end_seconds) : startMs + (clip.end_ms - clip.start_ms)
      const sourceStartMs =
        body.source_start_seconds !== undefined ? toMs(body.source_start_seconds) : clip.source_start_ms
      const base = { id: clip.id, kind: clip.kind, startMs, endMs, sourceStartMs }
      checkPlacement(timelineOf(project, tracks, clips), { ...base, track })
      const requested = clip.kind === 'sound_effect' ? body.prompt : body.text
      const text = requested !== undefined ? requested.trim() || null : clip.text
      const voiceId = clip.kind === 'speech' ? voiceFor(track, body.voice_id, clip.voice_id) : null
      const changed = text !== clip.text || (clip.kind === 'speech' && voiceId !== clip.voice_id)
      const generated =
        changed && text
          ? await generate(principal, requestId, clip.kind, {
              text,
              voiceId: voiceId ?? deps.defaultVoiceId,
              language: track.language,
              lengthMs: endMs - startMs,
            })
          : null
      const finalEnd = generated?.durationMs ? startMs + generated.durationMs : endMs
      const oldKey = clip.audio_key
      const row = await write(principal, project, generated, async (store, audio) => {
        await recheck(store, project, { ...base, trackId: track.id, endMs: finalEnd })
        const cleared = changed && !text
        const next: ClipRow = {
          ...clip,
          track_id: track.id,
          start_ms: startMs,
          end_ms: finalEnd,
          source_start_ms: sourceStartMs,
          text,
          voice_id: voiceId,
          ...(audio
            ? { audio_key: audio.key, audio_ms: audio.ms, history_item_id: audio.historyItemId }
            : {}),
          ...(cleared ? { audio_key: null, audio_ms: null, history_item_id: null } : {}),
        }
        const { id: _id, created_at: _created, ...patch } = next
        await store.updateClip(clip.id, patch)
        await store.touch(project.id)
        return next
      })
      if (oldKey && oldKey !== row.audio_key) await deps.storage.delete(oldKey).catch(() => undefined)
      return clipView(row)
    },

    async split(principal: Principal, projectId: string, clipId: string, atSeconds: number) {
      const atMs = toMs(atSeconds)
      const parts = await projects.locked(principal, projectId, async (store) => {
        const clip = (await store.clips(projectId)).find((c) => c.id === clipId)
        if (!clip) throw new AppError('voiceover_clip_not_found', { param: 'clip_id' })
        checkSplit(clip, atMs)
        const left = { ...clip, end_ms: atMs }
        const right: ClipRow = {
          ...clip,
          id: newId(),
          start_ms: atMs,
          source_start_ms: clip.source_start_ms + (atMs - clip.start_ms),
          created_at: new Date(),
        }
        await store.updateClip(clip.id, { end_ms: atMs })
        await store.insertClip(right)
        await store.touch(projectId)
        return [left, right]
      })
      return { clips: parts.map(clipView) }
    },

    async remove(principal: Principal, projectId: string, clipId: string) {
      const key = await projects.locked(principal, projectId, async (store) => {
        const clip = (await store.clips(projectId)).find((c) => c.id === clipId)
        if (!clip) throw new AppError('voiceover_clip_not_found', { param: 'clip_id' })
        await store.deleteClip(clip.id)
        await store.touch(projectId)
        return clip.audio_key
      })
      if (key) await deps.storage.delete(key).catch(() => undefined)
      return { status: 'ok' as const }
    },

    async audio(principal: Principal, projectId: string, clipId: string) {
      const project = await projects.project(principal, projectId)
      const [, clips] = await projects.contents(project)
      const clip = clips.find((c) => c.id === clipId)
      if (!clip) throw new AppError('voiceover_clip_not_found', { param: 'clip_id' })
      const data = clip.audio_key ? await deps.storage.get(clip.audio_key) : null
      if (!data) throw new AppError('voiceover_clip_not_generated')
      return data
    },
  }
}

export type ClipsService = ReturnType<typeof createClipsService>
