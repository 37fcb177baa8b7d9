import { createHash } from 'node:crypto'
import { DEFAULT_OUTPUT_FORMAT } from '@timbre/contract'
import { collectSpeech, type SpeechService } from '@timbre/speech'
import { AppError } from '../../errors.js'
import type { FileStorage } from '../../lib/storage.js'
import { definitionOf, previewLanguagesOf, settingsOf } from './voice.view.js'
import { previewModelFor, previewTextFor } from './voice-definition.js'
import type { VoiceSamplesRepository } from './voice-samples.repository.js'
import type { VoicesRepository } from './voices.repository.js'
import { voiceNotFound } from './voices.service.js'

// Preview audio behind a voice's preview_url (and one per verified language). Synthesised
// with the voice itself on the first request, stored, and served from storage afterwards. The storage key carries a
// fingerprint of everything that shapes the sound, so a changed definition (premade voices
// are re-seeded at start) renders a fresh preview instead of serving a stale one.

const PREVIEW_FORMAT = DEFAULT_OUTPUT_FORMAT
/** Fixed, so a preview is the same bytes wherever and whenever it is rendered. */
const PREVIEW_SEED = 1

export interface PreviewAudio {
  data: Buffer
  etag: string
}

export function createVoicePreviews(deps: {
  repository: VoicesRepository
  samples: VoiceSamplesRepository
  storage: FileStorage
  speech: SpeechService
}) {
  const { repository, storage, speech } = deps
  const inFlight = new Map<string, Promise<Buffer>>()

  return {
    async audio(voiceId: string, language: string | undefined): Promise<PreviewAudio> {
      const row = await repository.findAny(voiceId)
      if (!row) throw voiceNotFound(voiceId)
      const definition = definitionOf(row)
      const languages = previewLanguagesOf(row)
      const lang = (language ?? row.language ?? definition.language).toLowerCase()
      const text = previewTextFor(definition, lang)
      const modelId = previewModelFor(lang, definition.engine?.engine)
      if (!languages.includes(lang) || !text || !modelId) {
        throw new AppError('voice_preview_unavailable', {
          message: `Voice ${voiceId} has previews in: ${languages.join(', ') || 'no language'}.`,
          param: 'language',
        })
      }
      const settings = settingsOf(row)
      const fingerprint = createHash('sha256')
        .update(
          JSON.stringify([
            definition.engine,
            definition.dsp,
            definition.language,
            lang,
            text,
            modelId,
            settings,
          ]),
        )
        .digest('hex')
        .slice(0, 16)
      const key = `voice-previews/${voiceId}/${lang}-${fingerprint}.mp3`

      const stored = await deps.samples.findPreview(voiceId, lang)
      if (stored === key) {
        const data = await storage.get(key)
        if (data) return { data, etag: `"${fingerprint}"` }
      }
      let job = inFlight.get(key)
      if (!job) {
        job = (async () => {
          // The same pipeline as every generation; a preview is neither charged nor logged.
          const pipeline = speech.pipeline(PREVIEW_FORMAT)
          pipeline.push({
            text,
            voice: definition,
            modelId,
            languageCode: lang,
            voiceSettings: settings,
            seed: PREVIEW_SEED,
          })
          pipeline.end()
          const result = await collectSpeech(pipeline, pipeline.format)
          const data = Buffer.from(result.audio)
          await storage.put(key, data)
          await deps.samples.savePreview(voiceId, lang, key)
          if (stored && stored !== key) await storage.delete(stored)
          return data
        })().finally(() => inFlight.delete(key))
        inFlight.set(key, job)
      }
      return { data: await job, etag: `"${fingerprint}"` }
    },
  }
}

export type VoicePreviews = ReturnType<typeof createVoicePreviews>
