import {
  MODEL_PROFILES,
  type ModelProfile,
  type OutputFormat,
  type PipelineChunk,
  type PreparedRequest,
  type PronunciationRule,
  parseOutputFormat,
  type SpeechRequest,
  type SpeechService,
} from '@timbre/speech'
import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import { requestHash } from '../credits/credits.service.js'
import type { PronunciationRulesPort } from '../pronunciation-dictionaries/pronunciation-dictionaries.module.js'
import type { Recorder } from '../recording/recording.types.js'
import type { UsableVoice, VoiceLookup } from '../voices/voice-lookup.js'
import { toAppError } from './speech-errors.js'

// One HTTP generation (the four text-to-speech variants and dialogue): the speech pipeline
// makes the audio, the recorder owns its credits, stored audio and history item.

export interface GenerationDeps {
  speech: SpeechService
  voices: VoiceLookup
  recorder: Recorder
  dictionaries: PronunciationRulesPort
}

export interface GenerationInput {
  principal: Principal
  requestId: string
  /** The voice the history item shows (a dialogue's first speaker). */
  voice: UsableVoice
  /** One request, or several for a dialogue, rendered in order into one audio. */
  speechRequests: SpeechRequest[]
  modelId: string
  outputFormat: string
  logging: boolean
  kind: 'tts' | 'dialogue'
  /** What the history item shows and what is charged. */
  text: string
  dialogue?: Array<{ text: string; voice_id: string; voice_name: string | null }>
  settings: unknown
}

export async function resolveVoice(
  voices: VoiceLookup,
  workspaceId: string,
  voiceId: string,
): Promise<UsableVoice> {
  const voice = await voices.findUsable(workspaceId, voiceId)
  if (!voice)
    throw new AppError('voice_not_found', {
      message: `A voice with the voice_id ${voiceId} was not found.`,
      param: 'voice_id',
    })
  return voice
}

export function resolveModel(modelId: string): ModelProfile {
  const model = MODEL_PROFILES[modelId]
  if (!model)
    throw new AppError('model_not_found', { message: `Unknown model_id '${modelId}'.`, param: 'model_id' })
  if (!model.can_do_text_to_speech) {
    throw new AppError('model_cannot_do_text_to_speech', {
      message: `The model '${modelId}' cannot do text to speech.`,
      param: 'model_id',
    })
  }
  return model
}

/**
 * The pronunciation rules of a request: its dictionaries in order (or the workspace
 * defaults), as the `pronunciationRules` field of its speech requests.
 */
export async function pronunciationRules(
  deps: Pick<GenerationDeps, 'dictionaries'>,
  workspaceId: string,
  locators:
    | ReadonlyArray<{ pronunciation_dictionary_id: string; version_id?: string | null | undefined }>
    | null
    | undefined,
  modelId: string,
): Promise<{ pronunciationRules?: PronunciationRule[] }> {
  const model = resolveModel(modelId)
  const englishOnly = model.languages.length === 1 && model.languages[0] === 'en'
  const rules = await deps.dictionaries.rulesFor(workspaceId, locators, { id: modelId, englishOnly })
  return rules.length > 0 ? { pronunciationRules: rules } : {}
}

export function resolveFormat(outputFormat: string): OutputFormat {
  try {
    return parseOutputFormat(outputFormat)
  } catch {
    throw new AppError('invalid_output_format', {
      message: `Unknown output_format '${outputFormat}'.`,
      param: 'output_format',
    })
  }
}

/** Plans a request with the speech package; its refusals become API errors. */
export function prepareSpeech(speech: SpeechService, request: SpeechRequest): PreparedRequest {
  try {
    return speech.prepare(request)
  } catch (error) {
    throw toAppError(error)
  }
}

export interface Generation {
  readonly historyItemId: string | null
  readonly format: OutputFormat
  readonly cost: number
  /** Encoded chunks in order; each chunk must be reported with `delivered` as it goes out. */
  chunks(signal?: AbortSignal): AsyncIterable<PipelineChunk>
  delivered(chunk: PipelineChunk): void
  /** Stores the audio and settles credits with the history item. */
  complete(): Promise<void>
  /** Charges what reached the caller (`reachedClient: false`: nothing did). Safe after `complete`. */
  fail(options?: { reachedClient?: boolean }): Promise<void>
}

/**
 * Validates everything (each request is planned here, once), then takes a concurrency slot
 * and reserves the credits. Nothing renders until `chunks()` is iterated.
 */
export async function beginGeneration(deps: GenerationDeps, input: GenerationInput): Promise<Generation> {
  const format = resolveFormat(input.outputFormat)
  const model = resolveModel(input.modelId)
  const prepared = input.speechRequests.map((r) => prepareSpeech(deps.speech, r))
  const recording = await deps.recorder.begin({
    principal: input.principal,
    requestId: input.requestId,
    kind: input.kind,
    format,
    costMultiplier: model.characterCostMultiplier,
    meter: { modelId: input.modelId, resourceId: input.voice.voiceId, resourceName: input.voice.name },
    history: input.logging
      ? {
          voiceId: input.voice.voiceId,
          voiceName: input.voice.name,
          voiceCategory: input.voice.category,
          modelId: input.modelId,
          text: input.text,
          dialogue: input.dialogue ?? null,
          settings: input.settings,
          source: 'TTS',
        }
      : null,
    charge: {
      text: input.text,
      hash: requestHash([
        input.kind,
        input.voice.voiceId,
        input.modelId,
        input.text,
        input.settings,
        input.dialogue ?? null,
      ]),
    },
  })

  return {
    historyItemId: recording.historyItemId,
    format,
    cost: recording.cost,
    async *chunks(signal) {
      const pipeline = deps.speech.pipeline(format, signal ? { signal } : {})
      for (const p of prepared) pipeline.push(p)
      pipeline.end()
      try {
        yield* pipeline
      } catch (error) {
        throw toAppError(error)
      }
    },
    delivered: (chunk) => recording.delivered(chunk),
    complete: () => recording.complete(),
    fail: (options) => recording.fail(options),
  }
}
