import type { OutputFormat, PipelineChunk, SpeechRequest, SpeechService } from '@timbre/speech'
import type { Principal } from '../../plugins/auth.js'
import { prepareSpeech, resolveFormat, resolveModel } from './generation-inputs.js'
import type { PronunciationRulesPort, UsableVoice, VoiceLookup } from './ports.js'
import type { Recorder } from './recorder.js'
import { requestHash } from './request-hash.js'
import { toAppError } from './speech-errors.js'

// One generation of text to speech (the four HTTP variants, dialogue, voiceover clips, article
// audio): the speech pipeline makes the audio, the recorder owns its credits, stored audio and
// history item.

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

export interface Generation {
  readonly historyItemId: string | null
  readonly format: OutputFormat
  readonly cost: number
  /**
   * Encoded chunks in order; each must be reported, with `delivered` as it goes out to the
   * client or with `held` when it is kept back until `complete`.
   */
  chunks(signal?: AbortSignal): AsyncIterable<PipelineChunk>
  /** The chunk is being written to the client: it is charged whatever happens next. */
  delivered(chunk: PipelineChunk): void
  /** The chunk is kept back (a whole response, a job's result): charged only by `complete`. */
  held(chunk: PipelineChunk): void
  /** Stores the audio and settles credits with the history item. */
  complete(): Promise<void>
  /** Charges what was delivered (with its history item) and releases the rest. Safe after `complete`. */
  fail(): Promise<void>
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
    held: (chunk) => recording.held(chunk),
    complete: () => recording.complete(),
    fail: () => recording.fail(),
  }
}
