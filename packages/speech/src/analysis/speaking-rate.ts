// Speaking rate as articulation rate: syllable nuclei per second of phonation, measured the
// same way on an uploaded sample and on an engine's rendering, so the two can be compared.
//
// A nucleus is a vowel: a peak of the loudness in the vowel band (where the first two formants
// carry most of a vowel's energy, and fricatives and nasals little) that stands out from the
// dips on both sides and has a pitch (after de Jong and Wempe). Phonation time is the time
// between the first and last sound of each stretch of speech, with short gaps (stop closures,
// the breath between words) counted in and real pauses left out: a slow reader's long pauses
// must not make the voice itself speak faster or slower.

/** The rate the detector works at. */
export const RATE_ANALYSIS_HZ = 16_000
const FRAME = 400 // 25 ms
const HOP = 80 // 5 ms
/** The vowel band: first and second formants of most vowels. */
const BAND_LOW_HZ = 400
const BAND_HIGH_HZ = 1_800
/** Frames quieter than this below the loud end of the recording are silence. */
const SILENCE_BELOW_LOUD_DB = 30
/** A nucleus stands this far above the dip between it and its neighbour. */
const PROMINENCE_DB = 1
/** A nucleus is at most this far below the loud end of the recording. */
const NUCLEUS_BELOW_LOUD_DB = 25
/** Two nuclei are at least this far apart, seconds (no syllable is shorter). */
const MIN_NUCLEUS_GAP_S = 0.07
/** Silences shorter than this are part of speaking; longer ones are pauses. */
const PAUSE_MIN_S = 0.25

export interface SpeakingRate {
  /** Syllable nuclei found. */
  syllables: number
  /** Seconds of phonation: speech with pauses left out. */
  phonationSeconds: number
  /** Syllables per second of phonation; 0 when nothing was spoken. */
  syllablesPerSecond: number
}

const toDb = (value: number) => (value > 1e-12 ? 10 * Math.log10(value) : -120)

/** Second-order band-pass (RBJ constant 0 dB peak) over the vowel band, run forward once. */
function vowelBand(x: Float32Array): Float32Array {
  const centre = Math.sqrt(BAND_LOW_HZ * BAND_HIGH_HZ)
  const q = centre / (BAND_HIGH_HZ - BAND_LOW_HZ)
  const w0 = (2 * Math.PI * centre) / RATE_ANALYSIS_HZ
  const alpha = Math.sin(w0) / (2 * q)
  const a0 = 1 + alpha
  const b0 = alpha / a0
  const a1 = (-2 * Math.cos(w0)) / a0
  const a2 = (1 - alpha) / a0
  const out = new Float32Array(x.length)
  let x1 = 0
  let x2 = 0
  let y1 = 0
  let y2 = 0
  for (let i = 0; i < x.length; i++) {
    const y = b0 * x[i]! - b0 * x2 - a1 * y1 - a2 * y2
    x2 = x1
    x1 = x[i]!
    y2 = y1
    y1 = y
    out[i] = y
  }
  return out
}

/** Mean power of each frame, dB. */
function frameLevels(x: Float32Array): Float64Array {
  const frames = x.length >= FRAME ? Math.floor((x.length - FRAME) / HOP) + 1 : 0
  const levels = new Float64Array(frames)
  for (let f = 0; f < frames; f++) {
    let sum = 0
    for (let i = f * HOP; i < f * HOP + FRAME; i++) sum += x[i]! * x[i]!
    levels[f] = toDb(sum / FRAME)
  }
  return levels
}

function smooth(levels: Float64Array, radius: number): Float64Array {
  const out = new Float64Array(levels.length)
  for (let f = 0; f < levels.length; f++) {
    let sum = 0
    let n = 0
    for (let k = Math.max(0, f - radius); k <= Math.min(levels.length - 1, f + radius); k++) {
      sum += levels[k]!
      n++
    }
    out[f] = sum / n
  }
  return out
}

function loudEnd(levels: Float64Array): number {
  const sorted = Array.from(levels).sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) * 0.95)] ?? -120
}

/** Seconds of speech with pauses (silences of PAUSE_MIN_S or more) left out. */
function phonationSeconds(levels: Float64Array, floor: number): number {
  const pauseFrames = Math.round((PAUSE_MIN_S * RATE_ANALYSIS_HZ) / HOP)
  let frames = 0
  let lastSound = -1
  for (let f = 0; f < levels.length; f++) {
    if (levels[f]! < floor) continue
    if (lastSound >= 0 && f - lastSound <= pauseFrames) frames += f - lastSound
    else frames += 1
    lastSound = f
  }
  return (frames * HOP) / RATE_ANALYSIS_HZ
}

/**
 * Peaks of `level` that stand PROMINENCE_DB above the dip to the previous kept peak; of two
 * peaks without such a dip between them, the louder stays.
 */
function prominentPeaks(level: Float64Array, floor: number, isVoiced: (frame: number) => boolean): number[] {
  const minGap = Math.round((MIN_NUCLEUS_GAP_S * RATE_ANALYSIS_HZ) / HOP)
  const kept: number[] = []
  let dip = Number.POSITIVE_INFINITY
  for (let f = 1; f + 1 < level.length; f++) {
    dip = Math.min(dip, level[f]!)
    const isPeak = level[f]! >= level[f - 1]! && level[f]! > level[f + 1]!
    if (!isPeak || level[f]! < floor || !isVoiced(f)) continue
    const last = kept[kept.length - 1]
    const separated =
      last === undefined || (f - last >= minGap && Math.min(level[last]!, level[f]!) - dip >= PROMINENCE_DB)
    if (separated) {
      kept.push(f)
      dip = level[f]!
    } else if (level[f]! > level[last]!) {
      kept[kept.length - 1] = f
      dip = level[f]!
    }
  }
  return kept
}

/**
 * Articulation rate of mono samples at RATE_ANALYSIS_HZ. `voicedAt(seconds)` says whether
 * there is a pitch at a time: a nucleus is voiced.
 */
export function speakingRate(x: Float32Array, voicedAt: (seconds: number) => boolean): SpeakingRate {
  const all = frameLevels(x)
  const band = smooth(frameLevels(vowelBand(x)), 2)
  const loud = loudEnd(all)
  const phonation = phonationSeconds(all, loud - SILENCE_BELOW_LOUD_DB)
  const centre = FRAME / 2 / RATE_ANALYSIS_HZ
  const seconds = (f: number) => centre + (f * HOP) / RATE_ANALYSIS_HZ
  const nuclei = prominentPeaks(band, loudEnd(band) - NUCLEUS_BELOW_LOUD_DB, (f) => voicedAt(seconds(f)))
  return {
    syllables: nuclei.length,
    phonationSeconds: phonation,
    syllablesPerSecond: phonation > 0 ? nuclei.length / phonation : 0,
  }
}
