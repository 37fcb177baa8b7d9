// Encoders of a stream. MP3 and Opus (the costly codecs) run in a worker, one encoder per stream
// pinned to one worker so its frames continue across chunks; the cheap codecs encode in place.
import { type AudioEncoder, createEncoder, isCostlyCodec } from '../encoders/create-encoder.js'
import type { OutputFormat } from '../formats/output-formats.js'
import type { WorkerPool } from '../pool/worker-pool.js'

export interface WorkerEncoder {
  readonly format: OutputFormat
  encode(samples: Float32Array, signal?: AbortSignal): Promise<Uint8Array>
  end(): Promise<Uint8Array>
  /** Releases the encoder without flushing (a cancelled stream). */
  drop(): void
}

let sessionIds = 1

function pinnedEncoder(pool: WorkerPool, format: OutputFormat): WorkerEncoder {
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

export function encoderFor(pool: WorkerPool, format: OutputFormat): WorkerEncoder {
  if (isCostlyCodec(format)) return pinnedEncoder(pool, format)
  const local: AudioEncoder = createEncoder(format)
  return { format, encode: async (s) => local.encode(s), end: async () => local.end(), drop: () => {} }
}
