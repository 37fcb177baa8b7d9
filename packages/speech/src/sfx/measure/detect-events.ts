// Finds the separate sounds in a rendered effect from its loudness alone: 10 ms frame levels,
// a threshold above the floor (the bed or silence) and below the loudest frame, frames above it
// joined into segments, and short dips inside one sound bridged.
import { frameLevelsDb, measureSound, type SoundFeatures } from './features.js'
import { powerSpectrum } from './spectrum.js'

export interface DetectedEvent {
  startSeconds: number
  endSeconds: number
  features: SoundFeatures
}

/** Dips shorter than this inside a sound do not split it. */
const BRIDGE_SECONDS = 0.08
/** A sound must rise this far over the floor to count. */
const OVER_FLOOR_DB = 9
/** ... and come within this of the loudest frame. */
const UNDER_TOP_DB = 32
const CONTINUOUS_DB = 20
const HYSTERESIS_DB = 4
/** A sound must also rise this far over the bed's own loudest moments (a crowd's syllables). */
const OVER_BED_PEAK_DB = 4

/** The 95th percentile of the frames that are neither silent nor near the loudest: the bed's peaks. */
function bedPeak(levels: Float64Array, top: number): number {
  const bed = [...levels].filter((l) => l > -90 && l < top - 20).sort((a, b) => a - b)
  return bed.length >= 20 ? bed[Math.floor(bed.length * 0.95)]! : -Infinity
}

/**
 * Mean power spectrum of the frames under the threshold that are not silent: the bed, whose
 * share is taken out of each sound's spectrum before its features are measured.
 */
function bedSpectrum(
  x: Float32Array,
  levels: Float64Array,
  threshold: number,
  hop: number,
): Float64Array | null {
  const quiet: number[] = []
  for (let f = 0; f < levels.length; f++) if (levels[f]! < threshold && levels[f]! > -90) quiet.push(f)
  if (quiet.length < 20) return null
  const joined = new Float32Array(quiet.length * hop)
  quiet.forEach((f, k) => {
    joined.set(x.subarray(f * hop, f * hop + hop), k * hop)
  })
  return powerSpectrum(joined)
}

export function detectEvents(x: Float32Array, sampleRate: number): DetectedEvent[] {
  const levels = frameLevelsDb(x, sampleRate)
  const sorted = [...levels].sort((a, b) => a - b)
  const floor = Math.max(-100, sorted[Math.floor(sorted.length * 0.05)]!)
  const top = sorted[sorted.length - 1]!
  const hop = Math.round(0.01 * sampleRate)
  if (top < -80) return []
  // When nine frames in ten are within 20 dB of the loudest, there is no bed under the sounds
  // (a bed sits further down): only silence separates them. Otherwise they must rise over the bed.
  const continuous = sorted[Math.floor(sorted.length * 0.1)]! > top - CONTINUOUS_DB
  const threshold = continuous
    ? top - UNDER_TOP_DB
    : Math.max(floor + OVER_FLOOR_DB, top - UNDER_TOP_DB, bedPeak(levels, top) + OVER_BED_PEAK_DB)
  const spans: Array<[number, number]> = []
  // A sound starts when a frame reaches the threshold and lasts while frames stay within
  // HYSTERESIS_DB under it, so a tail wavering about the threshold does not flicker.
  let open = false
  for (let f = 0; f < levels.length; f++) {
    const level = levels[f]!
    open = open ? level >= threshold - HYSTERESIS_DB : level >= threshold
    if (!open) continue
    const last = spans[spans.length - 1]
    if (last && f - last[1] <= BRIDGE_SECONDS / 0.01) last[1] = f
    else spans.push([f, f])
  }
  const bed = bedSpectrum(x, levels, threshold, hop)
  return spans.map(([a, b]) => {
    // A frame's window is two hops long: the sound runs from its first to the end of its last.
    // Edges to the sample: the first and last sample as loud as the threshold.
    const amplitude = 10 ** (threshold / 20)
    let start = a * hop
    let end = Math.min(x.length, (b + 2) * hop)
    while (start < end - 1 && Math.abs(x[start]!) < amplitude) start++
    while (end > start + 1 && Math.abs(x[end - 1]!) < amplitude) end--
    return {
      startSeconds: start / sampleRate,
      endSeconds: end / sampleRate,
      features: measureSound(x.subarray(start, end), sampleRate, bed),
    }
  })
}
