// Simple diarisation: each spoken stretch is described by its voice's median pitch and pitch
// range (the voice analysis the clones use), and stretches are joined bottom-up, nearest
// first (average linkage), until `speakers` groups remain or the nearest two are further apart
// than the threshold. Good enough to tell voices of clearly different pitch apart; it cannot
// split a stretch in which two people speak without a pause.
import { analyseVoice } from '../analysis/voice-analysis.js'
import { RECOGNITION_SAMPLE_RATE } from './recogniser.js'
import type { SpeechSegment } from './voice-activity.js'

export interface DiariseOptions {
  /** The number of speakers, when known. */
  speakers?: number | null
  /** 0.1 to 0.4: lower starts new speakers more readily (the public API's diarization_threshold). */
  threshold?: number | null
}

/** Semitones of median pitch that one unit of the public threshold stands for. */
const SEMITONES_PER_THRESHOLD = 20

/** The speaker index of each segment, numbered in order of first appearance. */
export function diarise(
  samples: Float32Array,
  segments: readonly SpeechSegment[],
  options: DiariseOptions = {},
): number[] {
  if (segments.length === 0) return []
  const points = segments.map((s) => {
    const piece = samples.subarray(
      Math.floor(s.start * RECOGNITION_SAMPLE_RATE),
      Math.ceil(s.end * RECOGNITION_SAMPLE_RATE),
    )
    const f = analyseVoice(piece, RECOGNITION_SAMPLE_RATE)
    return f.f0MedianHz > 0 ? { pitch: 12 * Math.log2(f.f0MedianHz / 100), range: f.f0RangeSemitones } : null
  })
  const distance = (a: number, b: number) => {
    const p = points[a]
    const q = points[b]
    if (!p || !q) return 0
    return Math.hypot(p.pitch - q.pitch, (p.range - q.range) / 3)
  }
  let clusters = segments.map((_, i) => [i])
  const limit = (options.threshold ?? 0.22) * SEMITONES_PER_THRESHOLD
  const target = options.speakers ?? 1
  while (clusters.length > 1) {
    let best = Number.POSITIVE_INFINITY
    let pair: [number, number] = [0, 1]
    for (let a = 0; a < clusters.length; a++)
      for (let b = a + 1; b < clusters.length; b++) {
        let sum = 0
        for (const i of clusters[a]!) for (const j of clusters[b]!) sum += distance(i, j)
        const d = sum / (clusters[a]!.length * clusters[b]!.length)
        if (d < best) {
          best = d
          pair = [a, b]
        }
      }
    const enough = options.speakers ? clusters.length <= target : best > limit
    if (enough) break
    clusters[pair[0]] = [...clusters[pair[0]]!, ...clusters[pair[1]]!]
    clusters = clusters.filter((_, i) => i !== pair[1])
  }
  const owner = new Array<number>(segments.length)
  clusters.forEach((members, c) => {
    for (const i of members) owner[i] = c
  })
  // Speakers are numbered by when they first speak.
  const order = new Map<number, number>()
  return owner.map((c) => {
    if (!order.has(c)) order.set(c, order.size)
    return order.get(c)!
  })
}
