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

export async function timePitch(
  input: Float32Array,
  sampleRate: number,
  options: TimePitchOptions,
): Promise<Float32Array> {
  if (!needsTimePitch(options) || input.length === 0) return input
  const m = await loadRubberBand()
  let flags = OPTION_THREADING_NEVER | OPTION_FORMANT_PRESERVED | OPTION_PITCH_HIGH_QUALITY
  if (options.quality === 'high') flags |= OPTION_ENGINE_FINER
  const state = m._rubberband_new(sampleRate, 1, flags, options.timeRatio, options.pitchScale)
  const inPtr = m._malloc(BLOCK * 4)
  const outPtr = m._malloc(BLOCK * 4)
  const inList = m._malloc(4)
  const outList = m._malloc(4)
  try {
    if (options.quality === 'high') m._rubberband_set_formant_scale(state, options.formantScale)
    m._rubberband_set_expected_input_duration(state, input.length)
    m._rubberband_set_max_process_size(state, BLOCK)
    m.HEAPU32[inList >> 2] = inPtr
    m.HEAPU32[outList >> 2] = outPtr
    const parts: Float32Array[] = []
    let total = 0
    const drain = (): void => {
      for (let available = m._rubberband_available(state); available > 0; ) {
        const got = m._rubberband_retrieve(state, outList, Math.min(available, BLOCK))
        parts.push(m.HEAPF32.slice(outPtr >> 2, (outPtr >> 2) + got))
        total += got
        available = m._rubberband_available(state)
      }
    }
    for (let offset = 0; offset < input.length; offset += BLOCK) {
      const count = Math.min(BLOCK, input.length - offset)
      m.HEAPF32.set(input.subarray(offset, offset + count), inPtr >> 2)
      m._rubberband_process(state, inList, count, offset + count >= input.length ? 1 : 0)
      drain()
    }
    drain()
    const out = new Float32Array(total)
    let offset = 0
    for (const part of parts) {
      out.set(part, offset)
      offset += part.length
    }
    return out
  } finally {
    m._free(inPtr)
    m._free(outPtr)
    m._free(inList)
    m._free(outList)
    m._rubberband_delete(state)
  }
}
