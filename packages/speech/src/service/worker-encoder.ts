// Encoders of a stream. MP3 and Opus (the costly codecs) run in a worker, one encoder per stream
// pinned to one worker so its frames continue across chunks; the cheap codecs encode in place.
import { type AudioEncoder, createEncoder, isCostlyCodec } from '../encoders/create-encoder.js'
import type { OutputFormat } from '../formats/output-formats.js'
import type { WorkerPool } from '../pool/worker-pool.js'

export interface EncodeOptions {
  /** A stream's first slice: goes ahead of other streams' later slices on the encoder thread. */
  urgent?: boolean
  signal?: AbortSignal | undefined
}

export interface WorkerEncoder {
  readonly format: OutputFormat
  /** Encodes in an encoder thread (worth slicing a chunk for); false: in place, trivially cheap. */
  readonly remote: boolean
  /** Encodes these samples (a remote encoder sends a copy). */
  encode(samples: Float32Array, options?: EncodeOptions): Promise<Uint8Array>
  /**
   * Encodes `from`-`to` of `chunk`, range after range. A remote encoder takes the chunk with its
   * first range: a chunk that is a whole buffer is transferred (the caller must not read it
   * again), so the audio crosses to the encoder thread once and is never copied here.
   */
  encodeRange(chunk: Float32Array, from: number, to: number, options?: EncodeOptions): Promise<Uint8Array>
  end(): Promise<Uint8Array>
  /** Releases the encoder without flushing (a cancelled stream). */
  drop(): void
}

let sessionIds = 1

function pinnedEncoder(pool: WorkerPool, format: OutputFormat): WorkerEncoder {
  const session = sessionIds++
  const pin = pool.pickSlot()
  const opened = pool.run({ type: 'encode-open', session, format }, { pin, priority: true })
  opened.catch(() => {})
  /** The chunk the encoder thread holds (identity only: a transferred chunk reads as empty). */
  let held: Float32Array | null = null
  const send = async (
    task: { samples?: Float32Array; from: number; to: number; final: boolean },
    options: EncodeOptions = {},
  ): Promise<Uint8Array> => {
    await opened
    const result = await pool.run(
      { type: 'encode', session, ...task },
      {
        pin,
        transfer: task.samples ? [task.samples.buffer as ArrayBuffer] : [],
        priority: options.urgent ?? false,
        ...(options.signal ? { signal: options.signal } : {}),
      },
    )
    return result as Uint8Array
  }
  return {
    format,
    remote: true,
    encode: async (samples, options) => {
      const copy = samples.slice()
      held = null
      return send({ samples: copy, from: 0, to: copy.length, final: false }, options)
    },
    encodeRange: async (chunk, from, to, options) => {
      if (chunk === held) return send({ from, to, final: false }, options)
      const whole = chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength
      const samples = whole ? chunk : chunk.slice()
      const bytes = await send({ samples, from, to, final: false }, options)
      held = chunk
      return bytes
    },
    end: () => send({ from: 0, to: 0, final: true }),
    drop: () => {
      pool.run({ type: 'encode-drop', session }, { pin }).catch(() => {})
    },
  }
}

export function encoderFor(pool: WorkerPool, format: OutputFormat): WorkerEncoder {
  if (isCostlyCodec(format)) return pinnedEncoder(pool, format)
  const local: AudioEncoder = createEncoder(format)
  return {
    format,
    remote: false,
    encode: async (s) => local.encode(s),
    encodeRange: async (chunk, from, to) => local.encode(chunk.subarray(from, to)),
    end: async () => local.end(),
    drop: () => {},
  }
}
