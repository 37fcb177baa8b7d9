/**
 * The loudest absolute sample of each of `buckets` equal slices, scaled so the loudest slice is
 * 1: the bars of a waveform. Silence gives zeros; fewer samples than buckets gives fewer bars.
 */
export function computePeaks(samples: ArrayLike<number>, buckets: number): number[] {
  const count = Math.min(buckets, samples.length)
  if (count <= 0) return []
  const size = samples.length / count
  const peaks: number[] = []
  let loudest = 0
  for (let b = 0; b < count; b++) {
    const start = Math.floor(b * size)
    const end = Math.max(start + 1, Math.floor((b + 1) * size))
    let peak = 0
    for (let i = start; i < end; i++) {
      const v = Math.abs(samples[i] ?? 0)
      if (v > peak) peak = v
    }
    peaks.push(peak)
    if (peak > loudest) loudest = peak
  }
  return loudest > 0 ? peaks.map((p) => p / loudest) : peaks
}
