// Speech to speech as the service runs it: the conversion lives in a render thread (pinned
// there, as it keeps state between blocks) and hands back one block at a time; this side only
// encodes and passes the bytes on. Blocks are converted as they are asked for, so a stream's
// first second goes out while the rest is still to be converted.
import type { ConversionOpened } from '../conversion/conversion-session.js'
import type { VoiceProfile } from '../conversion/convert-voice.js'
import type { OutputFormat } from '../formats/output-formats.js'
import type { WorkerPool } from '../pool/worker-pool.js'
import { encoderFor } from './worker-encoder.js'

export interface ConversionOptions {
  /** Mono float samples at `sampleRate`; handed over to the worker (the array is emptied). */
  samples: Float32Array
  sampleRate: number
  target: VoiceProfile
  format: OutputFormat
  /** Run the recording through the noise remover first. */
  denoise?: boolean
  /** Below this level (dBFS) the recording counts as silent and nothing is converted. */
  silenceDb: number
  /** The rate the conversion runs at (default 24 kHz: the whole speech band). */
  workRate?: number
  /** Seconds of audio per block (default 1). */
  blockSeconds?: number
}

export interface VoiceConversionRun {
  readonly opened: ConversionOpened
  /** Blocks converted so far. */
  readonly converted: number
  /** The encoded audio, a block at a time. */
  chunks(): AsyncIterable<Uint8Array>
  /** Stops the conversion and frees its worker state (a refused or abandoned request). */
  drop(): void
}

let sessionIds = 1

/** The samples in a buffer of their own, which can be handed to a worker whole. */
export function ownBuffer(samples: Float32Array): Float32Array {
  return samples.byteOffset === 0 && samples.buffer.byteLength === samples.byteLength
    ? samples
    : samples.slice()
}

export async function openVoiceConversionRun(
  pool: WorkerPool,
  options: ConversionOptions,
): Promise<VoiceConversionRun> {
  const session = sessionIds++
  const pin = pool.pickSlot('render')
  const samples = ownBuffer(options.samples)
  const opened = (await pool.run(
    {
      type: 'convert-open',
      session,
      request: {
        samples,
        inputRate: options.sampleRate,
        workRate: options.workRate ?? 24_000,
        outputRate: options.format.sampleRate,
        target: options.target,
        denoise: options.denoise ?? false,
        silenceDb: options.silenceDb,
        blockSeconds: options.blockSeconds ?? 1,
      },
    },
    { pin, transfer: [samples.buffer as ArrayBuffer] },
  )) as ConversionOpened
  let converted = 0
  let dropped = false
  const drop = () => {
    if (dropped) return
    dropped = true
    pool.run({ type: 'convert-drop', session }, { pin }).catch(() => {})
  }
  return {
    opened,
    get converted() {
      return converted
    },
    drop,
    async *chunks() {
      if (opened.blocks === 0) return
      const encoder = encoderFor(pool, options.format)
      let finished = false
      try {
        for (;;) {
          const block = (await pool.run({ type: 'convert-next', session }, { pin })) as Float32Array | null
          if (!block) break
          converted++
          const bytes = await encoder.encode(block, { urgent: converted === 1 })
          if (bytes.length > 0) yield bytes
        }
        const tail = await encoder.end()
        finished = true
        dropped = true
        if (tail.length > 0) yield tail
      } finally {
        if (!finished) {
          encoder.drop()
          drop()
        }
      }
    },
  }
}
