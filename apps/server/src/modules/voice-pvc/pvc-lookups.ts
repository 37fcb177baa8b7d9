import { AppError } from '../../errors.js'
import type { PvcRepository } from './pvc.repository.js'
import { decodeUpload } from './pvc-audio.js'
import type { PvcDeps, StoredSpeaker } from './pvc-deps.js'
import { PVC_LIMITS, professionalVoiceLimit } from './pvc-limits.js'
import { type Caller, EDITABLE_STATES, type PvcState } from './pvc-state.js'

// Finding a workspace's professional clone and its samples before anything is read or changed.

export async function limitOf(deps: PvcDeps, caller: Caller): Promise<number> {
  const limit = professionalVoiceLimit(await deps.tierOf(caller.workspaceId))
  if (limit <= 0) throw new AppError('pvc_not_allowed')
  return limit
}

export async function voiceOf(deps: PvcDeps, caller: Caller, voiceId: string) {
  const { repository } = deps
  const voice = await repository.find(caller.workspaceId, voiceId)
  if (!voice) throw new AppError('pvc_voice_not_found', { param: 'voice_id' })
  return voice
}

/** The voice, refused when it is blocked or past the steps that may still change it. */
export async function editableVoice(deps: PvcDeps, caller: Caller, voiceId: string) {
  const voice = await voiceOf(deps, caller, voiceId)
  if (voice.state === 'blocked') throw new AppError('pvc_voice_blocked')
  if (!EDITABLE_STATES.includes(voice.state as PvcState)) throw new AppError('pvc_voice_busy')
  return voice
}

export async function sampleOf(deps: PvcDeps, caller: Caller, voiceId: string, sampleId: string) {
  const { repository } = deps
  await voiceOf(deps, caller, voiceId)
  const sample = await repository.sample(voiceId, sampleId)
  if (!sample) throw new AppError('voice_sample_not_found', { param: 'sample_id' })
  return sample
}

export async function decodedSample(deps: PvcDeps, key: string): Promise<Float32Array> {
  const { storage } = deps
  const data = await storage.get(key)
  if (!data)
    throw new AppError('voice_sample_not_found', { message: 'The sample audio is no longer stored.' })
  return (await decodeUpload(data, 'The stored sample', PVC_LIMITS.sampleSecondsMax + 1)).pcm
}

export function sampleView(s: Awaited<ReturnType<PvcRepository['samples']>>[number]) {
  return {
    sample_id: s.id,
    file_name: s.file_name,
    mime_type: s.mime_type,
    size_bytes: s.size_bytes,
    hash: s.hash,
    duration_secs: s.duration_seconds,
    remove_background_noise: s.remove_background_noise,
    has_isolated_audio: false,
    has_isolated_audio_preview: false,
    trim_start: s.trim_start,
    trim_end: s.trim_end,
    speaker_separation: {
      voice_id: s.voice_id,
      sample_id: s.id,
      status: s.separation_status,
      speakers: s.speakers
        ? Object.fromEntries((s.speakers as StoredSpeaker[]).map((p) => [p.speaker_id, p]))
        : null,
      selected_speaker_ids: s.selected_speaker_ids,
    },
  }
}
