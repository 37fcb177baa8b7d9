import { RATE } from './media.js'

// The dub's sound: every clip added into the background bed at its segment's start, with the
// speech brought to the loudness the original speech had, so the dub sits in the mix as the
// original voices did. The mix is exactly as long as the source.

/** RMS of the non-silent stretches (a clip's silence must not pull its loudness down). */
function speechRms(parts: Float32Array[]): number {
  let sum = 0
  let count = 0
  for (const part of parts) {
    for (let i = 0; i < part.length; i++) {
      const v = part[i]!
      if (Math.abs(v) > 0.005) {
        sum += v * v
        count++
      }
    }
  }
  return count ? Math.sqrt(sum / count) : 0
}

export interface PlacedClip {
  start: number
  samples: Float32Array
}

/** The gain that brings the clips to the original speech's RMS level (within 0.25x to 4x). */
export function loudnessGain(targetRms: number, clips: Float32Array[]): number {
  const target = targetRms
  const current = speechRms(clips)
  if (!target || !current) return 1
  return Math.min(4, Math.max(0.25, target / current))
}

export function mixOver(background: Float32Array, clips: PlacedClip[], gain: number): Float32Array {
  const mix = Float32Array.from(background)
  for (const clip of clips) {
    const at = Math.round(clip.start * RATE)
    const end = Math.min(mix.length, at + clip.samples.length)
    for (let i = Math.max(0, at); i < end; i++) mix[i] = (mix[i] ?? 0) + clip.samples[i - at]! * gain
  }
  // A soft limit instead of clipping where speech and a loud bed meet.
  for (let i = 0; i < mix.length; i++) {
    const v = mix[i]!
    if (Math.abs(v) > 0.95) mix[i] = Math.sign(v) * (0.95 + 0.05 * Math.tanh((Math.abs(v) - 0.95) / 0.05))
  }
  return mix
}
