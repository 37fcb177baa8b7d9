// A Speex resampler that keeps its filter state between calls, so audio resampled piece by
// piece joins without seams (the whole-buffer resampler starts afresh on every call).
import { loadSpeex } from '../dsp/wasm-modules.js'

export interface StreamResampler {
  /** Resamples the next piece; returns what is ready. */
  push(samples: Float32Array): Float32Array
  /** Pushes the filter's tail out; returns the last samples and frees the resampler. */
  end(): Float32Array
  close(): void
}

export async function createStreamResampler(from: number, to: number, quality = 7): Promise<StreamResampler> {
  if (from === to) {
    return { push: (s) => s.slice(), end: () => new Float32Array(0), close: () => undefined }
  }
  const m = await loadSpeex()
  const errPtr = m._malloc(4)
  const state = m._speex_resampler_init(1, from, to, quality, errPtr)
  m._free(errPtr)
  if (!state) throw new Error(`Speex resampler refused ${from} -> ${to} Hz`)
  m._speex_resampler_skip_zeros(state)
  const latency = m._speex_resampler_get_input_latency(state)
  const lenPtr = m._malloc(8)
  let consumed = 0
  let produced = 0
  let closed = false

  function run(input: Float32Array): Float32Array {
    const outCapacity = Math.ceil((input.length * to) / from) + 64
    const inPtr = m._malloc(Math.max(1, input.length) * 4)
    const outPtr = m._malloc(outCapacity * 4)
    try {
      m.HEAPF32.set(input, inPtr >> 2)
      m.HEAPU32[lenPtr >> 2] = input.length
      m.HEAPU32[(lenPtr >> 2) + 1] = outCapacity
      m._speex_resampler_process_float(state, 0, inPtr, lenPtr, outPtr, lenPtr + 4)
      const made = m.HEAPU32[(lenPtr >> 2) + 1]!
      return m.HEAPF32.slice(outPtr >> 2, (outPtr >> 2) + made)
    } finally {
      m._free(inPtr)
      m._free(outPtr)
    }
  }

  const api: StreamResampler = {
    push(samples) {
      consumed += samples.length
      const out = run(samples)
      produced += out.length
      return out
    },
    end() {
      if (closed) return new Float32Array(0)
      // Zeros push the filter's delay out; the total is trimmed to round(input * to / from).
      const target = Math.round((consumed * to) / from)
      const tail = run(new Float32Array(latency + 16))
      api.close()
      return tail.subarray(0, Math.max(0, target - produced))
    },
    close() {
      if (closed) return
      closed = true
      m._free(lenPtr)
      m._speex_resampler_destroy(state)
    },
  }
  return api
}
