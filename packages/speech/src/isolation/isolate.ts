// Voice isolation: RNNoise (the recurrent denoiser of Xiph, as WebAssembly) on 48 kHz mono,
// then a gate driven by RNNoise's own voice-activity estimate, so the noise left between
// phrases is pushed further down. Works frame by frame, so a stream can be fed piece by piece.
import { loadRnnoise } from '../dsp/wasm-modules.js'
import { createStreamResampler } from './stream-resampler.js'

/** RNNoise's only rate. */
export const ISOLATION_SAMPLE_RATE = 48_000
const FRAME = 480
/** RNNoise hands back each frame one frame late; the output is shifted back by that much. */
const LATENCY = FRAME
/** RNNoise works on 16-bit sample values. */
const SCALE = 32768
/** Gate: opens above this voice probability, and stays open while it stays above CLOSE. */
const OPEN = 0.6
const CLOSE = 0.3
/** Frames the gate stays open after the voice stops (200 ms), and looks ahead (30 ms). */
const HOLD_FRAMES = 20
const LOOKAHEAD_FRAMES = 3
/** What is left of the signal when the gate is closed: -30 dB. */
const FLOOR = 10 ** (-30 / 20)

export interface Isolator {
  /** Feeds 48 kHz mono samples; returns the isolated samples ready so far, at the output rate. */
  push(samples: Float32Array): Float32Array
  /** Flushes the rest; the isolator is closed afterwards. */
  end(): Float32Array
  /** Frames the voice-activity gate found speech in, so far. */
  readonly voicedFrames: number
  close(): void
}

export async function createIsolator(outputRate: number = ISOLATION_SAMPLE_RATE): Promise<Isolator> {
  const m = await loadRnnoise()
  const resampler = await createStreamResampler(ISOLATION_SAMPLE_RATE, outputRate)
  const state = m._rnnoise_create(0)
  const ptr = m._malloc(FRAME * 4)
  let pending = new Float32Array(0)
  let skip = LATENCY
  let closed = false
  let voiced = 0
  // Denoised frames wait here for the gate's look-ahead.
  const queue: { samples: Float32Array; vad: number }[] = []
  let hold = 0
  let open = false
  let gain = FLOOR
  const attack = 1 - Math.exp(-1 / (0.005 * ISOLATION_SAMPLE_RATE))
  const release = 1 - Math.exp(-1 / (0.08 * ISOLATION_SAMPLE_RATE))

  function denoise(frame: Float32Array): void {
    const heap = m.HEAPF32.subarray(ptr >> 2, (ptr >> 2) + FRAME)
    for (let i = 0; i < FRAME; i++) heap[i] = (frame[i] ?? 0) * SCALE
    const vad = m._rnnoise_process_frame(state, ptr, ptr)
    const out = new Float32Array(FRAME)
    const after = m.HEAPF32.subarray(ptr >> 2, (ptr >> 2) + FRAME)
    for (let i = 0; i < FRAME; i++) out[i] = after[i]! / SCALE
    queue.push({ samples: out, vad })
  }

  /** Gates the oldest queued frame once the look-ahead frames behind it are known. */
  function release1(out: Float32Array[]): void {
    const frame = queue.shift()!
    const ahead = Math.max(frame.vad, ...queue.slice(0, LOOKAHEAD_FRAMES).map((f) => f.vad))
    if (ahead >= OPEN || (open && ahead >= CLOSE)) {
      open = true
      hold = HOLD_FRAMES
    } else if (hold > 0) hold--
    else open = false
    if (open) voiced++
    const target = open ? 1 : FLOOR
    const s = frame.samples
    for (let i = 0; i < s.length; i++) {
      gain += (target - gain) * (target > gain ? attack : release)
      s[i] = s[i]! * gain
    }
    if (skip >= s.length) {
      skip -= s.length
      return
    }
    out.push(skip > 0 ? s.subarray(skip) : s)
    skip = 0
  }

  function drain(final: boolean): Float32Array {
    const out: Float32Array[] = []
    while (queue.length > (final ? 0 : LOOKAHEAD_FRAMES)) release1(out)
    const total = out.reduce((n, s) => n + s.length, 0)
    const joined = new Float32Array(total)
    let at = 0
    for (const s of out) {
      joined.set(s, at)
      at += s.length
    }
    return joined
  }

  const api: Isolator = {
    push(samples) {
      if (closed) throw new Error('isolator closed')
      const all = new Float32Array(pending.length + samples.length)
      all.set(pending)
      all.set(samples, pending.length)
      let at = 0
      for (; at + FRAME <= all.length; at += FRAME) denoise(all.subarray(at, at + FRAME))
      pending = all.slice(at)
      return resampler.push(drain(false))
    },
    end() {
      if (closed) return new Float32Array(0)
      // The tail: what is pending, then one frame of silence to push RNNoise's delay out;
      // the output then has exactly as many samples as went in.
      const inputTail = pending.length
      if (pending.length > 0) denoise(pending)
      denoise(new Float32Array(FRAME))
      const out = drain(true)
      const excess = inputTail > 0 ? FRAME - inputTail : 0
      const last = resampler.push(out.subarray(0, Math.max(0, out.length - excess)))
      const tail = resampler.end()
      api.close()
      const joined = new Float32Array(last.length + tail.length)
      joined.set(last)
      joined.set(tail, last.length)
      return joined
    },
    get voicedFrames() {
      return voiced
    },
    close() {
      if (closed) return
      closed = true
      resampler.close()
      m._free(ptr)
      m._rnnoise_destroy(state)
    },
  }
  return api
}

/** Isolates a whole recording (48 kHz mono) and returns it at `outputRate`. */
export async function isolateVoice(
  samples: Float32Array,
  outputRate: number = ISOLATION_SAMPLE_RATE,
): Promise<{ samples: Float32Array; voicedSeconds: number }> {
  const isolator = await createIsolator(outputRate)
  const head = isolator.push(samples)
  const tail = isolator.end()
  const joined = new Float32Array(head.length + tail.length)
  joined.set(head)
  joined.set(tail, head.length)
  const voicedSeconds = (isolator.voicedFrames * FRAME) / ISOLATION_SAMPLE_RATE
  return { samples: joined, voicedSeconds }
}

/** Root-mean-square level in dBFS (-Infinity for digital silence). */
export function levelDb(samples: Float32Array): number {
  let sum = 0
  for (let i = 0; i < samples.length; i++) sum += samples[i]! * samples[i]!
  return 10 * Math.log10(sum / Math.max(1, samples.length))
}
