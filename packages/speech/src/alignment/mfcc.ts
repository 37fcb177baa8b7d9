// Mel-frequency cepstral coefficients: the short-time spectral shape of speech with the voice's
// pitch and loudness mostly taken out, so two speakers saying the same sounds look alike.
// 25 ms frames every 10 ms, 26 mel bands, 13 coefficients; each coefficient has its mean over
// the recording removed (the channel and the speaker's average timbre cancel out).
import { fft } from '../dsp/fft.js'

export const MFCC_HOP_SECONDS = 0.01
const FRAME_SECONDS = 0.025
const BANDS = 26
const COEFFICIENTS = 13

const hzToMel = (hz: number) => 2595 * Math.log10(1 + hz / 700)
const melToHz = (mel: number) => 700 * (10 ** (mel / 2595) - 1)

function melFilters(size: number, sampleRate: number): Array<{ from: number; weights: Float64Array }> {
  const top = hzToMel(Math.min(8000, sampleRate / 2))
  const bottom = hzToMel(60)
  const edges = Array.from({ length: BANDS + 2 }, (_, i) =>
    Math.floor(((size + 1) * melToHz(bottom + ((top - bottom) * i) / (BANDS + 1))) / sampleRate),
  )
  return Array.from({ length: BANDS }, (_, b) => {
    const [lo, mid, hi] = [edges[b]!, edges[b + 1]!, edges[b + 2]!]
    const weights = new Float64Array(Math.max(1, hi - lo + 1))
    for (let k = lo; k <= hi; k++)
      weights[k - lo] = k <= mid ? (k - lo) / Math.max(1, mid - lo) : (hi - k) / Math.max(1, hi - mid)
    return { from: lo, weights }
  })
}

/** One feature vector per 10 ms of audio (mean-normalised MFCCs). */
export function mfcc(samples: Float32Array, sampleRate: number): Float64Array[] {
  const frame = Math.round(FRAME_SECONDS * sampleRate)
  const hop = Math.round(MFCC_HOP_SECONDS * sampleRate)
  let size = 1
  while (size < frame) size <<= 1
  const filters = melFilters(size, sampleRate)
  const window = Float64Array.from(
    { length: frame },
    (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (frame - 1)),
  )
  const dct = Array.from({ length: COEFFICIENTS }, (_, c) =>
    Float64Array.from({ length: BANDS }, (_, b) => Math.cos((Math.PI * c * (b + 0.5)) / BANDS)),
  )
  const count = Math.max(1, Math.floor((samples.length - frame) / hop) + 1)
  const frames: Float64Array[] = []
  const re = new Float64Array(size)
  const im = new Float64Array(size)
  const energies = new Float64Array(BANDS)
  for (let f = 0; f < count; f++) {
    re.fill(0)
    im.fill(0)
    const at = f * hop
    for (let i = 0; i < frame; i++) {
      // Pre-emphasis lifts the high formants the way the ear weighs them.
      const x = (samples[at + i] ?? 0) - 0.97 * (samples[at + i - 1] ?? 0)
      re[i] = x * window[i]!
    }
    fft(re, im)
    for (let b = 0; b < BANDS; b++) {
      const { from, weights } = filters[b]!
      let sum = 0
      for (let k = 0; k < weights.length; k++) {
        const r = re[from + k] ?? 0
        const m = im[from + k] ?? 0
        sum += weights[k]! * (r * r + m * m)
      }
      energies[b] = Math.log(sum + 1e-10)
    }
    const out = new Float64Array(COEFFICIENTS)
    for (let c = 0; c < COEFFICIENTS; c++) {
      let sum = 0
      for (let b = 0; b < BANDS; b++) sum += dct[c]![b]! * energies[b]!
      out[c] = sum
    }
    frames.push(out)
  }
  for (let c = 0; c < COEFFICIENTS; c++) {
    let mean = 0
    for (const v of frames) mean += v[c]!
    mean /= frames.length
    for (const v of frames) v[c]! -= mean
  }
  // Without c0 (loudness) and with each coefficient's slope over ±2 frames: how the sound
  // moves matters more than its level when two voices are compared.
  return frames.map((v, f) => {
    const out = new Float64Array(2 * (COEFFICIENTS - 1))
    const a = frames[Math.max(0, f - 2)]!
    const b = frames[Math.min(frames.length - 1, f + 2)]!
    for (let c = 1; c < COEFFICIENTS; c++) {
      out[c - 1] = v[c]!
      out[COEFFICIENTS - 1 + c - 1] = (b[c]! - a[c]!) / 4
    }
    return out
  })
}
