// The one speech generation loop. Every caller (a single request, a dialogue of several, a
// WebSocket session whose text arrives in pieces, the CLI, voice previews) goes through it:
// each request is planned once when it is pushed (so a bad request fails before any audio),
// the pieces render in order through ONE encoder (so MP3 frames and WAV headers stay whole),
// the audio leaves in slices as soon as it is encoded, and the timings of later pieces are
// shifted to where those pieces start in the output.
import { concatBytes } from '../encoders/pcm16.js'
import { finalizeWav } from '../encoders/wav-header.js'
import { SpeechError } from '../errors.js'
import type { OutputFormat } from '../formats/output-formats.js'
import type { WorkerPool } from '../pool/worker-pool.js'
import type { CharAlignment, SpeechChunk, SpeechRequest, SynthesisResult } from '../types.js'
import { encodeInSlices } from './encode-slices.js'
import { streamPcm } from './pcm-stream.js'
import { type PreparedRequest, prepareRequest } from './prepare-request.js'
import type { WorkerEncoder } from './worker-encoder.js'

/** Context carried from earlier pieces is the tail of what they said. */
const CONTEXT_CHARACTERS = 500

export interface PipelineChunk extends SpeechChunk {
  /** Characters of the caller's text whose speech starts in this chunk (0 for later slices and the tail). */
  characters: number
  /** The request or piece this chunk belongs to, in push order from 0. */
  piece: number
  /** Where the chunk's audio starts and the output ends after it, in seconds. */
  startSeconds: number
  endSeconds: number
}

export interface PipelineOptions {
  signal?: AbortSignal
  /** Pieces of one continuous text (a WebSocket session): each gets the earlier ones as `previousText`. */
  carryContext?: boolean
}

export interface SpeechPipeline extends AsyncIterable<PipelineChunk> {
  readonly format: OutputFormat
  /** Plans a request now (a bad one throws a SpeechError here) and queues it; returns its piece index. */
  push(request: SpeechRequest | PreparedRequest): number
  /** No more pieces: after the queued ones the encoder's tail goes out and the iteration ends. */
  end(): void
}

function isPrepared(value: SpeechRequest | PreparedRequest): value is PreparedRequest {
  return 'plan' in value && 'request' in value
}

export function createPipeline(
  pool: WorkerPool,
  encoder: () => WorkerEncoder,
  format: OutputFormat,
  options: PipelineOptions = {},
): SpeechPipeline {
  const queue: PreparedRequest[] = []
  let pushed = 0
  let ended = false
  let context = ''
  let wake: (() => void) | null = null
  const notify = (): void => {
    wake?.()
    wake = null
  }
  const { signal } = options

  async function next(): Promise<PreparedRequest | null> {
    for (;;) {
      if (signal?.aborted) throw new SpeechError('aborted', 'The request was cancelled.')
      const item = queue.shift()
      if (item) return item
      if (ended) return null
      await new Promise<void>((resolve) => {
        wake = resolve
        signal?.addEventListener('abort', () => resolve(), { once: true })
      })
    }
  }

  async function* run(): AsyncGenerator<PipelineChunk> {
    const rate = format.sampleRate
    const out = encoder()
    let done = false
    let offset = 0
    let piece = -1
    try {
      for (let prepared = await next(); prepared; prepared = await next()) {
        piece++
        const pieceStart = offset
        let firstOfPiece = true
        for await (const pcm of streamPcm(pool, prepared, rate, signal)) {
          const startSeconds = offset
          offset += pcm.samples.length / rate
          // The chunk's timings and character count ride with its first slice of audio.
          let alignment = shift(pcm.alignment, pieceStart)
          let normalizedAlignment = shift(pcm.normalizedAlignment, pieceStart)
          let characters = pcm.alignment?.characters.length ?? 0
          for await (const audio of encodeInSlices(out, pcm.samples, rate, firstOfPiece, signal)) {
            yield {
              audio,
              alignment,
              normalizedAlignment,
              characters,
              piece,
              startSeconds,
              endSeconds: offset,
            }
            alignment = null
            normalizedAlignment = null
            characters = 0
          }
          firstOfPiece = false
        }
      }
      const tail = await out.end()
      done = true
      if (tail.length > 0) {
        yield {
          audio: tail,
          alignment: null,
          normalizedAlignment: null,
          characters: 0,
          piece: Math.max(0, piece),
          startSeconds: offset,
          endSeconds: offset,
        }
      }
    } finally {
      if (!done) out.drop()
    }
  }

  return {
    format,
    push(request) {
      if (ended) throw new Error('push after end()')
      let prepared = isPrepared(request) ? request : prepareRequest(request)
      if (options.carryContext) {
        const text = prepared.request.text.trim()
        if (context && !prepared.request.previousText) {
          prepared = {
            ...prepared,
            request: { ...prepared.request, previousText: context.slice(-CONTEXT_CHARACTERS) },
          }
        }
        context = context ? `${context} ${text}` : text
      }
      queue.push(prepared)
      notify()
      return pushed++
    },
    end() {
      ended = true
      notify()
    },
    [Symbol.asyncIterator]: () => run(),
  }
}

/** Later pieces start where the earlier ones ended. */
function shift(a: CharAlignment | null, offset: number): CharAlignment | null {
  if (!a || offset === 0) return a
  return {
    characters: a.characters,
    character_start_times_seconds: a.character_start_times_seconds.map((t) => round(t + offset)),
    character_end_times_seconds: a.character_end_times_seconds.map((t) => round(t + offset)),
  }
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000
}

/** Collects a pipeline's chunks into one result (the whole audio, WAV header finalised). */
export async function collectSpeech(
  chunks: AsyncIterable<PipelineChunk>,
  format: OutputFormat,
): Promise<SynthesisResult> {
  const parts: Uint8Array[] = []
  const alignment = emptyAlignment()
  const normalizedAlignment = emptyAlignment()
  let duration = 0
  for await (const chunk of chunks) {
    parts.push(chunk.audio)
    appendAlignment(alignment, chunk.alignment)
    appendAlignment(normalizedAlignment, chunk.normalizedAlignment)
    duration = chunk.endSeconds
  }
  return {
    audio: joinAudio(parts, format),
    alignment,
    normalizedAlignment,
    durationSeconds: duration,
    contentType: format.contentType,
    normalizedText: normalizedAlignment.characters.join(''),
  }
}

/** The encoded parts as one file: a streamed WAV header gets its real sizes. */
export function joinAudio(parts: readonly Uint8Array[], format: OutputFormat): Uint8Array {
  const audio = concatBytes(parts)
  return format.codec === 'wav' ? finalizeWav(audio) : audio
}

export function emptyAlignment(): CharAlignment {
  return { characters: [], character_start_times_seconds: [], character_end_times_seconds: [] }
}

export function appendAlignment(target: CharAlignment, source: CharAlignment | null): void {
  if (!source) return
  target.characters.push(...source.characters)
  target.character_start_times_seconds.push(...source.character_start_times_seconds)
  target.character_end_times_seconds.push(...source.character_end_times_seconds)
}
