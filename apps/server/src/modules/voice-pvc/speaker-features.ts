import { PITCH_TRACK_HOP_SECONDS, pitchTrack } from '@timbre/speech'

// Features that tell speakers apart, measured on stretches of speech: the pitch (median F0 of
// the voiced 10 ms frames, in semitones), the zero-crossing rate and the spectral tilt (energy
// of the first difference against the signal's own, in dB: brighter voices score higher).
// Pitch separates most voices; the two spectral measures separate voices of similar pitch.
// Plain arithmetic at 16 kHz; no engine, no I/O.

export const FEATURE_RATE = 16_000
/** 10 ms frames, the same hop as the pitch track. */
export const FRAME_SECONDS = PITCH_TRACK_HOP_SECONDS
const FRAME = Math.round(FEATURE_RATE * FRAME_SECONDS)
/** Level windows of 40 ms, as the pitch track's, so frame f is the same stretch in both. */
const LEVEL_WINDOW = 640
const ABSOLUTE_FLOOR_DB = -55
const RELATIVE_FLOOR_DB = 35

export interface SpeakerVector {
  /** Median F0 in semitones above 100 Hz; null when too little was voiced. */
  pitch: number | null
  /** Zero crossings per second. */
  zcr: number
  /** dB of first-difference energy over signal energy. */
  tilt: number
  /** Seconds of speech measured. */
  seconds: number
}

/** Averaging decimation to 16 kHz (enough for pitch and the spectral measures). */
export function toFeatureRate(samples: Float32Array, sampleRate: number): Float32Array {
  if (sampleRate === FEATURE_RATE) return samples
  const step = sampleRate / FEATURE_RATE
  const out = new Float32Array(Math.floor(samples.length / step))
  const width = Math.max(1, Math.round(step))
  for (let i = 0; i < out.length; i++) {
    const start = Math.floor(i * step)
    let sum = 0
    for (let j = start; j < start + width && j < samples.length; j++) sum += samples[j]!
    out[i] = sum / width
  }
  return out
}

const toDb = (v: number) => (v > 0 ? 20 * Math.log10(v) : -120)

/** The speech mask of a recording: one flag per 10 ms frame, by an energy gate under its loud end. */
export function speechMask(x: Float32Array): Uint8Array {
  const frames = Math.max(0, Math.floor((x.length - LEVEL_WINDOW) / FRAME) + 1)
  const levels = new Float64Array(frames)
  for (let f = 0; f < frames; f++) {
    let sum = 0
    for (let i = f * FRAME; i < f * FRAME + LEVEL_WINDOW; i++) sum += x[i]! * x[i]!
    levels[f] = toDb(Math.sqrt(sum / LEVEL_WINDOW))
  }
  const sorted = Array.from(levels).sort((a, b) => a - b)
  const loud = sorted.length ? sorted[Math.floor((sorted.length - 1) * 0.95)]! : -120
  const gate = Math.max(ABSOLUTE_FLOOR_DB, loud - RELATIVE_FLOOR_DB)
  const mask = new Uint8Array(frames)
  for (let f = 0; f < frames; f++) mask[f] = levels[f]! >= gate ? 1 : 0
  return mask
}

export interface FeatureTrack {
  x: Float32Array
  mask: Uint8Array
  f0: Float32Array
}

/** Everything the per-stretch measures need, computed once per recording. */
export function featureTrack(samples: Float32Array, sampleRate: number): FeatureTrack {
  const x = toFeatureRate(samples, sampleRate)
  return { x, mask: speechMask(x), f0: pitchTrack(x, FEATURE_RATE) }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

/** The speaker vector of the speech frames in [from, to) (frame indices). */
export function vectorOf(track: FeatureTrack, from: number, to: number): SpeakerVector {
  const pitches: number[] = []
  let crossings = 0
  let energy = 0
  let diffEnergy = 0
  let speechFrames = 0
  for (let f = from; f < to && f < track.mask.length; f++) {
    if (!track.mask[f]) continue
    speechFrames++
    const start = f * FRAME
    for (let i = start + 1; i < start + FRAME && i < track.x.length; i++) {
      const a = track.x[i - 1]!
      const b = track.x[i]!
      if (a >= 0 !== b >= 0) crossings++
      energy += b * b
      diffEnergy += (b - a) * (b - a)
    }
    // The pitch track uses the same 40 ms windows on the same 10 ms hop as the mask.
    const hz = track.f0[f] ?? 0
    if (hz > 0) pitches.push(12 * Math.log2(hz / 100))
  }
  const seconds = speechFrames * FRAME_SECONDS
  return {
    pitch: pitches.length >= 5 ? median(pitches) : null,
    zcr: seconds > 0 ? crossings / seconds : 0,
    tilt: energy > 0 ? 10 * Math.log10(Math.max(1e-12, diffEnergy) / energy) : -60,
    seconds,
  }
}

/** The vector of all the speech in a recording. */
export function voiceprint(samples: Float32Array, sampleRate: number): SpeakerVector {
  const track = featureTrack(samples, sampleRate)
  return vectorOf(track, 0, track.mask.length)
}

/** Voices of several recordings together, weighted by seconds of speech. */
export function combineVectors(list: SpeakerVector[]): SpeakerVector {
  const seconds = list.reduce((s, v) => s + v.seconds, 0) || 1
  const pitched = list.filter((v) => v.pitch !== null)
  const pitchedSeconds = pitched.reduce((s, v) => s + v.seconds, 0)
  return {
    pitch: pitchedSeconds > 0 ? pitched.reduce((s, v) => s + v.pitch! * v.seconds, 0) / pitchedSeconds : null,
    zcr: list.reduce((s, v) => s + v.zcr * v.seconds, 0) / seconds,
    tilt: list.reduce((s, v) => s + v.tilt * v.seconds, 0) / seconds,
    seconds: list.reduce((s, v) => s + v.seconds, 0),
  }
}

/**
 * How far apart two voices are, in semitone-like units: a semitone of pitch is one unit, an
 * octave of zero-crossing rate is one, and 8 dB of tilt is one. The spectral measures weigh
 * little because they swing with the sounds spoken (a second full of fricatives doubles the
 * crossing rate); they still tell apart voices of the same pitch over longer stretches.
 * Without pitch on either side only the spectral measures count.
 */
export function speakerDistance(a: SpeakerVector, b: SpeakerVector): number {
  const pitch = a.pitch !== null && b.pitch !== null ? a.pitch - b.pitch : 0
  const zcr = a.zcr > 0 && b.zcr > 0 ? Math.log2(a.zcr / b.zcr) : 0
  const tilt = (a.tilt - b.tilt) / 8
  return Math.sqrt(pitch * pitch + zcr * zcr + tilt * tilt)
}
