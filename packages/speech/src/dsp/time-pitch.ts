// Pitch shift, formant shift and time stretch with Rubber Band (offline mode, whole segment).
import { loadRubberBand } from './wasm-modules.js'

// Option bits of rubberband-c.h.
const OPTION_THREADING_NEVER = 0x00010000
const OPTION_FORMANT_PRESERVED = 0x01000000
const OPTION_PITCH_HIGH_QUALITY = 0x02000000
const OPTION_ENGINE_FINER = 0x20000000

export interface TimePitchOptions {
  /** Output duration / input duration. */
  timeRatio: number
  pitchScale: number
  /** Formant scale; only the finer (R3) engine honours it. */
  formantScale: number
  /** `fast` uses the older R2 engine (several times cheaper, no formant scale). */
  quality: 'high' | 'fast'
}

const BLOCK = 4096

export function needsTimePitch(options: TimePitchOptions): boolean {
  return (
    Math.abs(options.timeRatio - 1) > 1e-3 ||
    Math.abs(options.pitchScale - 1) > 1e-3 ||
    (options.quality === 'high' && Math.abs(options.formantScale - 1) > 1e-3)
  )
}

/** Rubber Band fed piece by piece: each `push` returns the output that is ready so far. */
export interface TimePitchStream {
  push(samples: Float32Array, final: boolean): Float32Array
  close(): void
}

function joinParts(parts: Float32Array[]): Float32Array {
  if (parts.length === 1) return parts[0]!
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

/** `expectedLength`: the whole input's length, which offline mode uses to keep the output aligned. */
export async function createTimePitchStream(
  sampleRate: number,
  options: TimePitchOptions,
  expectedLength: number,
): Promise<TimePitchStream> {
  if (!needsTimePitch(options)) return { push: (s) => s.slice(), close: () => undefined }
  const m = await loadRubberBand()
  let flags = OPTION_THREADING_NEVER | OPTION_FORMANT_PRESERVED | OPTION_PITCH_HIGH_QUALITY
  if (options.quality === 'high') flags |= OPTION_ENGINE_FINER
  const state = m._rubberband_new(sampleRate, 1, flags, options.timeRatio, options.pitchScale)
  const inPtr = m._malloc(BLOCK * 4)
  const outPtr = m._malloc(BLOCK * 4)
  const inList = m._malloc(4)
  const outList = m._malloc(4)
  let closed = false
  if (options.quality === 'high') m._rubberband_set_formant_scale(state, options.formantScale)
  m._rubberband_set_expected_input_duration(state, expectedLength)
  m._rubberband_set_max_process_size(state, BLOCK)
  m.HEAPU32[inList >> 2] = inPtr
  m.HEAPU32[outList >> 2] = outPtr

  const drain = (parts: Float32Array[]): void => {
    for (let available = m._rubberband_available(state); available > 0; ) {
      const got = m._rubberband_retrieve(state, outList, Math.min(available, BLOCK))
      parts.push(m.HEAPF32.slice(outPtr >> 2, (outPtr >> 2) + got))
      available = m._rubberband_available(state)
    }
  }

  return {
    push(samples, final) {
      if (closed) throw new Error('time-pitch stream is closed')
      const parts: Float32Array[] = []
      if (samples.length === 0 && final) {
        m._rubberband_process(state, inList, 0, 1)
        drain(parts)
      }
      for (let offset = 0; offset < samples.length; offset += BLOCK) {
        const count = Math.min(BLOCK, samples.length - offset)
        m.HEAPF32.set(samples.subarray(offset, offset + count), inPtr >> 2)
        m._rubberband_process(state, inList, count, final && offset + count >= samples.length ? 1 : 0)
        drain(parts)
      }
      drain(parts)
      return parts.length === 0 ? new Float32Array(0) : joinParts(parts)
    },
    close() {
      if (closed) return
      closed = true
      m._free(inPtr)
      m._free(outPtr)
      m._free(inList)
      m._free(outList)
      m._rubberband_delete(state)
    },
  }
}

export async function timePitch(
  input: Float32Array,
  sampleRate: number,
  options: TimePitchOptions,
): Promise<Float32Array> {
  if (!needsTimePitch(options) || input.length === 0) return input
  const stream = await createTimePitchStream(sampleRate, options, input.length)
  try {
    return stream.push(input, true)
  } finally {
    stream.close()
  }
}
