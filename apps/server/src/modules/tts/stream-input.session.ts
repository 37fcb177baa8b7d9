import { DEFAULT_TTS_MODEL_ID } from '@timbre/contract'
import {
  type CharAlignment,
  encodeInSlices,
  finalizeWav,
  type SpeechRequest,
  type WorkerEncoder,
} from '@timbre/speech'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import type { Reservation } from '../credits/credits.repository.js'
import { countCharacters, creditCost, type WorkspacePlan } from '../credits/credits.service.js'
import type { UsableVoice } from '../voices/voice-lookup.js'
import { type GenerationDeps, resolveFormat, resolveModel, resolveVoice } from './generation.js'
import { toAppError } from './speech-errors.js'
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
 * One /stream-input connection: text arrives in pieces, complete phrases are synthesised in
 * order through one encoder (so the audio is one continuous stream), each piece is charged as
 * it is generated, and one history item is written when the session ends.
 */
export class StreamInputSession {
  private buffer = ''
  private scheduleStep = 0
  private schedule = DEFAULT_CHUNK_LENGTH_SCHEDULE
  private work: Promise<void> = Promise.resolve()
  private encoder: WorkerEncoder | null = null
  private voice: UsableVoice | null = null
  private plan: WorkspacePlan | null = null
  private releaseSlot: (() => Promise<void>) | null = null
  private settings: SpeechRequest['voiceSettings'] = {}
  private spokenText = ''
  private audioParts: Uint8Array[] = []
  private elapsedSeconds = 0
  private closed = false
  private readonly historyItemId: string
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
    this.historyItemId = newId()
  }

  /** The first message: voice settings and the generation schedule. Validates everything once. */
  async open(first: ClientMessage): Promise<void> {
    resolveModel(this.modelId)
    const format = resolveFormat(this.query.output_format ?? 'mp3_44100_128')
    this.voice = await resolveVoice(this.deps.voices, this.principal.workspaceId, this.voiceId)
    this.settings = mergeSettings(this.voice.settings, first.voice_settings)
    const schedule = first.generation_config?.chunk_length_schedule
    if (schedule && schedule.length > 0) this.schedule = schedule
    this.plan = await this.deps.credits.plan(this.principal.workspaceId)
    this.releaseSlot = await this.deps.credits.acquireSlot(this.principal.workspaceId, this.plan)
    // The connection closed while the slot was being taken: give it back at once.
    if (this.closed) {
      await this.releaseSlot()
      this.releaseSlot = null
      return
    }
    this.encoder = this.deps.speech.createWorkerEncoder(format.id)
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

  private enqueue(text: string): void {
    if (!text.trim()) return
    this.work = this.work
      .then(() => this.generate(text))
      .catch((error: unknown) => {
        if (!this.closed) this.fail(error)
        this.close()
      })
  }

  private async generate(text: string): Promise<void> {
    if (this.closed || !this.voice || !this.plan || !this.encoder) return
    const format = this.encoder.format
    const cost = creditCost(countCharacters(text), resolveModel(this.modelId).characterCostMultiplier)
    const reservation: Reservation = await this.deps.credits.reserve({
      principal: this.principal,
      plan: this.plan,
      requestId: this.requestId,
      kind: 'tts-stream-input',
      cost,
      hash: null,
    })
    let delivered = 0
    try {
      const request: SpeechRequest = {
        text,
        voice: this.voice.definition,
        modelId: this.modelId,
        voiceSettings: this.settings,
        ...(this.query.language_code ? { languageCode: this.query.language_code } : {}),
        ...(this.query.seed !== undefined ? { seed: this.query.seed } : {}),
        ...(this.query.apply_text_normalization
          ? { applyTextNormalization: this.query.apply_text_normalization }
          : {}),
        ...(this.spokenText ? { previousText: this.spokenText.slice(-500) } : {}),
      }
      const pieceStart = this.elapsedSeconds
      for await (const pcm of this.deps.speech.streamPcm(request, format.sampleRate, {
        signal: this.abort.signal,
      })) {
        const chunkStart = this.elapsedSeconds - pieceStart
        this.elapsedSeconds += pcm.samples.length / format.sampleRate
        let alignment = toWsAlignment(pcm.alignment, chunkStart)
        let normalizedAlignment = toWsAlignment(pcm.normalizedAlignment, chunkStart)
        const slices = encodeInSlices(
          this.encoder,
          pcm.samples,
          format.sampleRate,
          delivered === 0,
          this.abort.signal,
        )
        for await (const audio of slices) {
          this.audioParts.push(audio)
          this.send({
            audio: Buffer.from(audio).toString('base64'),
            isFinal: null,
            alignment,
            normalizedAlignment,
          })
          alignment = null
          normalizedAlignment = null
        }
        delivered += pcm.alignment?.characters.length ?? 0
      }
      this.spokenText += (this.spokenText ? ' ' : '') + text.trim()
      await this.deps.credits.transaction((trx) =>
        this.deps.credits.settle(trx, reservation, reservation.characters, this.historyItemId),
      )
    } catch (error) {
      await this.deps.credits.settleBrokenOff(reservation, delivered, text)
      throw toAppError(error)
    }
  }

  /** End of input: speak what is left, close the audio stream, send isFinal, keep history. */
  private async finish(): Promise<void> {
    this.enqueue(this.buffer)
    this.buffer = ''
    await this.work
    if (!this.encoder || this.closed) return
    const tail = await this.encoder.end()
    this.encoder = null
    if (tail.length > 0) {
      this.audioParts.push(tail)
      this.send({
        audio: Buffer.from(tail).toString('base64'),
        isFinal: null,
        alignment: null,
        normalizedAlignment: null,
      })
    }
    this.send({ isFinal: true })
    await this.keepHistory()
  }

  private async keepHistory(): Promise<void> {
    if (this.query.enable_logging === false || !this.voice || this.spokenText === '') return
    const format = resolveFormat(this.query.output_format ?? 'mp3_44100_128')
    let audio = Buffer.concat(this.audioParts)
    if (format.codec === 'wav') audio = Buffer.from(finalizeWav(audio))
    const key = `history/${this.principal.workspaceId}/${this.historyItemId}.${format.fileExtension}`
    await this.deps.storage.put(key, audio)
    const count = await this.deps.db
      .selectFrom('subscriptions')
      .select('character_count')
      .where('workspace_id', '=', this.principal.workspaceId)
      .executeTakeFirstOrThrow()
    const charged = await this.deps.db
      .selectFrom('credit_ledger')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('characters'), eb.lit(0)).as('n'))
      .where('history_item_id', '=', this.historyItemId)
      .where('state', '=', 'charged')
      .executeTakeFirstOrThrow()
    await this.deps.credits.transaction((trx) =>
      this.deps.history.insert(trx, {
        id: this.historyItemId,
        workspace_id: this.principal.workspaceId,
        user_id: this.principal.userId,
        api_key_id: this.principal.apiKey?.id ?? null,
        request_id: this.requestId,
        voice_id: this.voice!.voiceId,
        voice_name: this.voice!.name,
        voice_category: this.voice!.category,
        model_id: this.modelId,
        text: this.spokenText,
        dialogue: null,
        settings: JSON.stringify(this.settings ?? null),
        source: 'TTS',
        output_format: format.id,
        content_type: format.contentType,
        storage_key: key,
        size_bytes: audio.length,
        duration_seconds: this.elapsedSeconds,
        character_count_change_from: count.character_count - Number(charged.n),
        character_count_change_to: count.character_count,
        alignment: null,
      }),
    )
  }

  /** The connection went away (or failed): stop, free the slot and the encoder. */
  close(): void {
    if (this.closed) return
    this.closed = true
    this.abort.abort()
    this.encoder?.drop()
    this.encoder = null
    void this.releaseSlot?.()
    this.releaseSlot = null
  }

  /** Errors a session reports to its client: stable code and message. */
  static describe(error: unknown): { error: string; message: string } {
    if (error instanceof AppError) return { error: error.code, message: error.message }
    return { error: 'internal_error', message: 'Something went wrong, please try again later.' }
  }
}
