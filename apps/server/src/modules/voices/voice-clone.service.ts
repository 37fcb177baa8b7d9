import { createHash } from 'node:crypto'
import { maxVoiceAddEdits, PLAN_LIMITS, PLANS, type Tier } from '@timbre/contract'
import {
  combineFeatures,
  compareFeatures,
  createIsolator,
  deriveCloneVoice,
  type FeatureComparison,
  ISOLATION_SAMPLE_RATE,
  nearestBase,
  refineClone,
  type SpeechService,
  similarityOf,
  type VoiceFeatures,
  voiceDistance,
} from '@timbre/speech'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { FileStorage } from '../../lib/storage.js'
import {
  CLONE_MEASURE_TEXT,
  checkSampleLength,
  createBaseVoices,
  decodeVoiceUpload,
  measureSpeech,
  measureVoice,
} from '../../platform/audio/measure.js'
import { type StoredDefinition, verifiedLanguagesOf } from './voice-definition.js'
import { type EditForm, parseFlag, parseLabels, parseName } from './voice-edit.service.js'
import { VOICE_LIMITS } from './voice-limits.js'
import type { NewVoiceSample, VoicesRepository } from './voices.repository.js'
import type { Caller } from './voices.service.js'

// Instant voice cloning (POST /v1/voices/add): every sample is decoded and measured (speech,
// pitch, pitch range, pace, long-term spectrum, loudness), the base voice nearest in pitch and
// colour is retuned to the measurements, the clone's own rendering of a fixed text is measured
// the same way and its pace and colour corrected once by what it really did, and a last
// rendering scores how close it came, feature by feature, beside the plain base voice's score.
// Nothing is stored unless every sample is usable.

/** The longest sample taken, in seconds. */
export const CLONE_SAMPLE_SECONDS_MAX = 5 * 60
/** Speech needed across all samples, in seconds. */
export const CLONE_SPEECH_SECONDS_MIN = 2
/**
 * Seconds of each sample that are measured, and of all samples together: the analysis runs on
 * the request's thread, so its cost is bounded whatever is uploaded. Later samples are still
 * checked for speech on their first seconds.
 */
const ANALYSE_SECONDS_PER_SAMPLE = 30
const ANALYSE_SECONDS_TOTAL = 120
const SPEECH_CHECK_SECONDS = 10

export interface CloneAnalysis {
  base_voice_id: string
  samples: VoiceFeatures
  clone: VoiceFeatures
  /** Semitone-like distance between the clone's output and the samples (voiceDistance). */
  distance: number
  /** 0-1, from the distance. */
  similarity: number
  /** Per feature, the clone's output against the samples, and the plain base voice's for comparison. */
  features: { clone: FeatureComparison; base: FeatureComparison }
}

/** The start of the current calendar month (UTC): the add/edit counter restarts there. */
export function monthStart(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
}

async function denoise(samples: Float32Array): Promise<Float32Array> {
  const isolator = await createIsolator(ISOLATION_SAMPLE_RATE)
  const head = isolator.push(samples)
  const tail = isolator.end()
  const out = new Float32Array(head.length + tail.length)
  out.set(head)
  out.set(tail, head.length)
  return out
}

/**
 * Each uploaded sample decoded, held to the length rules and measured (the first seconds of
 * it, within the request's analysis budget), with the row it will be stored as.
 */
async function readSamples(
  caller: Caller,
  voiceId: string,
  files: EditForm['files'],
  removeNoise: boolean,
): Promise<{ samples: NewVoiceSample[]; features: VoiceFeatures[] }> {
  const uploadedAt = Date.now()
  const samples: NewVoiceSample[] = []
  const features: VoiceFeatures[] = []
  let analysed = 0
  for (const [index, file] of files.entries()) {
    const label = `files[${index}] (${file.fileName || 'unnamed'})`
    const where = { label, param: 'files', maxSeconds: CLONE_SAMPLE_SECONDS_MAX }
    const { sniffed, pcm, seconds } = await decodeVoiceUpload(file.data, where)
    checkSampleLength({ seconds }, where)
    const budget = Math.max(
      SPEECH_CHECK_SECONDS,
      Math.min(ANALYSE_SECONDS_PER_SAMPLE, ANALYSE_SECONDS_TOTAL - analysed),
    )
    const head = pcm.subarray(0, Math.round(budget * ISOLATION_SAMPLE_RATE))
    analysed += head.length / ISOLATION_SAMPLE_RATE
    const clean = removeNoise ? await denoise(head) : head
    const measured = measureSpeech(clean, { label, param: 'files' })
    features.push(measured)
    const id = newId()
    samples.push({
      id,
      voice_id: voiceId,
      file_name: file.fileName.slice(0, 255) || `sample.${sniffed.extension}`,
      mime_type: sniffed.mimeType,
      size_bytes: file.data.length,
      hash: createHash('sha256').update(file.data).digest('hex'),
      storage_key: `voices/${caller.workspaceId}/${voiceId}/samples/${id}.${sniffed.extension}`,
      duration_seconds: sniffed.durationSeconds ?? Math.round(seconds * 1000) / 1000,
      created_at: new Date(uploadedAt + index),
    })
  }
  return { samples, features }
}

export function createVoiceCloneService(deps: {
  repository: VoicesRepository
  storage: FileStorage
  speech: SpeechService
  tierOf: (workspaceId: string) => Promise<string>
}) {
  const { repository, storage, speech } = deps
  const basesFor = createBaseVoices(speech, { tracts: true })

  async function checkPlan(caller: Caller): Promise<number> {
    const raw = await deps.tierOf(caller.workspaceId)
    const tier = (raw in PLANS ? raw : 'free') as Tier
    if (!PLAN_LIMITS[tier].canUseInstantVoiceCloning) {
      throw new AppError('voice_cloning_not_allowed')
    }
    return PLAN_LIMITS[tier].voiceLimit
  }

  function limitReached(limit: number): AppError {
    return new AppError('voice_limit_reached', {
      message: `You have reached the maximum of ${limit} custom voices for your plan. Delete a voice or upgrade.`,
    })
  }

  return {
    /** Refuses a caller whose plan cannot clone, or who has no free voice slot, before the upload is read. */
    async checkAllowed(caller: Caller): Promise<void> {
      const limit = await checkPlan(caller)
      if ((await repository.countOwned(caller.workspaceId)) >= limit) throw limitReached(limit)
    },

    async add(caller: Caller, form: EditForm): Promise<{ voice_id: string; analysis: CloneAnalysis }> {
      const limit = await checkPlan(caller)
      const name = parseName(form.fields.name)
      const rawDescription = form.fields.description ?? ''
      if (rawDescription.length > VOICE_LIMITS.descriptionMax) {
        throw new AppError('validation_error', {
          message: `description is at most ${VOICE_LIMITS.descriptionMax} characters.`,
          param: 'description',
        })
      }
      const description = rawDescription.trim() || null
      const labels = form.fields.labels ? parseLabels(form.fields.labels) : {}
      const removeNoise = parseFlag(form.fields.remove_background_noise, 'remove_background_noise')
      if (!form.files.length) {
        throw new AppError('validation_error', {
          message: 'Upload at least one audio sample as files.',
          param: 'files',
        })
      }
      if (form.files.length > VOICE_LIMITS.samplesPerVoice)
        throw new AppError('too_many_voice_samples', { param: 'files' })
      if ((await repository.countOwned(caller.workspaceId)) >= limit) throw limitReached(limit)
      const maxAddEdits = maxVoiceAddEdits(limit)
      if ((await repository.countAddEditsSince(caller.workspaceId, monthStart())) >= maxAddEdits) {
        throw new AppError('voice_add_edit_limit_reached', {
          message: `You have used all ${maxAddEdits} voice additions and edits of your plan this month.`,
        })
      }

      const voiceId = newId()
      const { samples, features } = await readSamples(caller, voiceId, form.files, removeNoise)
      const target = combineFeatures(features)
      if (target.speechSeconds < CLONE_SPEECH_SECONDS_MIN)
        throw new AppError('voice_sample_too_short', { param: 'files' })

      const language = (labels.language ?? 'en').toLowerCase()
      const base = nearestBase(target, await basesFor(language))
      const derived = deriveCloneVoice({
        voiceId,
        name,
        description: description ?? '',
        language: base.voice.language,
        target,
        base,
      })
      const voice = refineClone(
        derived,
        target,
        await measureVoice(speech, derived, { text: CLONE_MEASURE_TEXT }),
      )
      const clone = await measureVoice(speech, voice, { text: CLONE_MEASURE_TEXT })
      const distance = voiceDistance(clone, target)
      const analysis: CloneAnalysis = {
        base_voice_id: base.voice.voice_id,
        samples: target,
        clone,
        distance: Math.round(distance * 100) / 100,
        similarity: similarityOf(distance),
        features: { clone: compareFeatures(clone, target), base: compareFeatures(base.features, target) },
      }
      const definition: StoredDefinition & { clone_analysis: CloneAnalysis } = {
        ...voice,
        sample_options: Object.fromEntries(
          samples.map((s) => [s.id, { remove_background_noise: removeNoise }]),
        ),
        clone_analysis: analysis,
      }

      await Promise.all(samples.map((s, i) => storage.put(s.storage_key, form.files[i]!.data)))
      let saved = false
      try {
        saved = await repository.createOwned(
          {
            id: voiceId,
            workspace_id: caller.workspaceId,
            owner_user_id: caller.userId,
            category: 'cloned',
            name,
            description,
            labels: JSON.stringify(labels),
            language: voice.language,
            definition: JSON.stringify(definition),
            settings: null,
            verified_languages: JSON.stringify(verifiedLanguagesOf(voice)),
            safety_control: null,
            sharing: null,
          },
          samples,
          limit,
        )
      } finally {
        if (!saved) await Promise.all(samples.map((s) => storage.delete(s.storage_key)))
      }
      if (!saved) throw limitReached(limit)
      return { voice_id: voiceId, analysis }
    },
  }
}

export type VoiceCloneService = ReturnType<typeof createVoiceCloneService>
