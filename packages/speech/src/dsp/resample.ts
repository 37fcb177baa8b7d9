// Sample-rate conversion with the Speex resampler (whole buffers: a segment at a time).
import { loadSpeex } from './wasm-modules.js'

/** Resamples mono float audio; the output has exactly round(n * to / from) samples. */
export async function resample(
  input: Float32Array,
  from: number,
  to: number,
  quality = 7,
): Promise<Float32Array> {
  if (from === to || input.length === 0) return input.slice()
  const m = await loadSpeex()
  const target = Math.round((input.length * to) / from)
  const errPtr = m._malloc(4)
  const state = m._speex_resampler_init(1, from, to, quality, errPtr)
  m._free(errPtr)
  if (!state) throw new Error(`Speex resampler refused ${from} -> ${to} Hz`)
  try {
    // Skip the filter's leading zeros so output sample 0 lines up with input sample 0,
    // then push zeros through to get the tail out.
    m._speex_resampler_skip_zeros(state)
    const latency = m._speex_resampler_get_input_latency(state)
    const padded = new Float32Array(input.length + latency + 16)
    padded.set(input)
    const outCapacity = Math.ceil((padded.length * to) / from) + 64
    const inPtr = m._malloc(padded.length * 4)
    const outPtr = m._malloc(outCapacity * 4)
    const lenPtr = m._malloc(8)
    try {
      m.HEAPF32.set(padded, inPtr >> 2)
      m.HEAPU32[lenPtr >> 2] = padded.length
      m.HEAPU32[(lenPtr >> 2) + 1] = outCapacity
      m._speex_resampler_process_float(state, 0, inPtr, lenPtr, outPtr, lenPtr + 4)
      const produced = m.HEAPU32[(lenPtr >> 2) + 1]!
      const out = new Float32Array(target)
      out.set(m.HEAPF32.subarray(outPtr >> 2, (outPtr >> 2) + Math.min(produced, target)))
      return out
    } finally {
      m._free(inPtr)
      m._free(outPtr)
      m._free(lenPtr)
    }
  } finally {
    m._speex_resampler_destroy(state)
  }
}
