import { createHash } from 'node:crypto'
import { LANGUAGE_NAMES, PREMADE_VOICES } from '@timbre/speech'
import type { Insertable } from 'kysely'
import { AppError } from '../../errors.js'
import type { JobQueue } from '../../jobs/queue.js'
import { newId } from '../../lib/ids.js'
import type { FileStorage } from '../../lib/storage.js'
import { parseLabels, parseName } from '../voices/voices.module.js'
import type { PvcRepository } from './pvc.repository.js'
import { cutSpans, DECODE_RATE, decodeUpload, encodeWav, measureSample, visualWaveform } from './pvc-audio.js'
import { PVC_LIMITS, professionalVoiceLimit } from './pvc-limits.js'
import { type Caller, EDITABLE_STATES, type PvcState, type StoredSampleFeatures } from './pvc-state.js'
import type { Utterance } from './speaker-diarisation.js'
import type { PvcSamplesTable } from './voice-pvc.tables.js'

// Professional voice clones: create and edit the voice, add samples (each decoded, measured
// and held to the recording rules before anything is stored), trim them, pick speakers, and
// read back their audio and waveform.

export interface UploadedFile {
  fileName: string
  data: Buffer
}

export interface StoredSpeaker {
  speaker_id: string
  duration_secs: number
  utterances: Utterance[]
}

const DESCRIPTION_MAX = 500

function languageOf(raw: unknown): string {
  const code = typeof raw === 'string' ? raw.trim().toLowerCase() : ''
  if (!code || !(code in LANGUAGE_NAMES)) {
    throw new AppError('validation_error', {
      message: `language must be a supported language code (${Object.keys(LANGUAGE_NAMES).slice(0, 8).join(', ')}, ...).`,
      param: 'language',
    })
  }
  return code
}

function descriptionOf(raw: unknown): string | null {
  if (raw === undefined || raw === null) return null
  if (typeof raw !== 'string' || raw.length > DESCRIPTION_MAX) {
    throw new AppError('validation_error', {
      message: `description is text of at most ${DESCRIPTION_MAX} characters.`,
      param: 'description',
    })
  }
  return raw.trim() || null
}

function labelsOf(raw: unknown): Record<string, string> {
  if (raw === undefined || raw === null) return {}
  return parseLabels(typeof raw === 'string' ? raw : JSON.stringify(raw))
}

/** The premade voice a draft is spoken with in previews until it is trained: one of its language. */
function draftDefinition(voiceId: string, name: string, language: string) {
  const base =
    PREMADE_VOICES.find((v) => v.language === language) ?? PREMADE_VOICES.find((v) => v.language === 'en')!
  return { ...base, voice_id: voiceId, name, training: 'pending' as const }
}

export function createPvcService(deps: {
  repository: PvcRepository
  storage: FileStorage
  queue: JobQueue
  tierOf: (workspaceId: string) => Promise<string>
  /** Audio needed before training, seconds. */
  minTrainingSeconds: number
}) {
  const { repository, storage } = deps

  async function limitOf(caller: Caller): Promise<number> {
    const limit = professionalVoiceLimit(await deps.tierOf(caller.workspaceId))
    if (limit <= 0) throw new AppError('pvc_not_allowed')
    return limit
  }

  async function voiceOf(caller: Caller, voiceId: string) {
    const voice = await repository.find(caller.workspaceId, voiceId)
    if (!voice) throw new AppError('pvc_voice_not_found', { param: 'voice_id' })
    return voice
  }

  /** The voice, refused when it is blocked or past the steps that may still change it. */
  async function editableVoice(caller: Caller, voiceId: string) {
    const voice = await voiceOf(caller, voiceId)
    if (voice.state === 'blocked') throw new AppError('pvc_voice_blocked')
    if (!EDITABLE_STATES.includes(voice.state as PvcState)) throw new AppError('pvc_voice_busy')
    return voice
  }

  async function sampleOf(caller: Caller, voiceId: string, sampleId: string) {
    await voiceOf(caller, voiceId)
    const sample = await repository.sample(voiceId, sampleId)
    if (!sample) throw new AppError('voice_sample_not_found', { param: 'sample_id' })
    return sample
  }

  async function decodedSample(key: string): Promise<Float32Array> {
    const data = await storage.get(key)
    if (!data)
      throw new AppError('voice_sample_not_found', { message: 'The sample audio is no longer stored.' })
    return (await decodeUpload(data, 'The stored sample', PVC_LIMITS.sampleSecondsMax + 1)).pcm
  }

  function sampleView(s: Awaited<ReturnType<PvcRepository['samples']>>[number]) {
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

  return {
    voiceOf,
    decodedSample,
    sampleOf,

    async create(caller: Caller, body: Record<string, unknown>): Promise<string> {
      const limit = await limitOf(caller)
      const name = parseName(typeof body.name === 'string' ? body.name : undefined)
      const language = languageOf(body.language)
      const description = descriptionOf(body.description)
      const labels = labelsOf(body.labels)
      const voiceId = newId()
      const definition = draftDefinition(voiceId, name, language)
      const created = await repository.create(
        {
          id: voiceId,
          workspace_id: caller.workspaceId,
          owner_user_id: caller.userId,
          category: 'professional',
          name,
          description,
          labels: JSON.stringify({ ...labels, language }),
          language,
          definition: JSON.stringify(definition),
          settings: null,
          verified_languages: JSON.stringify([]),
          safety_control: null,
          sharing: null,
        },
        { voice_id: voiceId, workspace_id: caller.workspaceId, state: 'draft', captcha_text: null },
        limit,
      )
      if (!created) {
        throw new AppError('pvc_limit_reached', {
          message: `Your plan includes ${limit} professional voice clone${limit > 1 ? 's' : ''}, and all are in use. Delete one or upgrade.`,
        })
      }
      return voiceId
    },

    async update(caller: Caller, voiceId: string, body: Record<string, unknown>): Promise<void> {
      const voice = await voiceOf(caller, voiceId)
      if (voice.state === 'blocked') throw new AppError('pvc_voice_blocked')
      const set: { name?: string; description?: string | null; labels?: string; language?: string } = {}
      if (body.name !== undefined) set.name = parseName(typeof body.name === 'string' ? body.name : undefined)
      if (body.description !== undefined) set.description = descriptionOf(body.description)
      let language = voice.language ?? 'en'
      if (body.language !== undefined) {
        language = languageOf(body.language)
        // The samples were accepted as speech in the voice's language: all stay in one language.
        if (language !== voice.language && (await repository.samples(voiceId)).length > 0) {
          throw new AppError('pvc_language_mismatch', {
            message: `The samples of this voice are in '${voice.language}'. All samples must be in one language: delete them before changing the language to '${language}'.`,
            param: 'language',
          })
        }
        if (language !== voice.language && !EDITABLE_STATES.includes(voice.state as PvcState))
          throw new AppError('pvc_voice_busy')
        set.language = language
      }
      if (body.labels !== undefined || set.language) {
        const labels =
          body.labels !== undefined ? labelsOf(body.labels) : (voice.labels as Record<string, string>)
        set.labels = JSON.stringify({ ...labels, language })
      }
      await repository.updateVoice(voiceId, set)
    },

    async addSamples(
      caller: Caller,
      voiceId: string,
      form: { files: UploadedFile[]; fields: Record<string, string> },
    ) {
      const voice = await editableVoice(caller, voiceId)
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
      return (await repository.samples(voiceId))
        .filter((s) => rows.some((r) => r.id === s.id))
        .map(sampleView)
    },

    async updateSample(caller: Caller, voiceId: string, sampleId: string, body: Record<string, unknown>) {
      await editableVoice(caller, voiceId)
      const sample = await sampleOf(caller, voiceId, sampleId)
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
        const ok = (v: unknown) =>
          v === null || (typeof v === 'number' && v >= 0 && v <= sample.duration_seconds)
        if (
          !ok(start) ||
          !ok(end) ||
          (typeof start === 'number' && typeof end === 'number' && end <= start)
        ) {
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
    },

    async deleteSample(caller: Caller, voiceId: string, sampleId: string): Promise<void> {
      await editableVoice(caller, voiceId)
      const removed = await repository.removeSample(voiceId, sampleId)
      if (!removed) throw new AppError('voice_sample_not_found', { param: 'sample_id' })
      await storage.delete(removed.storage_key).catch(() => undefined)
    },

    async sampleAudio(caller: Caller, voiceId: string, sampleId: string) {
      const sample = await sampleOf(caller, voiceId, sampleId)
      const pcm = await decodedSample(sample.storage_key)
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
    },

    async waveform(caller: Caller, voiceId: string, sampleId: string) {
      const sample = await sampleOf(caller, voiceId, sampleId)
      return { sample_id: sampleId, visual_waveform: sample.waveform }
    },

    async speakers(caller: Caller, voiceId: string, sampleId: string) {
      const sample = await sampleOf(caller, voiceId, sampleId)
      return sampleView(sample).speaker_separation
    },

    async speakerAudio(caller: Caller, voiceId: string, sampleId: string, speakerId: string) {
      const sample = await sampleOf(caller, voiceId, sampleId)
      const speaker = ((sample.speakers as StoredSpeaker[] | null) ?? []).find(
        (s) => s.speaker_id === speakerId,
      )
      if (!speaker) {
        throw new AppError('not_found', {
          message:
            sample.separation_status === 'completed'
              ? `This sample has no speaker ${speakerId}.`
              : 'Separate the speakers of this sample first.',
          param: 'speaker_id',
        })
      }
      const pcm = await decodedSample(sample.storage_key)
      const audio = cutSpans(pcm, DECODE_RATE, speaker.utterances)
      return {
        audio_base_64: encodeWav(audio, DECODE_RATE).toString('base64'),
        media_type: 'audio/wav',
        duration_secs: Math.round((audio.length / DECODE_RATE) * 1000) / 1000,
      }
    },

    /** Queues speaker separation of a sample. */
    async separate(caller: Caller, voiceId: string, sampleId: string): Promise<void> {
      await editableVoice(caller, voiceId)
      await sampleOf(caller, voiceId, sampleId)
      await repository.updateSample(voiceId, sampleId, { separation_status: 'pending' })
      await deps.queue.send('pvc.separate', { voiceId, sampleId })
    },

    /** The clone's flow as the web app shows it. */
    async status(caller: Caller, voiceId: string) {
      const voice = await voiceOf(caller, voiceId)
      const samples = await repository.samples(voiceId)
      return {
        voice_id: voiceId,
        name: voice.name,
        description: voice.description,
        language: voice.language,
        state: voice.state,
        verified: voice.verified,
        verification_attempts_count: voice.verification_attempts,
        verification_attempts_max: PVC_LIMITS.verificationAttemptsMax,
        manual_verification_requested: voice.manual_verification !== null,
        training_progress: voice.training_progress,
        training_error: voice.training_error,
        dataset_duration_seconds: Math.round(samples.reduce((s, x) => s + x.duration_seconds, 0) * 10) / 10,
        min_training_seconds: deps.minTrainingSeconds,
        samples: samples.map(sampleView),
      }
    },
  }
}

export type PvcService = ReturnType<typeof createPvcService>
