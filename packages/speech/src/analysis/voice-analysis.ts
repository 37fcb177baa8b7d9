// Voice features of a recording, for instant cloning and for scoring a clone against its
// samples: where the speech is (an energy gate relative to the loudest frames), the pitch
// (YIN on the voiced frames: median and the 10th-90th percentile range), the articulation rate
// (syllable nuclei per second of phonation, speaking-rate.ts) and the loudness of the speech.
// Plain arithmetic on mono float samples; no engine, no I/O.

import { RATE_ANALYSIS_HZ, speakingRate } from './speaking-rate.js'
import { combineEnvelopes, type SpectralEnvelope, spectralEnvelope } from './spectral-envelope.js'

/** The rate the analysis works at: enough for pitch, cheap enough for minutes of audio. */
const RATE = RATE_ANALYSIS_HZ
const FRAME = 640 // 40 ms: two periods of the lowest pitch searched
const HOP = 160 // 10 ms
const F0_MIN = 60
const F0_MAX = 450
/** YIN: a dip of the normalised difference below this is a period. */
const YIN_THRESHOLD = 0.15
/** Frames quieter than this are never speech, however quiet the whole file is. */
const ABSOLUTE_FLOOR_DB = -55
/** Speech frames are within this of the loud end of the file. */
const RELATIVE_FLOOR_DB = 35
/**
 * A frame this periodic (YIN's lowest normalised difference below it) counts as voiced for
 * finding syllable nuclei, even where no pitch is sure enough to report: some engine voices
 * (Flite's kal16) are periodic but too rough for the pitch threshold.
 */
const PERIODIC_THRESHOLD = 0.35

export interface VoiceFeatures {
  /** Seconds of audio analysed. */
  durationSeconds: number
  /** Seconds the energy gate took for speech. */
  speechSeconds: number
  /** Seconds with a measured pitch. */
  voicedSeconds: number
  /** Median F0 of the voiced frames, Hz; 0 when nothing was voiced. */
  f0MedianHz: number
  /** 10th and 90th percentile of F0, Hz. */
  f0LowHz: number
  f0HighHz: number
  /** Width of that range in semitones: how much the voice moves. */
  f0RangeSemitones: number
  /** Syllable nuclei per second of phonation (speaking-rate.ts): the articulation rate. */
  syllablesPerSecond: number
  /** Seconds of speech with pauses left out, over which the rate is counted. */
  phonationSeconds?: number
  /** RMS level of the speech frames, dBFS. */
  loudnessDb: number
  /** Peak sample level, dBFS. */
  peakDb: number
  /** Long-term spectrum and brightness of the speech (absent where nothing was spoken). */
  envelope?: SpectralEnvelope
}

const toDb = (value: number) => (value > 0 ? 20 * Math.log10(value) : -120)

/** A crude but sufficient decimation: averaging before picking every n-th sample. */
function toAnalysisRate(samples: Float32Array, sampleRate: number): Float32Array {
  if (sampleRate === RATE) return samples
  const step = sampleRate / RATE
  const out = new Float32Array(Math.floor(samples.length / step))
  const width = Math.max(1, Math.round(step))
  for (let i = 0; i < out.length; i++) {
    const start = Math.floor(i * step)
    let sum = 0
    let n = 0
    for (let j = start; j < start + width && j < samples.length; j++) {
      sum += samples[j]!
      n++
    }
    out[i] = n ? sum / n : 0
  }
  return out
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0
  const at = Math.min(sorted.length - 1, Math.max(0, (sorted.length - 1) * p))
  const lo = Math.floor(at)
  const hi = Math.ceil(at)
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo)
}

/** YIN's lowest normalised difference over the searched periods, after `yin` filled `diff`. */
function lowestDifference(diff: Float32Array): number {
  let lowest = 1
  for (let lag = Math.floor(RATE / F0_MAX); lag <= Math.floor(RATE / F0_MIN); lag++)
    lowest = Math.min(lowest, diff[lag]!)
  return lowest
}

/** YIN period estimate of one frame, in Hz, or 0 when the frame is not periodic. */
function yin(x: Float32Array, start: number, diff: Float32Array): number {
  const maxLag = Math.floor(RATE / F0_MIN)
  const minLag = Math.floor(RATE / F0_MAX)
  const window = FRAME - maxLag
  if (window <= 0) return 0
  diff[0] = 1
  let running = 0
  for (let lag = 1; lag <= maxLag; lag++) {
    let d = 0
    for (let i = 0; i < window; i++) {
      const delta = x[start + i]! - x[start + i + lag]!
      d += delta * delta
    }
    running += d
    diff[lag] = running > 0 ? (d * lag) / running : 1
  }
  let best = -1
  for (let lag = minLag; lag <= maxLag; lag++) {
    if (diff[lag]! < YIN_THRESHOLD) {
      while (lag + 1 <= maxLag && diff[lag + 1]! < diff[lag]!) lag++
      best = lag
      break
    }
  }
  if (best < 0) return 0
  // Parabolic interpolation around the dip for a sub-sample period.
  const a = diff[best - 1] ?? diff[best]!
  const b = diff[best]!
  const c = diff[best + 1] ?? diff[best]!
  const shift = a + c - 2 * b !== 0 ? (0.5 * (a - c)) / (a + c - 2 * b) : 0
  return RATE / (best + Math.max(-1, Math.min(1, shift)))
}

/** Seconds between the frames of a pitch track. */
export const PITCH_TRACK_HOP_SECONDS = HOP / RATE
/** Where the first frame of a pitch track is centred, in seconds. */
export const PITCH_TRACK_FRAME_CENTRE_SECONDS = FRAME / 2 / RATE

/**
 * The pitch of every 10 ms frame (Hz; 0 where the frame is quiet or not periodic), the frame
 * centred on its time: what voice conversion follows to map a contour.
 */
export function pitchTrack(samples: Float32Array, sampleRate: number): Float32Array {
  const x = toAnalysisRate(samples, sampleRate)
  const frames = x.length >= FRAME ? Math.floor((x.length - FRAME) / HOP) + 1 : 0
  const levels = new Float64Array(frames)
  for (let f = 0; f < frames; f++) {
    let sum = 0
    for (let i = f * HOP; i < f * HOP + FRAME; i++) sum += x[i]! * x[i]!
    levels[f] = toDb(Math.sqrt(sum / FRAME))
  }
  const loud = percentile(
    Array.from(levels).sort((a, b) => a - b),
    0.95,
  )
  const gate = Math.max(ABSOLUTE_FLOOR_DB, loud - RELATIVE_FLOOR_DB)
  const diff = new Float32Array(Math.floor(RATE / F0_MIN) + 2)
  const out = new Float32Array(frames)
  for (let f = 0; f < frames; f++) {
    if (levels[f]! < gate) continue
    const f0 = yin(x, f * HOP, diff)
    if (f0 >= F0_MIN && f0 <= F0_MAX) out[f] = f0
  }
  return out
}

export function analyseVoice(samples: Float32Array, sampleRate: number): VoiceFeatures {
  const x = toAnalysisRate(samples, sampleRate)
  let peak = 0
  for (let i = 0; i < samples.length; i++) peak = Math.max(peak, Math.abs(samples[i]!))
  const frames = x.length >= FRAME ? Math.floor((x.length - FRAME) / HOP) + 1 : 0
  const levels = new Float64Array(frames)
  for (let f = 0; f < frames; f++) {
    let sum = 0
    for (let i = f * HOP; i < f * HOP + FRAME; i++) sum += x[i]! * x[i]!
    levels[f] = toDb(Math.sqrt(sum / FRAME))
  }
  const loud = percentile(
    Array.from(levels).sort((a, b) => a - b),
    0.95,
  )
  const gate = Math.max(ABSOLUTE_FLOOR_DB, loud - RELATIVE_FLOOR_DB)
  const diff = new Float32Array(Math.floor(RATE / F0_MIN) + 2)
  const f0s: number[] = []
  const periodic = new Uint8Array(frames)
  let speechFrames = 0
  let speechEnergy = 0
  for (let f = 0; f < frames; f++) {
    if (levels[f]! < gate) continue
    speechFrames++
    speechEnergy += 10 ** (levels[f]! / 10)
    const f0 = yin(x, f * HOP, diff)
    if (f0 >= F0_MIN && f0 <= F0_MAX) f0s.push(f0)
    periodic[f] = f0 > 0 || lowestDifference(diff) < PERIODIC_THRESHOLD ? 1 : 0
  }
  const periodicAt = (seconds: number) => {
    const f = Math.round((seconds * RATE - FRAME / 2) / HOP)
    return periodic[f - 1] === 1 || periodic[f] === 1 || periodic[f + 1] === 1
  }
  const rate = speakingRate(x, periodicAt)
  const sorted = f0s.sort((a, b) => a - b)
  const envelope = speechFrames
    ? spectralEnvelope(x, (seconds) => periodic[Math.round((seconds * RATE - FRAME / 2) / HOP)] === 1)
    : null
  const low = percentile(sorted, 0.1)
  const high = percentile(sorted, 0.9)
  const speechSeconds = (speechFrames * HOP) / RATE
  return {
    durationSeconds: samples.length / sampleRate,
    speechSeconds,
    voicedSeconds: (sorted.length * HOP) / RATE,
    f0MedianHz: percentile(sorted, 0.5),
    f0LowHz: low,
    f0HighHz: high,
    f0RangeSemitones: low > 0 ? 12 * Math.log2(high / low) : 0,
    syllablesPerSecond: rate.syllablesPerSecond,
    phonationSeconds: rate.phonationSeconds,
    loudnessDb: speechFrames ? toDb(Math.sqrt(speechEnergy / speechFrames)) : -120,
    peakDb: toDb(peak),
    ...(envelope ? { envelope } : {}),
  }
}

/** Features of several recordings of one speaker together, weighted by voiced time. */
export function combineFeatures(list: VoiceFeatures[]): VoiceFeatures {
  const total = list.reduce((s, f) => s + f.voicedSeconds, 0) || 1
  const mean = (pick: (f: VoiceFeatures) => number) =>
    list.reduce((s, f) => s + pick(f) * f.voicedSeconds, 0) / total
  // Pitch is averaged on a log scale, as it is heard.
  const logMean = (pick: (f: VoiceFeatures) => number) => 2 ** mean((f) => Math.log2(Math.max(1, pick(f))))
  const envelope = combineEnvelopes(
    list.flatMap((f) => (f.envelope ? [{ envelope: f.envelope, weight: f.speechSeconds }] : [])),
  )
  const phonation = list.reduce((s, f) => s + (f.phonationSeconds ?? f.speechSeconds), 0)
  return {
    durationSeconds: list.reduce((s, f) => s + f.durationSeconds, 0),
    speechSeconds: list.reduce((s, f) => s + f.speechSeconds, 0),
    voicedSeconds: list.reduce((s, f) => s + f.voicedSeconds, 0),
    f0MedianHz: logMean((f) => f.f0MedianHz),
    f0LowHz: logMean((f) => f.f0LowHz),
    f0HighHz: logMean((f) => f.f0HighHz),
    f0RangeSemitones: mean((f) => f.f0RangeSemitones),
    syllablesPerSecond:
      list.reduce((s, f) => s + f.syllablesPerSecond * (f.phonationSeconds ?? f.speechSeconds), 0) /
      (phonation || 1),
    phonationSeconds: phonation,
    loudnessDb: mean((f) => f.loudnessDb),
    peakDb: Math.max(...list.map((f) => f.peakDb)),
    ...(envelope ? { envelope } : {}),
  }
}

/**
 * How far two voices are apart, in semitone-like units: the pitch difference counts fully,
 * the difference in pitch range by half, the speaking-rate ratio as if 20 % were a semitone.
 */
/**
 * Whether a measured rate is believable for speech. Some engine voices (Flite's kal16) have so
 * flat a loudness envelope that few nuclei are found; their rate is then left out.
 */
export function plausibleRate(f: VoiceFeatures): boolean {
  return f.syllablesPerSecond >= 1.5 && f.syllablesPerSecond <= 9
}

export function voiceDistance(a: VoiceFeatures, b: VoiceFeatures): number {
  const pitch = 12 * Math.log2(Math.max(1, a.f0MedianHz) / Math.max(1, b.f0MedianHz))
  const range = (a.f0RangeSemitones - b.f0RangeSemitones) / 2
  const rate =
    plausibleRate(a) && plausibleRate(b)
      ? Math.log(a.syllablesPerSecond / b.syllablesPerSecond) / Math.log(1.2)
      : 0
  return Math.sqrt(pitch * pitch + range * range + rate * rate)
}

/** A 0-1 similarity from a distance: 1 is identical, 0.5 at three units apart. */
export function similarityOf(distance: number): number {
  return Math.round(2 ** (-distance / 3) * 1000) / 1000
}
