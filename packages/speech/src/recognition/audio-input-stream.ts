// Live audio for recognition: chunks of 16-bit PCM at a client's rate, or 8 kHz μ-law, become
// 16 kHz float samples. The resampler keeps its filter state between chunks, so a stream cut
// into pieces sounds the same as the whole (no clicks at the chunk edges).

import { loadSpeex } from '../dsp/wasm-modules.js'
import { mulawToLinear } from '../encoders/g711.js'
import { RECOGNITION_SAMPLE_RATE } from './recogniser.js'

export type LiveAudioEncoding = 'pcm_s16le' | 'mulaw'

export interface AudioInputStream {
  /** 16 kHz samples of the next chunk (the resampler may hold back a few until the next one). */
  push(bytes: Uint8Array): Float32Array
  close(): void
}

/** Bytes of one sample of an encoding. */
export function bytesPerSample(encoding: LiveAudioEncoding): number {
  return encoding === 'mulaw' ? 1 : 2
}

function toFloat(bytes: Uint8Array, encoding: LiveAudioEncoding): Float32Array {
  if (encoding === 'mulaw') return Float32Array.from(bytes, (b) => mulawToLinear(b) / 32768)
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const out = new Float32Array(bytes.byteLength >> 1)
  for (let i = 0; i < out.length; i++) out[i] = view.getInt16(i * 2, true) / 32768
  return out
}

export async function createAudioInputStream(
  sampleRate: number,
  encoding: LiveAudioEncoding,
): Promise<AudioInputStream> {
  if (sampleRate === RECOGNITION_SAMPLE_RATE)
    return { push: (bytes) => toFloat(bytes, encoding), close: () => undefined }
  const m = await loadSpeex()
  const errPtr = m._malloc(4)
  const state = m._speex_resampler_init(1, sampleRate, RECOGNITION_SAMPLE_RATE, 7, errPtr)
  m._free(errPtr)
  if (!state) throw new Error(`Speex resampler refused ${sampleRate} -> ${RECOGNITION_SAMPLE_RATE} Hz`)
  m._speex_resampler_skip_zeros(state)
  let closed = false
  return {
    push(bytes) {
      if (closed) throw new Error('The audio input stream is closed')
      const input = toFloat(bytes, encoding)
      if (input.length === 0) return input
      const capacity = Math.ceil((input.length * RECOGNITION_SAMPLE_RATE) / sampleRate) + 64
      const inPtr = m._malloc(input.length * 4)
      const outPtr = m._malloc(capacity * 4)
      const lenPtr = m._malloc(8)
      try {
        m.HEAPF32.set(input, inPtr >> 2)
        m.HEAPU32[lenPtr >> 2] = input.length
        m.HEAPU32[(lenPtr >> 2) + 1] = capacity
        m._speex_resampler_process_float(state, 0, inPtr, lenPtr, outPtr, lenPtr + 4)
        const produced = m.HEAPU32[(lenPtr >> 2) + 1]!
        return m.HEAPF32.slice(outPtr >> 2, (outPtr >> 2) + produced)
      } finally {
        m._free(inPtr)
        m._free(outPtr)
        m._free(lenPtr)
      }
    },
    close() {
      if (closed) return
      closed = true
      m._speex_resampler_destroy(state)
    },
  }
}
