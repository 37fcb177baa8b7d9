// The speech service: what the server calls. Synthesis runs in a pool of worker threads,
// never on the caller's thread; every generation goes through one pipeline
// (`speech-pipeline.ts`), and `stream`/`synthesize` are conveniences over it.

import type { AlignedSpan } from '../alignment/synthesis-alignment.js'
import type { VoiceProfile } from '../conversion/convert-voice.js'
import { type OutputFormat, parseOutputFormat } from '../formats/output-formats.js'
import type { ThreadMemory } from '../pool/messages.js'
import { type WarmUpRecord, WorkerPool } from '../pool/worker-pool.js'
import type { SpeechRequest, SynthesisResult } from '../types.js'
import { type PreparedRequest, prepareRequest } from './prepare-request.js'
import {
  collectSpeech,
  createPipeline,
  type PipelineChunk,
  type PipelineOptions,
  type SpeechPipeline,
} from './speech-pipeline.js'
import {
  type ConversionOptions,
  openVoiceConversionRun,
  ownBuffer,
  type VoiceConversionRun,
} from './voice-conversion.js'
import { warmPlanner } from './warm-planner.js'
import { encoderFor } from './worker-encoder.js'

export interface SpeechServiceOptions {
  /** Worker threads (default: 2). */
  workers?: number
  /**
   * Warm each new render thread with one short phrase while it is idle, and the text planner
   * with a sample per language at start-up (default: on).
   */
  warmUp?: boolean
}

export interface StreamOptions {
  signal?: AbortSignal
}

export interface SpeechService {
  /** Checks and plans a request (throws a SpeechError); the plan is what a pipeline renders. */
  prepare(request: SpeechRequest): PreparedRequest
  /**
   * A pipeline in `outputFormat` (throws on an unknown format). Push requests (several for a
   * dialogue, pieces as they arrive for a session), call `end()`, iterate the chunks.
   */
  pipeline(outputFormat: string | OutputFormat, options?: PipelineOptions): SpeechPipeline
  /** One request's encoded chunks in order (a pipeline of one). */
  stream(request: SpeechRequest, outputFormat: string, options?: StreamOptions): AsyncIterable<PipelineChunk>
  /** One request's whole audio with its alignments. */
  synthesize(request: SpeechRequest, outputFormat: string, options?: StreamOptions): Promise<SynthesisResult>
  /**
   * Starts a speech-to-speech conversion in a worker thread: the recording is measured there
   * (`opened`), and converted block by block as `chunks()` is read.
   */
  openConversion(options: ConversionOptions): Promise<VoiceConversionRun>
  /** A voice's profile measured in a worker thread (the samples are handed over). */
  measureVoice(samples: Float32Array, sampleRate: number): Promise<VoiceProfile>
  /**
   * A known text's word times in a recording, lined up with its own synthesis in a worker
   * thread (the samples are handed over): the synthesis and the alignment of a long recording
   * take seconds, which must not stop the server's event loop.
   */
  alignBySynthesis(input: {
    samples: Float32Array
    sampleRate: number
    text: string
    words: ReadonlyArray<{ from: number; to: number }>
    language: string
  }): Promise<AlignedSpan[]>
  /**
   * Starts the threads (and their warm-up) now instead of with the first request, so a server
   * that has just started does not make its first caller wait for the engines to load.
   */
  start(): void
  stats(): { workers: number; busy: number; queued: number; restarts: number }
  /** Each started thread's V8 heap and external memory (the process's RSS covers them all). */
  threadMemory(): Promise<ThreadMemory[]>
  /** The render threads' warm-ups finished so far and what each cost. */
  warmUps(): readonly WarmUpRecord[]
  close(): Promise<void>
  /** Test hook: makes one worker die as a crashing engine would. */
  crashWorkerForTest(): Promise<void>
}

export function createSpeechService(options: SpeechServiceOptions = {}): SpeechService {
  const workers = Math.max(1, options.workers ?? 2)
  // One encoder thread per two render threads: an MP3 slice is a few milliseconds, and a render
  // thread waiting for its stream's window to drain leaves the CPU to the encoder anyway.
  const pool = new WorkerPool(workers, {
    encoderThreads: Math.max(1, Math.floor(workers / 2)),
    warmUp: options.warmUp ?? true,
  })

  if (options.warmUp ?? true) warmPlanner()

  const pipeline = (outputFormat: string | OutputFormat, opts: PipelineOptions = {}): SpeechPipeline => {
    const format = typeof outputFormat === 'string' ? parseOutputFormat(outputFormat) : outputFormat
    return createPipeline(pool, () => encoderFor(pool, format), format, opts)
  }

  /** A pipeline of one request, planned before anything renders. */
  const single = (request: SpeechRequest, outputFormat: string, opts: StreamOptions): SpeechPipeline => {
    const p = pipeline(outputFormat, opts)
    p.push(request)
    p.end()
    return p
  }

  return {
    prepare: prepareRequest,
    pipeline,
    // Validation errors surface on the first `next()`, as the stream is lazy.
    stream: async function* (request, outputFormat, opts = {}) {
      yield* single(request, outputFormat, opts)
    },
    async synthesize(request, outputFormat, opts = {}) {
      const p = single(request, outputFormat, opts)
      return collectSpeech(p, p.format)
    },
    openConversion: (opts) => openVoiceConversionRun(pool, opts),
    async measureVoice(input, sampleRate) {
      const samples = ownBuffer(input)
      return (await pool.run(
        { type: 'profile', samples, rate: sampleRate },
        { transfer: [samples.buffer as ArrayBuffer] },
      )) as VoiceProfile
    },
    async alignBySynthesis(input) {
      const samples = ownBuffer(input.samples)
      return (await pool.run(
        {
          type: 'align-synthesis',
          samples,
          rate: input.sampleRate,
          text: input.text,
          words: input.words.map((w) => ({ from: w.from, to: w.to })),
          language: input.language,
        },
        { transfer: [samples.buffer as ArrayBuffer] },
      )) as AlignedSpan[]
    },
    start: () => pool.start(),
    stats: () => pool.stats(),
    threadMemory: () => pool.threadMemory(),
    warmUps: () => pool.warmUpRecords(),
    close: () => pool.close(),
    crashWorkerForTest: async () => {
      await pool.run({ type: 'crash' }).catch(() => {})
    },
  }
}
