// The speech service: what the server calls. Synthesis runs in a pool of worker threads,
// never on the caller's thread; MP3 encoding (the costly codec) runs in a worker too, in
// one encoder per stream pinned to one worker so frames continue across chunks.
import { type AudioEncoder, createEncoder } from '../encoders/create-encoder.js'
import { concatBytes } from '../encoders/pcm16.js'
import { finalizeWav } from '../encoders/wav-header.js'
import { type OutputFormat, parseOutputFormat } from '../formats/output-formats.js'
import { WorkerPool } from '../pool/worker-pool.js'
import type { CharAlignment, PcmChunk, SpeechChunk, SpeechRequest, SynthesisResult } from '../types.js'
import { encodeInSlices } from './encode-slices.js'
import { streamPcm } from './pcm-stream.js'
import { prepareRequest } from './prepare-request.js'

export interface SpeechServiceOptions {
  /** Worker threads (default: 2). */
  workers?: number
}

export interface StreamOptions {
  signal?: AbortSignal
}

export interface SpeechService {
  /** Encoded audio chunks in order, each with the timings of the characters it speaks. */
  stream(request: SpeechRequest, outputFormat: string, options?: StreamOptions): AsyncIterable<SpeechChunk>
  /** The whole audio with its alignments. */
  synthesize(request: SpeechRequest, outputFormat: string, options?: StreamOptions): Promise<SynthesisResult>
  /** Mono float PCM at `sampleRate`, for callers that keep their own encoder (WebSocket sessions). */
  streamPcm(request: SpeechRequest, sampleRate: number, options?: StreamOptions): AsyncIterable<PcmChunk>
  /** An incremental encoder that runs in a worker (for long-lived sessions). */
  createWorkerEncoder(outputFormat: string): WorkerEncoder
  stats(): { workers: number; busy: number; queued: number; restarts: number }
  close(): Promise<void>
  /** Test hook: makes one worker die as a crashing engine would. */
  crashWorkerForTest(): Promise<void>
}

export interface WorkerEncoder {
  readonly format: OutputFormat
  encode(samples: Float32Array, signal?: AbortSignal): Promise<Uint8Array>
  end(): Promise<Uint8Array>
  /** Releases the encoder without flushing (a cancelled stream). */
  drop(): void
}

let sessionIds = 1

function workerEncoder(pool: WorkerPool, format: OutputFormat): WorkerEncoder {
  const session = sessionIds++
  const pin = pool.pickSlot()
  const opened = pool.run({ type: 'encode-open', session, format }, { pin })
  opened.catch(() => {})
  const send = async (samples: Float32Array, final: boolean, signal?: AbortSignal): Promise<Uint8Array> => {
    await opened
    const copy = samples.slice()
    const result = await pool.run(
      { type: 'encode', session, samples: copy, final },
      { pin, transfer: [copy.buffer], ...(signal ? { signal } : {}) },
    )
    return result as Uint8Array
  }
  return {
    format,
    encode: (samples, signal) => send(samples, false, signal),
    end: () => send(new Float32Array(0), true),
    drop: () => {
      pool.run({ type: 'encode-drop', session }, { pin }).catch(() => {})
    },
  }
}

/** MP3 goes to a worker; the cheap codecs encode in place. */
function encoderFor(pool: WorkerPool, format: OutputFormat): WorkerEncoder {
  if (format.codec === 'mp3') return workerEncoder(pool, format)
  const local: AudioEncoder = createEncoder(format)
  return { format, encode: async (s) => local.encode(s), end: async () => local.end(), drop: () => {} }
}

export function createSpeechService(options: SpeechServiceOptions = {}): SpeechService {
  const pool = new WorkerPool(Math.max(1, options.workers ?? 2))

  async function* stream(
    request: SpeechRequest,
    outputFormat: string,
    opts: StreamOptions = {},
  ): AsyncGenerator<SpeechChunk> {
    const format = parseOutputFormat(outputFormat)
    const prepared = prepareRequest(request)
    const encoder = encoderFor(pool, format)
    let ended = false
    try {
      let first = true
      for await (const chunk of streamPcm(pool, prepared, format.sampleRate, opts.signal)) {
        // The chunk's timings ride with its first slice of audio.
        let alignment = chunk.alignment
        let normalizedAlignment = chunk.normalizedAlignment
        for await (const audio of encodeInSlices(
          encoder,
          chunk.samples,
          format.sampleRate,
          first,
          opts.signal,
        )) {
          yield { audio, alignment, normalizedAlignment }
          alignment = null
          normalizedAlignment = null
        }
        first = false
      }
      ended = true
      const tail = await encoder.end()
      if (tail.length > 0) yield { audio: tail, alignment: null, normalizedAlignment: null }
    } finally {
      if (!ended) encoder.drop()
    }
  }

  async function synthesize(
    request: SpeechRequest,
    outputFormat: string,
    opts: StreamOptions = {},
  ): Promise<SynthesisResult> {
    const format = parseOutputFormat(outputFormat)
    const parts: Uint8Array[] = []
    const alignment = emptyAlignment()
    const normalizedAlignment = emptyAlignment()
    let normalizedText = ''
    let duration = 0
    const prepared = prepareRequest(request)
    normalizedText = prepared.plan.normalized
    const encoder = encoderFor(pool, format)
    for await (const chunk of streamPcm(pool, prepared, format.sampleRate, opts.signal)) {
      duration += chunk.samples.length / format.sampleRate
      parts.push(await encoder.encode(chunk.samples, opts.signal))
      append(alignment, chunk.alignment)
      append(normalizedAlignment, chunk.normalizedAlignment)
    }
    parts.push(await encoder.end())
    let audio = concatBytes(parts)
    if (format.codec === 'wav') audio = finalizeWav(audio)
    return {
      audio,
      alignment,
      normalizedAlignment,
      durationSeconds: duration,
      contentType: format.contentType,
      normalizedText,
    }
  }

  return {
    stream,
    synthesize,
    // Validation errors surface on the first `next()`, as with `stream()`.
    streamPcm: async function* (request, sampleRate, opts = {}) {
      yield* streamPcm(pool, prepareRequest(request), sampleRate, opts.signal)
    },
    createWorkerEncoder: (outputFormat) => workerEncoder(pool, parseOutputFormat(outputFormat)),
    stats: () => pool.stats(),
    close: () => pool.close(),
    crashWorkerForTest: async () => {
      await pool.run({ type: 'crash' }).catch(() => {})
    },
  }
}

function emptyAlignment(): CharAlignment {
  return { characters: [], character_start_times_seconds: [], character_end_times_seconds: [] }
}

function append(target: CharAlignment, source: CharAlignment | null): void {
  if (!source) return
  target.characters.push(...source.characters)
  target.character_start_times_seconds.push(...source.character_start_times_seconds)
  target.character_end_times_seconds.push(...source.character_end_times_seconds)
}
