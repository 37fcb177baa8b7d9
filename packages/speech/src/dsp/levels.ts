// Level handling: gain, loudness normalisation over voiced frames, peak limiting,
// silence trimming and edge fades (the fades are what keeps chunk joins click-free).

export function dbToGain(db: number): number {
  return 10 ** (db / 20)
}

export function applyGain(samples: Float32Array, gain: number): void {
  if (gain === 1) return
  for (let i = 0; i < samples.length; i++) samples[i] = samples[i]! * gain
}

/** RMS over 20 ms frames louder than -45 dBFS (so pauses do not pull the level down). */
export function voicedRms(samples: Float32Array, sampleRate: number): number {
  const frame = Math.max(1, Math.round(sampleRate * 0.02))
  const gate = dbToGain(-45) ** 2
  let sum = 0
  let count = 0
  for (let start = 0; start + frame <= samples.length; start += frame) {
    let energy = 0
    for (let i = start; i < start + frame; i++) energy += samples[i]! * samples[i]!
    energy /= frame
    if (energy > gate) {
      sum += energy * frame
      count += frame
    }
  }
  return count === 0 ? 0 : Math.sqrt(sum / count)
}

/** Scales voiced RMS to `targetDb` dBFS, with the gain kept within ±`maxDb`. */
export function normalizeLoudness(
  samples: Float32Array,
  sampleRate: number,
  targetDb: number,
  maxDb = 18,
): void {
  const rms = voicedRms(samples, sampleRate)
  if (rms <= 0) return
  const gainDb = Math.max(-maxDb, Math.min(maxDb, targetDb - 20 * Math.log10(rms)))
  applyGain(samples, dbToGain(gainDb))
}

/** Soft limiter: linear below `threshold`, smoothly saturating to 0.99 above it. */
export function limitPeaks(samples: Float32Array, threshold = 0.85): void {
  const headroom = 0.99 - threshold
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i]!
    const a = Math.abs(s)
    if (a > threshold)
      samples[i] = Math.sign(s) * (threshold + headroom * Math.tanh((a - threshold) / headroom))
  }
}

/** First and last sample index (end exclusive) above `thresholdDb`, widened by `marginSeconds`. */
export function speechBounds(
  samples: Float32Array,
  sampleRate: number,
  thresholdDb = -50,
  marginSeconds = 0.03,
): { start: number; end: number } {
  const threshold = dbToGain(thresholdDb)
  let first = -1
  let last = -1
  for (let i = 0; i < samples.length; i++) {
    if (Math.abs(samples[i]!) > threshold) {
      if (first < 0) first = i
      last = i
    }
  }
  if (first < 0) return { start: 0, end: 0 }
  const margin = Math.round(marginSeconds * sampleRate)
  return { start: Math.max(0, first - margin), end: Math.min(samples.length, last + 1 + margin) }
}

/** Raised-cosine fade-in and fade-out of `seconds` at both ends, in place. */
export function fadeEdges(samples: Float32Array, sampleRate: number, seconds = 0.005): void {
  const n = Math.min(Math.floor(samples.length / 2), Math.round(seconds * sampleRate))
  for (let i = 0; i < n; i++) {
    const g = 0.5 - 0.5 * Math.cos((Math.PI * i) / n)
    samples[i] = samples[i]! * g
    samples[samples.length - 1 - i] = samples[samples.length - 1 - i]! * g
  }
}
