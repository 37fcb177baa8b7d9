import { createHash } from 'node:crypto'
import { AppError } from '../../errors.js'
import { sniffAudio } from '../../lib/audio/audio-sniff.js'
import { newId } from '../../lib/ids.js'
import type { FileStorage } from '../../lib/storage.js'
import type { VoiceAccess } from './voice-access.js'
import type { SampleOptions } from './voice-definition.js'
import { VOICE_LIMITS } from './voice-limits.js'
import type { VoiceSamplesRepository } from './voice-samples.repository.js'
import type { NewVoiceSample, VoicesRepository } from './voices.repository.js'
import { type Caller, findEditableVoice, voiceNotFound } from './voices.service.js'

// POST /v1/voices/{id}/edit and the sample calls. An edit sends name, description (empty
// string if missing), labels as JSON and remove_background_noise as JSON.

export interface EditForm {
  /** Text fields as sent; a repeated field keeps its last value. */
  fields: Record<string, string>
  files: Array<{ fileName: string; data: Buffer }>
}

function invalid(
  param: string,
  message: string,
  code: 'validation_error' | 'invalid_labels' = 'validation_error',
): AppError {
  return new AppError(code, { message, param })
}

export function parseLabels(raw: string): Record<string, string> {
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    throw invalid('labels', 'labels must be a JSON object, e.g. {"accent": "british"}.', 'invalid_labels')
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw invalid('labels', 'labels must be a JSON object of strings.', 'invalid_labels')
  }
  const entries = Object.entries(parsed)
  if (entries.length > VOICE_LIMITS.labelsMax) {
    throw invalid('labels', `A voice has at most ${VOICE_LIMITS.labelsMax} labels.`, 'invalid_labels')
  }
  const labels: Record<string, string> = {}
  for (const [key, value] of entries) {
    if (typeof value !== 'string') {
      throw invalid('labels', `The label '${key}' must be a string.`, 'invalid_labels')
    }
    const name = key.trim()
    if (!name || name.length > VOICE_LIMITS.labelKeyMax || value.length > VOICE_LIMITS.labelValueMax) {
      throw invalid(
        'labels',
        `Label names are 1 to ${VOICE_LIMITS.labelKeyMax} characters, values at most ${VOICE_LIMITS.labelValueMax}.`,
        'invalid_labels',
      )
    }
    labels[name] = value.trim()
  }
  return labels
}

export function parseFlag(raw: string | undefined, param: string): boolean {
  if (raw === undefined || raw === '') return false
  const value = raw.trim().toLowerCase()
  if (value === 'true') return true
  if (value === 'false') return false
  throw invalid(param, `${param} must be true or false.`)
}

export function parseName(raw: string | undefined): string {
  const name = raw?.trim() ?? ''
  if (!name) throw invalid('name', 'name is required.')
  if (name.length > VOICE_LIMITS.nameMax)
    throw invalid('name', `name is at most ${VOICE_LIMITS.nameMax} characters.`)
  return name
}

export function createVoiceEditService(deps: {
  repository: VoicesRepository
  samples: VoiceSamplesRepository
  storage: FileStorage
  access?: VoiceAccess | undefined
}) {
  const { repository, samples: sampleRows, storage } = deps
  return {
    /** Refuses premade and unknown voices before the upload is read. */
    async checkEditable(caller: Caller, voiceId: string): Promise<void> {
      await findEditableVoice(repository, caller, voiceId, deps.access)
    },

    async edit(caller: Caller, voiceId: string, form: EditForm): Promise<void> {
      await findEditableVoice(repository, caller, voiceId, deps.access)
      const name = parseName(form.fields.name)
      const rawDescription = form.fields.description
      if (rawDescription !== undefined && rawDescription.length > VOICE_LIMITS.descriptionMax) {
        throw invalid('description', `description is at most ${VOICE_LIMITS.descriptionMax} characters.`)
      }
      const description = rawDescription === undefined ? undefined : rawDescription.trim() || null
      const labels = form.fields.labels !== undefined ? parseLabels(form.fields.labels) : undefined
      const removeBackgroundNoise = parseFlag(form.fields.remove_background_noise, 'remove_background_noise')

      const existing = await sampleRows.countSamples(voiceId)
      if (existing + form.files.length > VOICE_LIMITS.samplesPerVoice) {
        throw new AppError('too_many_voice_samples', { param: 'files' })
      }
      const samples: NewVoiceSample[] = []
      const uploadedAt = Date.now()
      const options: Record<string, SampleOptions> = {}
      for (const [index, file] of form.files.entries()) {
        const audio = sniffAudio(file.data)
        if (!audio) {
          throw new AppError('invalid_audio_file', {
            message: `files[${index}] (${file.fileName || 'unnamed'}) is not a WAV, MP3, OGG, FLAC, M4A or WebM audio file.`,
            param: 'files',
          })
        }
        const id = newId()
        samples.push({
          id,
          voice_id: voiceId,
          file_name: file.fileName.slice(0, 255) || `sample.${audio.extension}`,
          mime_type: audio.mimeType,
          size_bytes: file.data.length,
          hash: createHash('sha256').update(file.data).digest('hex'),
          storage_key: `voices/${caller.workspaceId}/${voiceId}/samples/${id}.${audio.extension}`,
          duration_seconds: audio.durationSeconds,
          // One millisecond apart: samples list in upload order.
          created_at: new Date(uploadedAt + index),
        })
        // No denoiser is exposed by @timbre/speech yet: the flag is stored, not applied.
        options[id] = { remove_background_noise: removeBackgroundNoise }
      }
      await Promise.all(samples.map((s, i) => storage.put(s.storage_key, form.files[i]!.data)))
      let saved = false
      try {
        saved = await repository.edit(
          caller.workspaceId,
          voiceId,
          { name, description, labels },
          samples,
          options,
        )
      } finally {
        if (!saved) await Promise.all(samples.map((s) => storage.delete(s.storage_key)))
      }
      if (!saved) throw voiceNotFound(voiceId)
    },

    async removeSample(caller: Caller, voiceId: string, sampleId: string): Promise<void> {
      await findEditableVoice(repository, caller, voiceId, deps.access)
      const removed = await sampleRows.removeSample(voiceId, sampleId)
      if (!removed) throw new AppError('voice_sample_not_found', { param: 'sample_id' })
      await storage.delete(removed.storage_key)
    },

    async sampleAudio(caller: Caller, voiceId: string, sampleId: string) {
      const voice = await repository.find(caller.workspaceId, voiceId)
      if (!voice) throw voiceNotFound(voiceId)
      const sample = await sampleRows.findSample(voiceId, sampleId)
      const data = sample ? await storage.get(sample.storage_key) : null
      if (!sample || !data) throw new AppError('voice_sample_not_found', { param: 'sample_id' })
      return { data, mimeType: sample.mime_type, fileName: sample.file_name }
    },
  }
}

export type VoiceEditService = ReturnType<typeof createVoiceEditService>
