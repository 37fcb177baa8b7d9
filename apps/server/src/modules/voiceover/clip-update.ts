import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import {
  type ClipBody,
  type ClipsDeps,
  generate,
  recheck,
  timelineOf,
  trackOf,
  voiceFor,
  write,
} from './clip-deps.js'
import { checkPlacement, toMs } from './placement.js'
import type { ClipRow } from './voiceover.repository.js'
import { clipView } from './voiceover-views.js'

/** A clip moved, resized or given new text or voice (new text or voice makes new audio). */
export async function update(
  deps: ClipsDeps,
  principal: Principal,
  requestId: string,
  projectId: string,
  clipId: string,
  body: ClipBody,
) {
  const project = await deps.projects.project(principal, projectId)
  const [tracks, clips] = await deps.projects.contents(project)
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
  const voiceId = clip.kind === 'speech' ? voiceFor(deps, track, body.voice_id, clip.voice_id) : null
  const changed = text !== clip.text || (clip.kind === 'speech' && voiceId !== clip.voice_id)
  const generated =
    changed && text
      ? await generate(deps, principal, requestId, clip.kind, {
          text,
          voiceId: voiceId ?? deps.defaultVoiceId,
          language: track.language,
          lengthMs: endMs - startMs,
        })
      : null
  const finalEnd = generated?.durationMs ? startMs + generated.durationMs : endMs
  const oldKey = clip.audio_key
  const row = await write(deps, principal, project, generated, async (store, audio) => {
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
      ...(audio ? { audio_key: audio.key, audio_ms: audio.ms, history_item_id: audio.historyItemId } : {}),
      ...(cleared ? { audio_key: null, audio_ms: null, history_item_id: null } : {}),
    }
    const { id: _id, created_at: _created, ...patch } = next
    await store.updateClip(clip.id, patch)
    await store.touch(project.id)
    return next
  })
  if (oldKey && oldKey !== row.audio_key) await deps.storage.delete(oldKey).catch(() => undefined)
  return clipView(row)
}
