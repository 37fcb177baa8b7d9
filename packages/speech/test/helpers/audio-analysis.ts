// Measurements for listening checks: median pitch (autocorrelation over voiced frames),
// spectral centroid, RMS. Rough, but enough to tell voices apart and catch silence.

export function rms(samples: Float32Array): number {
  let sum = 0
  for (const s of samples) sum += s * s
  return Math.sqrt(sum / Math.max(1, samples.length))
}

/** Median f0 in Hz over frames louder than -35 dBFS, by normalised autocorrelation. */
export function medianPitch(samples: Float32Array, sampleRate: number): number {
  const frame = Math.round(sampleRate * 0.04)
  const minLag = Math.floor(sampleRate / 400)
  const maxLag = Math.floor(sampleRate / 60)
  const pitches: number[] = []
  for (let start = 0; start + frame + maxLag < samples.length; start += frame) {
    let energy = 0
    for (let i = start; i < start + frame; i++) energy += samples[i]! ** 2
    if (Math.sqrt(energy / frame) < 0.018) continue
    let bestLag = 0
    let best = 0
    for (let lag = minLag; lag <= maxLag; lag++) {
      let num = 0
      let e2 = 0
      for (let i = start; i < start + frame; i++) {
        num += samples[i]! * samples[i + lag]!
        e2 += samples[i + lag]! ** 2
      }
      const r = num / Math.sqrt(energy * e2 + 1e-12)
      if (r > best) {
        best = r
        bestLag = lag
      }
    }
    if (best > 0.5 && bestLag > 0) pitches.push(sampleRate / bestLag)
  }
  if (pitches.length === 0) return 0
  pitches.sort((a, b) => a - b)
  return pitches[Math.floor(pitches.length / 2)]!
}

/** Spectral centroid in Hz (average over 1024-sample frames with energy), by a plain DFT. */
export function spectralCentroid(samples: Float32Array, sampleRate: number): number {
  const n = 512
  let weighted = 0
  let total = 0
  for (let start = 0; start + n <= samples.length; start += n * 4) {
    for (let k = 1; k < n / 2; k += 2) {
      let re = 0
      let im = 0
      for (let i = 0; i < n; i++) {
        const w = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / n)
        const x = samples[start + i]! * w
        re += x * Math.cos((2 * Math.PI * k * i) / n)
        im -= x * Math.sin((2 * Math.PI * k * i) / n)
      }
      const mag = Math.hypot(re, im)
      weighted += mag * ((k * sampleRate) / n)
      total += mag
    }
  }
  return total === 0 ? 0 : weighted / total
}
