// Measuring rendered music: tempo from onsets, spectral centroid, percussive energy and the
// major/minor feel from chroma. The tests and the benchmark judge songs with these.

const FRAME = 2048
const HOP = 512

/** In-place radix-2 FFT of a power-of-two length. */
export function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1
    for (; j & bit; bit >>= 1) j ^= bit
    j ^= bit
    if (i < j) {
      ;[re[i], re[j]] = [re[j] as number, re[i] as number]
      ;[im[i], im[j]] = [im[j] as number, im[i] as number]
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const step = (-2 * Math.PI) / size
    for (let start = 0; start < n; start += size) {
      for (let k = 0; k < size / 2; k++) {
        const wr = Math.cos(step * k)
        const wi = Math.sin(step * k)
        const a = start + k
        const b = a + size / 2
        const tr = (re[b] as number) * wr - (im[b] as number) * wi
        const ti = (re[b] as number) * wi + (im[b] as number) * wr
        re[b] = (re[a] as number) - tr
        im[b] = (im[a] as number) - ti
        re[a] = (re[a] as number) + tr
        im[a] = (im[a] as number) + ti
      }
    }
  }
}

/** Magnitude spectra of Hann-windowed frames. */
export function spectrogram(samples: Float32Array): Float64Array[] {
  const window = Float64Array.from(
    { length: FRAME },
    (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / FRAME),
  )
  const frames: Float64Array[] = []
  for (let start = 0; start + FRAME <= samples.length; start += HOP) {
    const re = new Float64Array(FRAME)
    const im = new Float64Array(FRAME)
    for (let i = 0; i < FRAME; i++) re[i] = (samples[start + i] as number) * (window[i] as number)
    fft(re, im)
    const mag = new Float64Array(FRAME / 2)
    for (let k = 0; k < FRAME / 2; k++) mag[k] = Math.hypot(re[k] as number, im[k] as number)
    frames.push(mag)
  }
  return frames
}

/** Onset strength per frame: the rise of log magnitude summed over bins (spectral flux). */
function onsetStrength(frames: Float64Array[]): Float64Array {
  const flux = new Float64Array(frames.length)
  for (let f = 1; f < frames.length; f++) {
    const now = frames[f] as Float64Array
    const before = frames[f - 1] as Float64Array
    let sum = 0
    for (let k = 1; k < now.length; k++) {
      const rise = Math.log1p(1000 * (now[k] as number)) - Math.log1p(1000 * (before[k] as number))
      if (rise > 0) sum += rise
    }
    flux[f] = sum
  }
  const mean = flux.reduce((a, b) => a + b, 0) / Math.max(1, flux.length)
  return flux.map((v) => Math.max(0, v - mean))
}

/**
 * Tempo in BPM from the autocorrelation of the onset strength, between 50 and 200 BPM,
 * weighted gently towards 120 (the usual octave ambiguity of onset tempo).
 */
export function estimateTempo(samples: Float32Array, sampleRate: number): number {
  const onsets = onsetStrength(spectrogram(samples))
  const frameRate = sampleRate / HOP
  let best = 0
  let bestScore = -1
  for (let bpm = 50; bpm <= 200; bpm += 0.5) {
    const lag = (60 / bpm) * frameRate
    const low = Math.floor(lag)
    const frac = lag - low
    let sum = 0
    for (let i = 0; i + low + 1 < onsets.length; i++) {
      const later = (onsets[i + low] as number) * (1 - frac) + (onsets[i + low + 1] as number) * frac
      sum += (onsets[i] as number) * later
    }
    const prior = Math.exp(-0.5 * (Math.log2(bpm / 120) / 1.5) ** 2)
    const score = (sum / Math.max(1, onsets.length - low)) * prior
    if (score > bestScore) {
      bestScore = score
      best = bpm
    }
  }
  return best
}

/** The mean spectral centroid in Hz, weighted by frame energy. */
export function spectralCentroid(samples: Float32Array, sampleRate: number): number {
  let weighted = 0
  let total = 0
  for (const mag of spectrogram(samples)) {
    for (let k = 1; k < mag.length; k++) {
      const power = (mag[k] as number) ** 2
      weighted += power * ((k * sampleRate) / FRAME)
      total += power
    }
  }
  return total > 0 ? weighted / total : 0
}

/**
 * Share of the energy that is percussive, by median filtering across time (harmonic) and
 * frequency (percussive) of the spectrogram, as harmonic/percussive separation does.
 */
export function percussiveShare(samples: Float32Array): number {
  const frames = spectrogram(samples)
  const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1] ?? 0
  let percussive = 0
  let total = 0
  for (let f = 8; f < frames.length - 8; f += 2) {
    const mag = frames[f] as Float64Array
    for (let k = 8; k < 400; k += 2) {
      const across = median(
        Array.from({ length: 17 }, (_, i) => (frames[f - 8 + i] as Float64Array)[k] as number),
      )
      const down = median(Array.from({ length: 17 }, (_, i) => mag[k - 8 + i] as number))
      const p = down ** 2
      const h = across ** 2
      if (p + h === 0) continue
      percussive += ((mag[k] as number) ** 2 * p) / (p + h)
      total += (mag[k] as number) ** 2
    }
  }
  return total > 0 ? percussive / total : 0
}

const MAJOR_PROFILE = [6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88]
const MINOR_PROFILE = [6.33, 2.68, 3.52, 5.38, 2.6, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17]

function correlate(a: readonly number[], b: readonly number[]): number {
  const ma = a.reduce((s, v) => s + v, 0) / a.length
  const mb = b.reduce((s, v) => s + v, 0) / b.length
  let num = 0
  let da = 0
  let db = 0
  for (let i = 0; i < a.length; i++) {
    num += ((a[i] as number) - ma) * ((b[i] as number) - mb)
    da += ((a[i] as number) - ma) ** 2
    db += ((b[i] as number) - mb) ** 2
  }
  return num / Math.sqrt(da * db || 1)
}

/** The key by chroma and the Krumhansl-Kessler profiles: tonic pitch class and mode. */
export function estimateKey(
  samples: Float32Array,
  sampleRate: number,
): { root: number; mode: 'major' | 'minor' } {
  const chroma = new Array<number>(12).fill(0)
  for (const mag of spectrogram(samples)) {
    for (let k = 1; k < mag.length; k++) {
      const hz = (k * sampleRate) / FRAME
      if (hz < 80 || hz > 1200) continue
      const pc = (((Math.round(12 * Math.log2(hz / 440)) + 9) % 12) + 12) % 12
      chroma[pc] = (chroma[pc] as number) + (mag[k] as number)
    }
  }
  let best = { root: 0, mode: 'major' as 'major' | 'minor', score: -2 }
  for (let root = 0; root < 12; root++) {
    const rotated = chroma.map((_, i) => chroma[(i + root) % 12] as number)
    for (const [mode, profile] of [
      ['major', MAJOR_PROFILE],
      ['minor', MINOR_PROFILE],
    ] as const) {
      const score = correlate(rotated, profile)
      if (score > best.score) best = { root, mode, score }
    }
  }
  return { root: best.root, mode: best.mode }
}

/**
 * The frequency of a held note between two samples (YIN, 70 to 1000 Hz: a bass to a
 * soprano's top), or 0 when the stretch is not periodic. For measuring sung notes.
 */
export function noteHz(samples: Float32Array, sampleRate: number, from: number, to: number): number {
  const minLag = Math.floor(sampleRate / 1000)
  const maxLag = Math.ceil(sampleRate / 70)
  const window = Math.min(to, samples.length) - from - maxLag - 1
  if (from < 0 || window < 256) return 0
  const diff = new Float64Array(maxLag + 2)
  let running = 0
  for (let lag = 1; lag <= maxLag + 1; lag++) {
    let d = 0
    for (let i = from; i < from + window; i++)
      d += ((samples[i] as number) - (samples[i + lag] as number)) ** 2
    running += d
    diff[lag] = running > 0 ? (d * lag) / running : 1
  }
  for (let lag = minLag; lag <= maxLag; lag++) {
    if ((diff[lag] as number) < 0.2) {
      while (lag < maxLag && (diff[lag + 1] as number) < (diff[lag] as number)) lag++
      return sampleRate / lag
    }
  }
  return 0
}
