import {
  VOICE_DESCRIPTION_MAX,
  VOICE_DESCRIPTION_MIN,
  VOICE_DESIGN_DEFAULT_FORMAT,
  VOICE_DESIGN_PREVIEW_COUNT,
  VOICE_DESIGN_PREVIEW_TTL_SECONDS,
  VOICE_PREVIEW_TEXT_MAX,
  VOICE_PREVIEW_TEXT_MIN,
  voiceDesignCredits,
} from '@timbre/contract'
import {
  collectSpeech,
  describedLanguage,
  designVoices,
  PREMADE_VOICES,
  parseVoiceDescription,
  remixVoice,
  type SpeechService,
  type VoiceDefinition,
} from '@timbre/speech'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { FileStorage } from '../../lib/storage.js'
import { resolveFormat } from '../../platform/generation/generation-inputs.js'
import type { Principal } from '../../plugins/auth.js'
import type { Recorder } from '../recording/recording.module.js'
import type { VoicesPorts } from '../voices/voices.module.js'
import { previewTextFor } from './preview-texts.js'
import type { NewPreview, VoiceDesignRepository } from './voice-design.repository.js'
import type { CreateVoiceBody, DesignBody, RemixBody } from './voice-design.schemas.js'

// Voice design and remix: a description becomes voice recipes on our engines (parsed words ->
// base voice, pitch, range, pace, formants, EQ), each rendered as a preview that is charged
// like text to speech, kept for a day and can be made into a workspace voice.

/** Expired previews removed per request, so the table never grows without bound. */
const SWEEP_BATCH = 50

export interface Preview {
  audio_base_64: string
  generated_voice_id: string
  media_type: string
  duration_secs: number
  language: string
}

function checkDescription(raw: string): string {
  const description = raw.trim()
  if (description.length < VOICE_DESCRIPTION_MIN)
    throw new AppError('voice_description_too_short', { param: 'voice_description' })
  if (description.length > VOICE_DESCRIPTION_MAX) {
    throw new AppError('validation_error', {
      message: `voice_description is at most ${VOICE_DESCRIPTION_MAX} characters.`,
      param: 'voice_description',
    })
  }
  return description
}

function checkText(raw: string | null | undefined): string | null {
  const text = raw?.trim() ?? ''
  if (!text) return null
  const length = [...text].length
  if (length < VOICE_PREVIEW_TEXT_MIN || length > VOICE_PREVIEW_TEXT_MAX)
    throw new AppError('voice_preview_text_length', { param: 'text' })
  return text
}

/** A generated text in the language: our own, else a premade voice's preview sentence. */
function autoText(language: string, seed: number): string {
  const own = previewTextFor(language, seed)
  if (language === 'en' || !own.startsWith('Hello there')) return own
  return PREMADE_VOICES.find((v) => v.language === language)?.preview_text ?? own
}

export function createVoiceDesignService(deps: {
  repository: VoiceDesignRepository
  storage: FileStorage
  speech: SpeechService
  recorder: Recorder
  voices: Pick<VoicesPorts, 'lookup' | 'generated'>
  now?: () => Date
}) {
  const now = deps.now ?? (() => new Date())

  async function sweep(): Promise<void> {
    const keys = await deps.repository.deleteExpired(now(), SWEEP_BATCH)
    await Promise.all(keys.map((key) => deps.storage.delete(key).catch(() => undefined)))
  }

  async function render(
    principal: Principal,
    requestId: string,
    input: {
      description: string
      text: string
      language: string
      voices: VoiceDefinition[]
      outputFormat: string | undefined
      sourceVoiceId: string | null
      withAudio: boolean
    },
  ): Promise<{ previews: Preview[]; text: string }> {
    const format = resolveFormat(input.outputFormat ?? VOICE_DESIGN_DEFAULT_FORMAT)
    const recording = await deps.recorder.begin({
      principal,
      requestId,
      kind: 'voice-design',
      format,
      costMultiplier: 1,
      history: null,
      charge: { text: input.text, hash: null, credits: voiceDesignCredits(input.text) },
    })
    const stored: string[] = []
    try {
      const rows: NewPreview[] = []
      const previews: Preview[] = []
      let seconds = 0
      const results = await Promise.all(
        input.voices.map(async (voice) => {
          const pipeline = deps.speech.pipeline(format.id)
          pipeline.push({
            text: input.text,
            voice,
            modelId: 'eleven_multilingual_v2',
            languageCode: input.language,
            seed: 1,
          })
          pipeline.end()
          return collectSpeech(pipeline, pipeline.format)
        }),
      )
      const expires = new Date(now().getTime() + VOICE_DESIGN_PREVIEW_TTL_SECONDS * 1000)
      for (const [index, voice] of input.voices.entries()) {
        const result = results[index]!
        const key = `voice-design/${principal.workspaceId}/${voice.voice_id}.${format.fileExtension}`
        await deps.storage.put(key, Buffer.from(result.audio))
        stored.push(key)
        seconds = Math.max(seconds, result.durationSeconds)
        rows.push({
          id: voice.voice_id,
          workspace_id: principal.workspaceId,
          user_id: principal.userId,
          source_voice_id: input.sourceVoiceId,
          description: input.description,
          text: input.text,
          language: input.language,
          definition: JSON.stringify(voice),
          media_type: format.contentType,
          storage_key: key,
          duration_seconds: result.durationSeconds,
          expires_at: expires,
        })
        previews.push({
          audio_base_64: input.withAudio ? Buffer.from(result.audio).toString('base64') : '',
          generated_voice_id: voice.voice_id,
          media_type: format.contentType,
          duration_secs: Math.round(result.durationSeconds * 1000) / 1000,
          language: input.language,
        })
      }
      await deps.repository.insertMany(rows)
      recording.held({
        audio: new Uint8Array(0),
        alignment: null,
        characters: [...input.text].length,
        piece: 0,
        endSeconds: seconds,
      })
      await recording.complete()
      await sweep().catch(() => undefined)
      return { previews, text: input.text }
    } catch (error) {
      // Nothing reached the caller: the reservation goes back whole, and no preview stays.
      await recording.fail()
      await Promise.all(stored.map((key) => deps.storage.delete(key).catch(() => undefined)))
      if (error instanceof AppError) throw error
      throw new AppError('voice_previews_failed', {
        message: `Failed to generate voice previews: ${String((error as Error)?.message ?? error)}`,
      })
    }
  }

  return {
    /** POST /v1/text-to-voice/design and /create-previews. */
    async design(principal: Principal, requestId: string, body: DesignBody, outputFormat?: string) {
      const description = checkDescription(body.voice_description)
      const text = checkText(body.text)
      const traits = parseVoiceDescription(description)
      const seed = body.seed ?? Math.floor(Math.random() * 2 ** 31)
      const language = (text ? describedLanguage(text) : null) ?? traits.language ?? 'en'
      const voices = designVoices(traits, {
        voiceIds: Array.from({ length: VOICE_DESIGN_PREVIEW_COUNT }, () => newId()),
        name: 'Voice design preview',
        description,
        language,
        seed,
        guidance: body.guidance_scale,
      })
      return render(principal, requestId, {
        description,
        text: text ?? autoText(language, seed),
        language: voices[0]!.language,
        voices,
        outputFormat,
        sourceVoiceId: null,
        withAudio: !body.stream_previews,
      })
    },

    /** POST /v1/text-to-voice/{voice_id}/remix: previews of a voice changed as described. */
    async remix(
      principal: Principal,
      requestId: string,
      voiceId: string,
      body: RemixBody,
      outputFormat?: string,
    ) {
      const description = checkDescription(body.voice_description)
      const text = checkText(body.text)
      const source = await deps.voices.lookup.findUsable(principal.workspaceId, voiceId)
      if (!source) {
        throw new AppError('voice_not_found', {
          message: `A voice with the voice_id ${voiceId} was not found.`,
          param: 'voice_id',
        })
      }
      if (source.definition.engine.engine === 'piper') {
        throw new AppError('validation_error', {
          message: 'Neural voices from the models directory cannot be remixed.',
          param: 'voice_id',
        })
      }
      const seed = body.seed ?? Math.floor(Math.random() * 2 ** 31)
      const voices = remixVoice(source.definition, parseVoiceDescription(description), {
        voiceIds: Array.from({ length: VOICE_DESIGN_PREVIEW_COUNT }, () => newId()),
        seed,
      }).map((v) => ({ ...v, name: source.name, description }))
      const language = source.definition.language
      return render(principal, requestId, {
        description,
        text: text ?? autoText(language, seed),
        language,
        voices,
        outputFormat,
        sourceVoiceId: source.voiceId,
        withAudio: !body.stream_previews,
      })
    },

    /** GET /v1/text-to-voice/{generated_voice_id}/stream: the stored preview audio. */
    async audio(
      principal: Principal,
      generatedVoiceId: string,
    ): Promise<{ data: Buffer; mediaType: string }> {
      const row = await deps.repository.find(principal.workspaceId, generatedVoiceId, now())
      const data = row ? await deps.storage.get(row.storage_key) : null
      if (!row || !data) throw new AppError('generated_voice_not_found', { param: 'generated_voice_id' })
      return { data, mediaType: row.media_type }
    },

    /** POST /v1/text-to-voice: a workspace voice from a preview. */
    async create(principal: Principal, body: CreateVoiceBody, origin: string) {
      const row = await deps.repository.find(principal.workspaceId, body.generated_voice_id, now())
      if (!row) throw new AppError('generated_voice_not_found', { param: 'generated_voice_id' })
      const labels: Record<string, string> = {}
      for (const [key, value] of Object.entries(body.labels ?? {})) if (value) labels[key] = value
      return deps.voices.generated.create(
        { workspaceId: principal.workspaceId, userId: principal.userId, origin },
        {
          name: body.voice_name,
          description: body.voice_description,
          labels,
          definition: row.definition as VoiceDefinition,
        },
      )
    },
  }
}

export type VoiceDesignService = ReturnType<typeof createVoiceDesignService>
