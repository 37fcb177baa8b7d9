import { VOICEOVER_MAX_CLIPS, type VoiceoverClipKind } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
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
import { checkPlacement, defaultEnd, toMs } from './placement.js'
import type { ClipRow } from './voiceover.repository.js'
import { clipView } from './voiceover-views.js'

/** A new clip on a track; without an end it takes the default length, shortened to the free space after it. */
export async function add(
  deps: ClipsDeps,

  principal: Principal,
  requestId: string,
  projectId: string,
  body: ClipBody & { track_id: string; kind: VoiceoverClipKind; start_seconds: number },
) {
  const project = await deps.projects.project(principal, projectId)
  const [tracks, clips] = await deps.projects.contents(project)
  if (clips.length >= VOICEOVER_MAX_CLIPS) throw new AppError('voiceover_limit_reached')
  const track = trackOf(tracks, body.track_id)
  const timeline = timelineOf(project, tracks, clips)
  const startMs = toMs(body.start_seconds)
  const endMs =
    body.end_seconds !== undefined ? toMs(body.end_seconds) : defaultEnd(timeline, track.id, startMs)
  const sourceStartMs = body.kind === 'media' ? toMs(body.source_start_seconds ?? 0) : 0
  checkPlacement(timeline, { kind: body.kind, track, startMs, endMs, sourceStartMs })
  const text = (body.kind === 'sound_effect' ? body.prompt : body.text)?.trim() || null
  const voiceId = body.kind === 'speech' ? voiceFor(deps, track, body.voice_id, null) : null
  const generated = text
    ? await generate(deps, principal, requestId, body.kind, {
        text,
        voiceId: voiceId ?? deps.defaultVoiceId,
        language: track.language,
        lengthMs: endMs - startMs,
      })
    : null
  const finalEnd = generated?.durationMs ? startMs + generated.durationMs : endMs
  const row = await write(deps, principal, project, generated, async (store, audio) => {
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
}
