// A voice's colour as two numbers a clone can be compared on: its long-term average spectrum
// (LTAS: the power of the speech frames averaged over the recording, in third-octave bands,
// relative to its own mean so loudness does not count) and its brightness (the spectral
// centroid of the speech frames). Only voiced frames count: hiss and bursts depend on what is
// said (a text full of s sounds is brighter), the voice's resonances on who says it. Plain
// arithmetic on mono samples at 16 kHz.
import { fft } from '../dsp/fft.js'

const RATE = 16_000
const FFT_SIZE = 512
const HOP = 256
/** Third-octave band centres the envelope is measured at: the range speech colour lives in. */
export const ENVELOPE_CENTRES_HZ: readonly number[] = Array.from({ length: 18 }, (_, i) => 125 * 2 ** (i / 3))
/** Frames within this of the loud end are speech; quieter ones are pauses and breaths. */
const SPEECH_BELOW_LOUD_DB = 30
/** The band the brightness is measured over. */
const CENTROID_LOW_HZ = 100
const CENTROID_HIGH_HZ = 7_500

export interface SpectralEnvelope {
  /** LTAS level of each third-octave band at ENVELOPE_CENTRES_HZ, dB relative to their mean. */
  bandsDb: number[]
  /** Mean spectral centroid (of the magnitude spectrum) of the voiced frames, Hz. */
  centroidHz: number
}

const hann = Float64Array.from(
  { length: FFT_SIZE },
  (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / FFT_SIZE),
)

/**
 * Long-term average spectrum and brightness of speech at 16 kHz; null when there is none.
 * `voicedAt(seconds)` says whether the voice sounds at a time.
 */
export function spectralEnvelope(
  x: Float32Array,
  voicedAt: (seconds: number) => boolean,
): SpectralEnvelope | null {
  const energies: number[] = []
  for (let start = 0; start + FFT_SIZE <= x.length; start += HOP) {
    let e = 0
    for (let i = 0; i < FFT_SIZE; i++) e += x[start + i]! ** 2
    energies.push(e)
  }
  const sorted = [...energies].sort((a, b) => a - b)
  const gate = (sorted[Math.floor((sorted.length - 1) * 0.95)] ?? 0) / 10 ** (SPEECH_BELOW_LOUD_DB / 10)
  const power = new Float64Array(FFT_SIZE / 2)
  const re = new Float64Array(FFT_SIZE)
  const im = new Float64Array(FFT_SIZE)
  const lo = Math.ceil((CENTROID_LOW_HZ * FFT_SIZE) / RATE)
  const hi = Math.floor((CENTROID_HIGH_HZ * FFT_SIZE) / RATE)
  let centroids = 0
  let frames = 0
  for (let f = 0; f < energies.length; f++) {
    const start = f * HOP
    if (energies[f]! <= 0 || energies[f]! < gate || !voicedAt((start + FFT_SIZE / 2) / RATE)) continue
    for (let i = 0; i < FFT_SIZE; i++) {
      re[i] = x[start + i]! * hann[i]!
      im[i] = 0
    }
    fft(re, im)
    let weighted = 0
    let total = 0
    for (let k = 0; k < FFT_SIZE / 2; k++) {
      const p = re[k]! * re[k]! + im[k]! * im[k]!
      power[k] = power[k]! + p
      if (k >= lo && k <= hi) {
        // Magnitude, not power: the strong low harmonics must not drown the rest.
        const magnitude = Math.sqrt(p)
        weighted += magnitude * ((k * RATE) / FFT_SIZE)
        total += magnitude
      }
    }
    if (total > 0) {
      centroids += weighted / total
      frames++
    }
  }
  if (!frames) return null
  const bands = ENVELOPE_CENTRES_HZ.map((centre) => {
    const from = Math.max(1, Math.round((centre * 2 ** (-1 / 6) * FFT_SIZE) / RATE))
    const to = Math.max(from, Math.round((centre * 2 ** (1 / 6) * FFT_SIZE) / RATE))
    let sum = 0
    for (let k = from; k <= to; k++) sum += power[k]!
    return 10 * Math.log10(sum / (to - from + 1) + 1e-20)
  })
  return { bandsDb: relative(bands), centroidHz: centroids / frames }
}

/** Levels relative to their own mean. */
export function relative(levels: readonly number[]): number[] {
  const mean = levels.reduce((s, v) => s + v, 0) / (levels.length || 1)
  return levels.map((v) => v - mean)
}

/** RMS difference of two envelopes, dB, after each is taken relative to its mean. */
export function envelopeDistanceDb(a: readonly number[], b: readonly number[]): number {
  const difference = relative(a.map((v, i) => v - (b[i] ?? 0)))
  return Math.sqrt(difference.reduce((s, d) => s + d * d, 0) / (difference.length || 1))
}

/** Envelopes of several recordings of one speaker, averaged by weight (power, not dB). */
export function combineEnvelopes(
  list: { envelope: SpectralEnvelope; weight: number }[],
): SpectralEnvelope | null {
  const total = list.reduce((s, e) => s + e.weight, 0)
  if (!list.length || total <= 0) return null
  const bands = ENVELOPE_CENTRES_HZ.map(
    (_, band) =>
      10 *
      Math.log10(
        list.reduce((s, e) => s + (e.weight / total) * 10 ** ((e.envelope.bandsDb[band] ?? 0) / 10), 0),
      ),
  )
  return {
    bandsDb: relative(bands),
    centroidHz: list.reduce((s, e) => s + e.envelope.centroidHz * e.weight, 0) / total,
  }
}
