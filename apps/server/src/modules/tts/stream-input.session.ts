import { DEFAULT_OUTPUT_FORMAT, DEFAULT_TTS_MODEL_ID } from '@timbre/contract'
import type { CharAlignment, ModelProfile, SpeechPipeline, SpeechRequest } from '@timbre/speech'
import { AppError } from '../../errors.js'
import type { GenerationDeps } from '../../platform/generation/begin-generation.js'
import {
  prepareSpeech,
  pronunciationRules,
  resolveFormat,
  resolveModel,
  resolveVoice,
} from '../../platform/generation/generation-inputs.js'
import { toAppError } from '../../platform/generation/speech-errors.js'
import type { Principal } from '../../plugins/auth.js'
import type { Recording } from '../recording/recording.module.js'
import type { UsableVoice } from '../voices/voices.module.js'
import {
  type ClientMessage,
  DEFAULT_CHUNK_LENGTH_SCHEDULE,
  type StreamInputQuery,
} from './stream-input.schemas.js'
import { takeReady } from './text-buffer.js'
import { mergeSettings } from './tts.service.js'

/** What a session sends: the public protocol's server messages. */
export type ServerMessage =
  | { audio: string; isFinal: null; alignment: WsAlignment | null; normalizedAlignment: WsAlignment | null }
  | { isFinal: true }
  | { error: string; message: string }

interface WsAlignment {
  chars: string[]
  charStartTimesMs: number[]
  charDurationsMs: number[]
}

/** Alignment of one chunk with times relative to the chunk's start, in milliseconds (public protocol). */
function toWsAlignment(a: CharAlignment | null, chunkStart: number): WsAlignment | null {
  if (!a || a.characters.length === 0) return null
  return {
    chars: a.characters,
    charStartTimesMs: a.character_start_times_seconds.map((t) =>
      Math.max(0, Math.round((t - chunkStart) * 1000)),
    ),
    charDurationsMs: a.character_end_times_seconds.map((end, i) =>
      Math.max(0, Math.round((end - (a.character_start_times_seconds[i] ?? end)) * 1000)),
    ),
  }
}

/**
 * One /stream-input connection: text arrives in pieces; each complete phrase is reserved and
 * pushed into one speech pipeline (one encoder, so the audio is one continuous stream, each
 * piece spoken with the earlier ones as context). The recorder charges each piece for what
 * was delivered and writes the session's one history item with the final settlement.
 */
export class StreamInputSession {
  private buffer = ''
  private scheduleStep = 0
  private schedule = DEFAULT_CHUNK_LENGTH_SCHEDULE
  /** Reservations and pushes, in the order the text arrived. */
  private work: Promise<void> = Promise.resolve()
  /** Sends the pipeline's chunks as they come. */
  private pump: Promise<void> = Promise.resolve()
  private pipeline: SpeechPipeline | null = null
  private recording: Recording | null = null
  private voice: UsableVoice | null = null
  private model: ModelProfile | null = null
  private settings: SpeechRequest['voiceSettings'] = {}
  /** The dictionaries of the first message (or the workspace defaults), for every piece. */
  private rules: Pick<SpeechRequest, 'pronunciationRules'> = {}
  private spokenText = ''
  private closed = false
  private readonly abort = new AbortController()
  private readonly modelId: string

  constructor(
    private readonly deps: GenerationDeps,
    private readonly principal: Principal,
    private readonly voiceId: string,
    private readonly query: StreamInputQuery,
    private readonly requestId: string,
    private readonly send: (message: ServerMessage) => void,
    /** A generation failed: report it and end the connection. */
    private readonly fail: (error: unknown) => void,
  ) {
    this.modelId = query.model_id ?? DEFAULT_TTS_MODEL_ID
  }

  /** The first message: voice settings and the generation schedule. Validates everything once. */
  async open(first: ClientMessage): Promise<void> {
    this.model = resolveModel(this.modelId)
    const format = resolveFormat(this.query.output_format ?? DEFAULT_OUTPUT_FORMAT)
    const voice = await resolveVoice(this.deps.voices, this.principal.workspaceId, this.voiceId)
    this.voice = voice
    this.settings = mergeSettings(voice.settings, first.voice_settings)
    this.rules = await pronunciationRules(
      this.deps,
      this.principal.workspaceId,
      first.pronunciation_dictionary_locators,
      this.modelId,
    )
    const schedule = first.generation_config?.chunk_length_schedule
    if (schedule && schedule.length > 0) this.schedule = schedule
    this.recording = await this.deps.recorder.begin({
      principal: this.principal,
      requestId: this.requestId,
      kind: 'tts-stream-input',
      format,
      costMultiplier: this.model.characterCostMultiplier,
      meter: { modelId: this.modelId, resourceId: voice.voiceId, resourceName: voice.name },
      history:
        this.query.enable_logging === false
          ? null
          : {
              voiceId: voice.voiceId,
              voiceName: voice.name,
              voiceCategory: voice.category,
              modelId: this.modelId,
              text: '',
              dialogue: null,
              settings: this.settings ?? null,
              source: 'TTS',
            },
    })
    this.pipeline = this.deps.speech.pipeline(format, { signal: this.abort.signal, carryContext: true })
    this.pump = this.run(this.pipeline, this.recording)
    if (first.text.trim()) await this.push(first)
  }

  /** A text message. Returns true when the client ended the input (empty text). */
  async push(message: ClientMessage): Promise<boolean> {
    if (message.text === '') {
      await this.finish()
      return true
    }
    this.buffer += message.text
    const eager = this.query.auto_mode === true || message.try_trigger_generation === true
    if (message.flush) {
      this.enqueue(this.buffer)
      this.buffer = ''
      return false
    }
    for (;;) {
      const threshold = this.schedule[Math.min(this.scheduleStep, this.schedule.length - 1)] ?? 120
      const ready = takeReady(this.buffer, { threshold, eager })
      if (!ready) break
      this.buffer = this.buffer.slice(ready.length)
      this.scheduleStep++
      this.enqueue(ready)
    }
    return false
  }

  private async run(pipeline: SpeechPipeline, recording: Recording): Promise<void> {
    try {
      for await (const chunk of pipeline) {
        // Recorded before it is written: a crash charges at most the chunk in flight.
        recording.delivered(chunk)
        this.send({
          audio: Buffer.from(chunk.audio).toString('base64'),
          isFinal: null,
          alignment: toWsAlignment(chunk.alignment, chunk.startSeconds),
          normalizedAlignment: toWsAlignment(chunk.normalizedAlignment, chunk.startSeconds),
        })
      }
    } catch (error) {
      if (!this.closed) this.fail(toAppError(error))
      this.close()
    }
  }

  private enqueue(text: string): void {
    if (!text.trim()) return
    this.work = this.work
      .then(() => this.generate(text))
      .catch((error: unknown) => {
        if (!this.closed) this.fail(error)
        this.close()
      })
  }

  /** Plans the piece (a bad one fails before it costs anything), reserves it, queues it. */
  private async generate(text: string): Promise<void> {
    if (this.closed || !this.voice || !this.pipeline || !this.recording) return
    const prepared = prepareSpeech(this.deps.speech, {
      ...this.rules,
      text,
      voice: this.voice.definition,
      modelId: this.modelId,
      voiceSettings: this.settings,
      ...(this.query.language_code ? { languageCode: this.query.language_code } : {}),
      ...(this.query.seed !== undefined ? { seed: this.query.seed } : {}),
      ...(this.query.apply_text_normalization
        ? { applyTextNormalization: this.query.apply_text_normalization }
        : {}),
    })
    await this.recording.reservePiece(text)
    if (this.closed) return
    this.pipeline.push(prepared)
    this.spokenText += (this.spokenText ? ' ' : '') + text.trim()
  }

  /** End of input: speak what is left, close the audio stream, send isFinal, keep history. */
  private async finish(): Promise<void> {
    this.enqueue(this.buffer)
    this.buffer = ''
    await this.work
    if (this.closed || !this.pipeline || !this.recording) return
    this.pipeline.end()
    await this.pump
    if (this.closed) return
    this.send({ isFinal: true })
    await this.recording.complete({ text: this.spokenText })
  }

  /** The connection went away (or failed): stop, and charge only what was delivered. */
  close(): void {
    if (this.closed) return
    this.closed = true
    this.abort.abort()
    this.pipeline?.end()
    void this.recording?.fail().catch(() => undefined)
  }

  /** Errors a session reports to its client: stable code and message. */
  static describe(error: unknown): { error: string; message: string } {
    if (error instanceof AppError) return { error: error.code, message: error.message }
    return { error: 'internal_error', message: 'Something went wrong, please try again later.' }
  }
}
