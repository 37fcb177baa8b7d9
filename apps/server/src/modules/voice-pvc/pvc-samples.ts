import { createHash } from 'node:crypto'
import type { Insertable } from 'kysely'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { PvcRepository } from './pvc.repository.js'
import { cutSpans, DECODE_RATE, decodeUpload, encodeWav, measureSample, visualWaveform } from './pvc-audio.js'
import type { PvcDeps, StoredSpeaker, UploadedFile } from './pvc-deps.js'
import { PVC_LIMITS } from './pvc-limits.js'
import { decodedSample, editableVoice, sampleOf, sampleView } from './pvc-lookups.js'
import type { Caller, StoredSampleFeatures } from './pvc-state.js'
import type { PvcSamplesTable } from './voice-pvc.tables.js'

export async function addSamples(
  deps: PvcDeps,
  caller: Caller,
  voiceId: string,
  form: { files: UploadedFile[]; fields: Record<string, string> },
) {
  const { repository, storage } = deps
  const voice = await editableVoice(deps, caller, voiceId)
  if (!form.files.length) {
    throw new AppError('validation_error', {
      message: 'Upload at least one audio sample as files.',
      param: 'files',
    })
  }
  // A sample may name its language; it must be the voice's: all samples in one language.
  const declared = form.fields.language?.trim().toLowerCase()
  if (declared && declared !== voice.language) {
    throw new AppError('pvc_language_mismatch', {
      message: `This voice is in '${voice.language}' and all its samples must be in that language; the upload is in '${declared}'.`,
      param: 'language',
    })
  }
  const removeNoise = form.fields.remove_background_noise === 'true'
  const rows: Insertable<PvcSamplesTable>[] = []
  const keys: Array<{ key: string; data: Buffer }> = []
  for (const [index, file] of form.files.entries()) {
    const label = `files[${index}] (${file.fileName || 'unnamed'})`
    const decoded = await decodeUpload(file.data, label, PVC_LIMITS.sampleSecondsMax)
    const measured = measureSample(decoded, label)
    const id = newId()
    const key = `voices/${caller.workspaceId}/${voiceId}/pvc-samples/${id}.${decoded.sniffed.extension}`
    const stored: StoredSampleFeatures = { features: measured.features, vector: measured.vector }
    rows.push({
      id,
      voice_id: voiceId,
      file_name: file.fileName.slice(0, 255) || `sample.${decoded.sniffed.extension}`,
      mime_type: decoded.sniffed.mimeType,
      size_bytes: file.data.length,
      hash: createHash('sha256').update(file.data).digest('hex'),
      storage_key: key,
      duration_seconds: Math.round(decoded.seconds * 1000) / 1000,
      remove_background_noise: removeNoise,
      features: JSON.stringify(stored),
      waveform: JSON.stringify(visualWaveform(decoded.pcm)),
      created_at: new Date(Date.now() + index),
    })
    keys.push({ key, data: file.data })
  }
  await Promise.all(keys.map((k) => storage.put(k.key, k.data)))
  let saved = false
  try {
    saved = await repository.addSamples(voiceId, rows, {
      count: PVC_LIMITS.samplesPerVoice,
      bytes: PVC_LIMITS.voiceBytesMax,
    })
  } finally {
    if (!saved) await Promise.all(keys.map((k) => storage.delete(k.key)))
  }
  if (!saved) {
    throw new AppError('too_many_voice_samples', {
      message: `A professional voice clone holds at most ${PVC_LIMITS.samplesPerVoice} samples and ${PVC_LIMITS.voiceBytesMax / 1024 ** 3} GiB of audio.`,
      param: 'files',
    })
  }
  return (await repository.samples(voiceId)).filter((s) => rows.some((r) => r.id === s.id)).map(sampleView)
}

export async function updateSample(
  deps: PvcDeps,
  caller: Caller,
  voiceId: string,
  sampleId: string,
  body: Record<string, unknown>,
) {
  const { repository } = deps
  await editableVoice(deps, caller, voiceId)
  const sample = await sampleOf(deps, caller, voiceId, sampleId)
  const set: Parameters<PvcRepository['updateSample']>[2] = {}
  if (body.remove_background_noise !== undefined) {
    if (typeof body.remove_background_noise !== 'boolean')
      throw new AppError('validation_error', { message: 'remove_background_noise is true or false.' })
    set.remove_background_noise = body.remove_background_noise
  }
  if (body.file_name !== undefined) {
    if (typeof body.file_name !== 'string' || !body.file_name.trim() || body.file_name.length > 255)
      throw new AppError('validation_error', {
        message: 'file_name is 1 to 255 characters.',
        param: 'file_name',
      })
    set.file_name = body.file_name.trim()
  }
  const start = body.trim_start_time ?? sample.trim_start
  const end = body.trim_end_time ?? sample.trim_end
  if (body.trim_start_time !== undefined || body.trim_end_time !== undefined) {
    const ok = (v: unknown) => v === null || (typeof v === 'number' && v >= 0 && v <= sample.duration_seconds)
    if (!ok(start) || !ok(end) || (typeof start === 'number' && typeof end === 'number' && end <= start)) {
      throw new AppError('validation_error', {
        message: `trim_start_time and trim_end_time are seconds within the sample (0 to ${sample.duration_seconds}), the end after the start.`,
        param: 'trim_start_time',
      })
    }
    set.trim_start = start as number | null
    set.trim_end = end as number | null
  }
  if (body.selected_speaker_ids !== undefined) {
    const ids = body.selected_speaker_ids
    const known = new Set(((sample.speakers as StoredSpeaker[] | null) ?? []).map((s) => s.speaker_id))
    if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string' || !known.has(id))) {
      throw new AppError('validation_error', {
        message: known.size
          ? `selected_speaker_ids must be speakers of this sample: ${[...known].join(', ')}.`
          : 'Separate the speakers of this sample before selecting any.',
        param: 'selected_speaker_ids',
      })
    }
    set.selected_speaker_ids = JSON.stringify(ids)
  }
  await repository.updateSample(voiceId, sampleId, set)
}

export async function deleteSample(
  deps: PvcDeps,
  caller: Caller,
  voiceId: string,
  sampleId: string,
): Promise<void> {
  const { repository, storage } = deps
  await editableVoice(deps, caller, voiceId)
  const removed = await repository.removeSample(voiceId, sampleId)
  if (!removed) throw new AppError('voice_sample_not_found', { param: 'sample_id' })
  await storage.delete(removed.storage_key).catch(() => undefined)
}

export async function sampleAudio(deps: PvcDeps, caller: Caller, voiceId: string, sampleId: string) {
  const sample = await sampleOf(deps, caller, voiceId, sampleId)
  const pcm = await decodedSample(deps, sample.storage_key)
  const spans =
    sample.trim_start !== null || sample.trim_end !== null
      ? [{ start: sample.trim_start ?? 0, end: sample.trim_end ?? pcm.length / DECODE_RATE }]
      : [{ start: 0, end: pcm.length / DECODE_RATE }]
  const audio = cutSpans(pcm, DECODE_RATE, spans)
  return {
    audio_base_64: encodeWav(audio, DECODE_RATE).toString('base64'),
    voice_id: voiceId,
    sample_id: sampleId,
    media_type: 'audio/wav',
    duration_secs: Math.round((audio.length / DECODE_RATE) * 1000) / 1000,
  }
}

export async function waveform(deps: PvcDeps, caller: Caller, voiceId: string, sampleId: string) {
  const sample = await sampleOf(deps, caller, voiceId, sampleId)
  return { sample_id: sampleId, visual_waveform: sample.waveform }
}
