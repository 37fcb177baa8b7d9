import { fft } from './measure.js'

// Harmonic/percussive separation of a finished recording (median filtering, Fitzgerald 2010):
// in a spectrogram, sustained notes are horizontal lines and drum hits vertical ones, so a
// median across time keeps the first and a median across frequency the second; soft masks
// split each bin between them. From a mono mix this is what classical methods can do: it
// cannot tell a bass from a piano or take a voice out of a chord.

const FRAME = 2048
const HOP = 512
const SPAN = 17

function median(values: Float64Array): number {
  const sorted = Float64Array.from(values).sort()
  return sorted[sorted.length >> 1] ?? 0
}

/** Splits mono audio into its harmonic and percussive parts, which sum back to the input. */
export function separateHarmonicPercussive(samples: Float32Array): {
  harmonic: Float32Array
  percussive: Float32Array
} {
  const window = Float64Array.from({ length: FRAME }, (_, i) =>
    Math.sqrt(0.5 - 0.5 * Math.cos((2 * Math.PI * i) / FRAME)),
  )
  const frames = Math.max(1, Math.ceil(samples.length / HOP) + 1)
  const bins = FRAME / 2 + 1
  const re: Float64Array[] = []
  const im: Float64Array[] = []
  const mag: Float64Array[] = []
  for (let f = 0; f < frames; f++) {
    const r = new Float64Array(FRAME)
    const i = new Float64Array(FRAME)
    const start = f * HOP - FRAME / 2
    for (let n = 0; n < FRAME; n++) r[n] = (samples[start + n] ?? 0) * (window[n] as number)
    fft(r, i)
    const m = new Float64Array(bins)
    for (let k = 0; k < bins; k++) m[k] = Math.hypot(r[k] as number, i[k] as number)
    re.push(r)
    im.push(i)
    mag.push(m)
  }
  const harmonic = new Float32Array(samples.length)
  const percussive = new Float32Array(samples.length)
  const column = new Float64Array(SPAN)
  const row = new Float64Array(SPAN)
  const half = SPAN >> 1
  for (let f = 0; f < frames; f++) {
    const hr = new Float64Array(FRAME)
    const hi = new Float64Array(FRAME)
    const r = re[f] as Float64Array
    const i = im[f] as Float64Array
    for (let k = 0; k < bins; k++) {
      for (let j = 0; j < SPAN; j++) {
        column[j] = (mag[Math.min(frames - 1, Math.max(0, f + j - half))] as Float64Array)[k] as number
        row[j] = (mag[f] as Float64Array)[Math.min(bins - 1, Math.max(0, k + j - half))] as number
      }
      const h = median(column) ** 2
      const p = median(row) ** 2
      const share = h + p > 0 ? h / (h + p) : 0.5
      hr[k] = (r[k] as number) * share
      hi[k] = (i[k] as number) * share
      // The mirrored half keeps the signal real.
      if (k > 0 && k < FRAME / 2) {
        hr[FRAME - k] = (r[FRAME - k] as number) * share
        hi[FRAME - k] = (i[FRAME - k] as number) * share
      }
    }
    // Inverse FFT through the forward one: conjugate in, conjugate out, divide by N.
    for (let n = 0; n < FRAME; n++) hi[n] = -(hi[n] as number)
    fft(hr, hi)
    const start = f * HOP - FRAME / 2
    for (let n = 0; n < FRAME; n++) {
      const at = start + n
      if (at < 0 || at >= samples.length) continue
      harmonic[at] = (harmonic[at] as number) + ((hr[n] as number) / FRAME) * (window[n] as number)
    }
  }
  // A sqrt-Hann window at a quarter hop sums to 2 across overlaps.
  for (let n = 0; n < samples.length; n++) {
    harmonic[n] = (harmonic[n] as number) / 2
    percussive[n] = (samples[n] as number) - (harmonic[n] as number)
  }
  return { harmonic, percussive }
}
