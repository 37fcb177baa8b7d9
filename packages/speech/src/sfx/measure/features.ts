// Measurable features of one detected sound: length, attack and decay, spectral centroid and
// bandwidth, voicing and pitch, formant peaks and steadiness. They are what the vocabulary's
// signatures are written in, so a test can recognise a sound without knowing how it was made.
import type { Signature } from '../types.js'
import { FFT_SIZE, HANN_POWER, powerSpectrum } from './spectrum.js'

export interface SoundFeatures {
  durationMs: number
  attackMs: number
  decayMs: number
  centroidHz: number
  bandwidthOctaves: number
  voicing: number
  pitchHz: number
  formants: number
  unsteadinessDb: number
  /** Spectral centroid of the first 15 ms over that of the whole: above 1 for a bright transient. */
  onsetBrightness: number
}

const FRAME_SECONDS = 0.01

/** RMS in dB of consecutive 10 ms frames (20 ms windows). */
export function frameLevelsDb(x: Float32Array, sampleRate: number): Float64Array {
  const hop = Math.round(FRAME_SECONDS * sampleRate)
  const count = Math.max(1, Math.floor(x.length / hop))
  const out = new Float64Array(count)
  for (let f = 0; f < count; f++) {
    let s = 0
    const end = Math.min(x.length, f * hop + 2 * hop)
    for (let i = f * hop; i < end; i++) s += x[i]! * x[i]!
    out[f] = 10 * Math.log10(s / (2 * hop) + 1e-12)
  }
  return out
}

function attackDecay(levels: Float64Array): { attackMs: number; decayMs: number } {
  let top = 0
  for (let f = 1; f < levels.length; f++) if (levels[f]! > levels[top]!) top = f
  let end = top
  while (end < levels.length - 1 && levels[end]! > levels[top]! - 20) end++
  return { attackMs: top * FRAME_SECONDS * 1000, decayMs: (end - top) * FRAME_SECONDS * 1000 }
}

function centroidAndBandwidth(power: Float64Array, sampleRate: number) {
  const binHz = sampleRate / FFT_SIZE
  let total = 0
  let weighted = 0
  for (let k = 1; k < power.length; k++) {
    total += power[k]!
    weighted += power[k]! * k * binHz
  }
  let acc = 0
  let low = binHz
  let high = binHz
  for (let k = 1; k < power.length; k++) {
    const before = acc
    acc += power[k]!
    if (before < total * 0.1 && acc >= total * 0.1) low = k * binHz
    if (before < total * 0.9 && acc >= total * 0.9) high = k * binHz
  }
  return { centroidHz: total > 0 ? weighted / total : 0, bandwidthOctaves: Math.log2(high / low) }
}

/**
 * Voicing and pitch: normalised autocorrelation peak for lags of 1 to 40 ms (25 to 1000 Hz),
 * taken over the loudest part of the sound, in windows of 80 ms; the median over windows.
 */
function voicingAndPitch(x: Float32Array, sampleRate: number): { voicing: number; pitchHz: number } {
  const w = Math.round(0.08 * sampleRate)
  const minLag = Math.round(sampleRate / 1000)
  const maxLag = Math.round(sampleRate / 25)
  const results: Array<[number, number]> = []
  for (let start = 0; start + w + maxLag <= x.length || (start === 0 && results.length === 0); start += w) {
    const len = Math.min(w, x.length - maxLag - start)
    if (len < w / 4) break
    let e0 = 0
    for (let i = start; i < start + len; i++) e0 += x[i]! * x[i]!
    if (e0 < 1e-9) continue
    let best = 0
    let bestLag = 0
    // The first lag whose correlation comes within 10% of the best is the period (not a multiple).
    const scores = new Float64Array(maxLag + 1)
    for (let lag = minLag; lag <= maxLag; lag++) {
      let c = 0
      let e1 = 0
      for (let i = start; i < start + len; i++) {
        c += x[i]! * x[i + lag]!
        e1 += x[i + lag]! * x[i + lag]!
      }
      scores[lag] = c / Math.sqrt(e0 * e1 + 1e-12)
      if (scores[lag]! > best) best = scores[lag]!
    }
    // Only peaks count: a bright sound correlates highly at the shortest lags without a period there.
    best = 0
    for (let lag = minLag + 1; lag < maxLag; lag++)
      if (scores[lag]! >= scores[lag - 1]! && scores[lag]! >= scores[lag + 1]!)
        best = Math.max(best, scores[lag]!)
    for (let lag = minLag + 1; lag < maxLag; lag++) {
      const s = scores[lag]!
      if (s >= best * 0.9 && s >= scores[lag - 1]! && s >= scores[lag + 1]!) {
        bestLag = lag
        break
      }
    }
    results.push([best, bestLag > 0 ? sampleRate / bestLag : 0])
  }
  if (results.length === 0) return { voicing: 0, pitchHz: 0 }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
  return { voicing: median(results.map((r) => r[0])), pitchHz: median(results.map((r) => r[1])) }
}

/** Peaks in the envelope of the harmonics (200-4000 Hz) at least 3 dB above both neighbouring dips. */
function formantPeaks(power: Float64Array, sampleRate: number, pitchHz: number): number {
  if (pitchHz <= 0) return 0
  const binHz = sampleRate / FFT_SIZE
  const levels: number[] = []
  for (let h = 1; h * pitchHz <= 4000; h++) {
    if (h * pitchHz < 200) continue
    const k = Math.round((h * pitchHz) / binHz)
    let p = 0
    for (let j = Math.max(1, k - 2); j <= Math.min(power.length - 1, k + 2); j++) p = Math.max(p, power[j]!)
    levels.push(10 * Math.log10(p + 1e-15))
  }
  let peaks = 0
  for (let i = 1; i < levels.length - 1; i++) {
    const v = levels[i]!
    if (!(v > levels[i - 1]! && v > levels[i + 1]!)) continue
    // Prominence: the deepest dip on each side before a higher harmonic.
    let left = v
    for (let j = i - 1; j >= 0 && levels[j]! <= v; j--) left = Math.min(left, levels[j]!)
    let right = v
    for (let j = i + 1; j < levels.length && levels[j]! <= v; j++) right = Math.min(right, levels[j]!)
    if (v - left >= 3 && v - right >= 3) peaks++
  }
  return peaks
}

function unsteadiness(x: Float32Array, sampleRate: number): number {
  const w = Math.round(0.1 * sampleRate)
  const db: number[] = []
  for (let start = 0; start + w <= x.length; start += w) {
    let s = 0
    for (let i = start; i < start + w; i++) s += x[i]! * x[i]!
    db.push(10 * Math.log10(s / w + 1e-12))
  }
  if (db.length < 3) return 0
  // The first and last windows hold the fades; steadiness is judged between them.
  const inner = db.slice(1, -1)
  const mean = inner.reduce((a, b) => a + b, 0) / inner.length
  return Math.sqrt(inner.reduce((a, b) => a + (b - mean) ** 2, 0) / inner.length)
}

/** `bed`: the mean power spectrum of what runs under the sound, taken out of its spectrum. */
export function measureSound(
  x: Float32Array,
  sampleRate: number,
  bed: Float64Array | null = null,
): SoundFeatures {
  const levels = frameLevelsDb(x, sampleRate)
  const power = powerSpectrum(x)
  // A sound shorter than the FFT window holds proportionally less of the bed's power.
  const bedShare = Math.min(1, x.length / (FFT_SIZE * HANN_POWER))
  if (bed) for (let k = 0; k < power.length; k++) power[k] = Math.max(0, power[k]! - bed[k]! * bedShare)
  const { voicing, pitchHz } = voicingAndPitch(x, sampleRate)
  const whole = centroidAndBandwidth(power, sampleRate)
  const onset = centroidAndBandwidth(powerSpectrum(x.subarray(0, Math.round(0.015 * sampleRate))), sampleRate)
  return {
    onsetBrightness: whole.centroidHz > 0 ? onset.centroidHz / whole.centroidHz : 0,
    durationMs: (x.length / sampleRate) * 1000,
    ...attackDecay(levels),
    ...centroidAndBandwidth(power, sampleRate),
    voicing,
    pitchHz,
    formants: formantPeaks(power, sampleRate, pitchHz),
    unsteadinessDb: unsteadiness(x, sampleRate),
  }
}

const RANGED: ReadonlyArray<keyof Signature & keyof SoundFeatures> = [
  'durationMs',
  'centroidHz',
  'voicing',
  'pitchHz',
  'bandwidthOctaves',
  'attackMs',
  'decayMs',
  'unsteadinessDb',
  'onsetBrightness',
]

/**
 * How far inside its ranges a sound sits: for each range, the distance from its middle as a
 * share of its width (0 in the middle, 0.5 at an edge), averaged. Lower is a closer fit.
 */
export function signatureDistance(features: SoundFeatures, signature: Signature): number {
  let sum = 0
  let count = 0
  for (const name of RANGED) {
    const r = signature[name] as [number, number] | undefined
    if (!r) continue
    // Frequencies and times spread by ratios, so their ranges are judged on a log scale.
    const log = r[0] > 0 && name !== 'voicing' && name !== 'unsteadinessDb' && name !== 'bandwidthOctaves'
    const f = (v: number) => (log ? Math.log(Math.max(v, 1e-6)) : v)
    const width = f(r[1]) - f(r[0]) || 1
    sum += Math.abs((f(features[name]) - (f(r[0]) + f(r[1])) / 2) / width)
    count++
  }
  return count > 0 ? sum / count : 0
}

/** The features outside the signature's ranges, by name (empty when it matches). */
export function signatureMisses(features: SoundFeatures, signature: Signature): string[] {
  const misses: string[] = []
  const range = (name: keyof SoundFeatures, r: [number, number] | undefined) => {
    if (r && !(features[name] >= r[0] && features[name] <= r[1]))
      misses.push(`${name} ${features[name].toFixed(2)} not in ${r[0]}..${r[1]}`)
  }
  range('durationMs', signature.durationMs)
  range('centroidHz', signature.centroidHz)
  range('voicing', signature.voicing)
  range('pitchHz', signature.pitchHz)
  range('bandwidthOctaves', signature.bandwidthOctaves)
  range('attackMs', signature.attackMs)
  range('decayMs', signature.decayMs)
  range('unsteadinessDb', signature.unsteadinessDb)
  range('onsetBrightness', signature.onsetBrightness)
  if (signature.formantsAtLeast !== undefined && features.formants < signature.formantsAtLeast)
    misses.push(`formants ${features.formants} < ${signature.formantsAtLeast}`)
  return misses
}
