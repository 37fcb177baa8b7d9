// WebRTC VAD: the share of 30 ms frames that hold speech. Used by tests and the listening
// tool to tell speech from silence or noise.
import { resample } from './resample.js'
import { loadFvad } from './wasm-modules.js'

export interface VadSummary {
  frames: number
  speechFrames: number
  speechRatio: number
  /** Seconds from the first to the last speech frame. */
  speechSpan: number
}

export async function detectSpeech(samples: Float32Array, sampleRate: number, mode = 2): Promise<VadSummary> {
  const m = await loadFvad()
  const audio = sampleRate === 16000 ? samples : await resample(samples, sampleRate, 16000)
  const frame = 480
  const inst = m._fvad_new()
  const ptr = m._malloc(frame * 2)
  try {
    m._fvad_set_mode(inst, mode)
    m._fvad_set_sample_rate(inst, 16000)
    let frames = 0
    let speechFrames = 0
    let first = -1
    let last = -1
    const pcm = new Int16Array(frame)
    for (let start = 0; start + frame <= audio.length; start += frame) {
      for (let i = 0; i < frame; i++)
        pcm[i] = Math.max(-32768, Math.min(32767, Math.round(audio[start + i]! * 32767)))
      m.HEAP16.set(pcm, ptr >> 1)
      if (m._fvad_process(inst, ptr, frame) === 1) {
        speechFrames++
        if (first < 0) first = frames
        last = frames
      }
      frames++
    }
    return {
      frames,
      speechFrames,
      speechRatio: frames === 0 ? 0 : speechFrames / frames,
      speechSpan: first < 0 ? 0 : ((last - first + 1) * frame) / 16000,
    }
  } finally {
    m._free(ptr)
    m._fvad_free(inst)
  }
}
