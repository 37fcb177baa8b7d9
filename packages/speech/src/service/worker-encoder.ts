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
  encode(samples: Float32Array, options?: EncodeOptions): Promise<Uint8Array>
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
  const send = async (
    samples: Float32Array,
    final: boolean,
    options: EncodeOptions = {},
  ): Promise<Uint8Array> => {
    await opened
    const copy = samples.slice()
    const result = await pool.run(
      { type: 'encode', session, samples: copy, final },
      {
        pin,
        transfer: [copy.buffer],
        priority: options.urgent ?? false,
        ...(options.signal ? { signal: options.signal } : {}),
      },
    )
    return result as Uint8Array
  }
  return {
    format,
    remote: true,
    encode: (samples, options) => send(samples, false, options),
    end: () => send(new Float32Array(0), true),
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
    end: async () => local.end(),
    drop: () => {},
  }
}
