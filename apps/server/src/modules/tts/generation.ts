import {
  type CharAlignment,
  encodeInSlices,
  finalizeWav,
  MODEL_PROFILES,
  type ModelProfile,
  type OutputFormat,
  parseOutputFormat,
  prepareRequest,
  type SpeechChunk,
  type SpeechRequest,
  type SpeechService,
} from '@timbre/speech'
import type { Database } from '../../db/database.js'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { FileStorage } from '../../lib/storage.js'
import type { Principal } from '../../plugins/auth.js'
import type { Reservation } from '../credits/credits.repository.js'
import {
  type CreditsService,
  countCharacters,
  creditCost,
  requestHash,
  type WorkspacePlan,
} from '../credits/credits.service.js'
import type { HistoryRepository } from '../history/history.repository.js'
import type { UsableVoice, VoiceLookup } from '../voices/voice-lookup.js'
import { toAppError } from './speech-errors.js'

// One text-to-speech generation from request to history item (issue 4 items 1 and 8):
// validate everything, take a concurrency slot, reserve credits, synthesise, and settle the
// credits in the same transaction as the history item. Nothing delivered -> nothing charged.

export interface GenerationDeps {
  db: Database
  speech: SpeechService
  voices: VoiceLookup
  credits: CreditsService
  history: HistoryRepository
  storage: FileStorage
}

export interface GenerationInput {
  principal: Principal
  requestId: string
  /** One voice, or several for dialogue (the request's text spans them). */
  voice: UsableVoice
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
      status: 404,
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
      status: 400,
      message: `The model '${modelId}' cannot do text to speech.`,
      param: 'model_id',
    })
  }
  return model
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

export interface Generation {
  readonly historyItemId: string | null
  readonly format: OutputFormat
  readonly cost: number
  /** Encoded chunks in order; each delivered chunk must be reported with `delivered`. */
  chunks(signal?: AbortSignal): AsyncIterable<SpeechChunk>
  delivered(chunk: SpeechChunk): void
  /** Stores the audio and settles credits with the history item. */
  complete(): Promise<void>
  /**
   * Gives back what did not reach the caller. `reachedClient: false` (a buffered response that
   * never went out) releases everything. Safe to call after `complete`.
   */
  fail(options?: { reachedClient?: boolean }): Promise<void>
}

export async function beginGeneration(deps: GenerationDeps, input: GenerationInput): Promise<Generation> {
  const format = resolveFormat(input.outputFormat)
  const model = resolveModel(input.modelId)
  for (const r of input.speechRequests) {
    try {
      prepareRequest(r)
    } catch (error) {
      throw toAppError(error)
    }
  }
  const characters = countCharacters(input.text)
  const plan: WorkspacePlan = await deps.credits.plan(input.principal.workspaceId)
  deps.credits.checkRequestSize(plan, characters)
  const cost = creditCost(characters, model.characterCostMultiplier)
  const hash = requestHash([
    input.kind,
    input.voice.voiceId,
    input.modelId,
    input.text,
    input.settings,
    input.dialogue ?? null,
  ])
  const releaseSlot = await deps.credits.acquireSlot(input.principal.workspaceId, plan)
  let reservation: Reservation
  try {
    reservation = await deps.credits.reserve({
      principal: input.principal,
      plan,
      requestId: input.requestId,
      kind: input.kind,
      cost,
      hash,
    })
  } catch (error) {
    await releaseSlot()
    throw error
  }

  const historyItemId = input.logging ? newId() : null
  const parts: Uint8Array[] = []
  const alignment: CharAlignment = {
    characters: [],
    character_start_times_seconds: [],
    character_end_times_seconds: [],
  }
  let deliveredCharacters = 0
  let settled = false
  let durationEnd = 0

  const finish = async () => {
    settled = true
    await releaseSlot()
  }

  return {
    historyItemId,
    format,
    cost: reservation.characters,

    // One encoder across every input (dialogue), so MP3 frames and WAV headers stay whole.
    async *chunks(signal) {
      const encoder = deps.speech.createWorkerEncoder(format.id)
      const options = signal ? { signal } : {}
      let offsetSeconds = 0
      let ended = false
      let first = true
      try {
        for (const request of input.speechRequests) {
          const start = offsetSeconds
          for await (const pcm of deps.speech.streamPcm(request, format.sampleRate, options)) {
            offsetSeconds += pcm.samples.length / format.sampleRate
            // The chunk's timings ride with its first slice of audio.
            let alignment = shift(pcm.alignment, start)
            let normalizedAlignment = shift(pcm.normalizedAlignment, start)
            for await (const audio of encodeInSlices(
              encoder,
              pcm.samples,
              format.sampleRate,
              first,
              signal,
            )) {
              yield { audio, alignment, normalizedAlignment }
              alignment = null
              normalizedAlignment = null
            }
            first = false
          }
        }
        const tail = await encoder.end()
        ended = true
        if (tail.length > 0) yield { audio: tail, alignment: null, normalizedAlignment: null }
      } catch (error) {
        throw toAppError(error)
      } finally {
        if (!ended) encoder.drop()
      }
    },

    delivered(chunk) {
      parts.push(chunk.audio)
      if (chunk.alignment) {
        deliveredCharacters += chunk.alignment.characters.length
        alignment.characters.push(...chunk.alignment.characters)
        alignment.character_start_times_seconds.push(...chunk.alignment.character_start_times_seconds)
        alignment.character_end_times_seconds.push(...chunk.alignment.character_end_times_seconds)
        durationEnd = Math.max(durationEnd, lastEnd(chunk.alignment) ?? 0)
      }
    },

    async complete() {
      if (settled) return
      let audio = concat(parts)
      if (format.codec === 'wav') audio = finalizeWav(audio)
      const key = historyItemId
        ? `history/${input.principal.workspaceId}/${historyItemId}.${format.fileExtension}`
        : null
      try {
        if (key) await deps.storage.put(key, audio)
        await deps.credits.transaction(async (trx) => {
          const ok = await deps.credits.settle(trx, reservation, reservation.characters, historyItemId)
          if (!ok) throw new Error('reservation already settled')
          if (!historyItemId || !key) return
          await deps.history.insert(trx, {
            id: historyItemId,
            workspace_id: input.principal.workspaceId,
            user_id: input.principal.userId,
            api_key_id: input.principal.apiKey?.id ?? null,
            request_id: input.requestId,
            voice_id: input.voice.voiceId,
            voice_name: input.voice.name,
            voice_category: input.voice.category,
            model_id: input.modelId,
            text: input.text,
            dialogue: input.dialogue ? JSON.stringify(input.dialogue) : null,
            settings: JSON.stringify(input.settings ?? null),
            source: 'TTS',
            output_format: format.id,
            content_type: format.contentType,
            storage_key: key,
            size_bytes: audio.length,
            duration_seconds: audioDuration(audio.length, format, durationEnd),
            character_count_change_from: reservation.countBefore,
            character_count_change_to: reservation.countAfter,
            alignment: JSON.stringify(alignment),
          })
        })
      } catch (error) {
        // Not settled: `fail()` gives the reservation back.
        if (key) await deps.storage.delete(key).catch(() => undefined)
        throw error
      }
      await finish()
    },

    async fail(options) {
      if (settled) return
      try {
        const reached = options?.reachedClient === false ? 0 : deliveredCharacters
        await deps.credits.settleBrokenOff(reservation, reached, input.text)
      } finally {
        await finish()
      }
    },
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

function lastEnd(a: CharAlignment | null): number | null {
  if (!a || a.character_end_times_seconds.length === 0) return null
  return a.character_end_times_seconds[a.character_end_times_seconds.length - 1] ?? null
}

/** Dialogue: later inputs start where the earlier ones ended. */
function shift(a: CharAlignment | null, offset: number): CharAlignment | null {
  if (!a || offset === 0) return a
  return {
    characters: a.characters,
    character_start_times_seconds: a.character_start_times_seconds.map((t) => t + offset),
    character_end_times_seconds: a.character_end_times_seconds.map((t) => t + offset),
  }
}

/** Raw codecs give an exact duration from the byte count; MP3 falls back to the alignment. */
function audioDuration(bytes: number, format: OutputFormat, alignedEnd: number): number {
  if (format.codec === 'pcm') return bytes / 2 / format.sampleRate
  if (format.codec === 'ulaw' || format.codec === 'alaw') return bytes / format.sampleRate
  if (format.codec === 'wav') return Math.max(0, bytes - 44) / 2 / format.sampleRate
  return Math.max(alignedEnd, (bytes * 8) / (format.bitrateKbps * 1000))
}
