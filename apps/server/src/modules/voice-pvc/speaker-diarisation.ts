import { PVC_LIMITS } from './pvc-limits.js'
import {
  combineVectors,
  type FeatureTrack,
  FRAME_SECONDS,
  featureTrack,
  type SpeakerVector,
  speakerDistance,
  vectorOf,
} from './speaker-features.js'

// Who speaks when: the speech found by the energy gate is cut into stretches (pauses split
// them, long ones are cut into windows of about a second), every stretch gets a speaker
// vector, and stretches are joined bottom-up (average linkage) while the two nearest groups
// are closer than a threshold. Tiny groups are folded into their nearest neighbour; the
// stretches of each group, joined over short gaps, are its utterances.

/** Pauses shorter than this stay inside a stretch. */
const GAP_BRIDGE_SECONDS = 0.25
/** Stretches shorter than this are noise, not speech. */
const MIN_STRETCH_SECONDS = 0.15
/** Long stretches are cut into windows of this length. */
const WINDOW_SECONDS = 1
/** Groups closer than this (speakerDistance units) are one speaker. */
export const SAME_SPEAKER_DISTANCE = 4
/** A speaker with less speech than this is folded into the nearest one. */
const MIN_SPEAKER_SECONDS = 1.5
/** Utterances of one speaker closer than this are one utterance. */
const UTTERANCE_GAP_SECONDS = 0.6

export interface Utterance {
  start: number
  end: number
}

export interface DiarisedSpeaker {
  speaker_id: string
  duration_secs: number
  utterances: Utterance[]
  vector: SpeakerVector
}

interface Stretch {
  from: number
  to: number
  vector: SpeakerVector
}

function stretchesOf(track: FeatureTrack): Stretch[] {
  const bridge = Math.round(GAP_BRIDGE_SECONDS / FRAME_SECONDS)
  const minimum = Math.round(MIN_STRETCH_SECONDS / FRAME_SECONDS)
  const window = Math.round(WINDOW_SECONDS / FRAME_SECONDS)
  const regions: Array<[number, number]> = []
  let start = -1
  let lastSpeech = -1
  for (let f = 0; f < track.mask.length; f++) {
    if (!track.mask[f]) continue
    if (start < 0) start = f
    else if (f - lastSpeech > bridge) {
      regions.push([start, lastSpeech + 1])
      start = f
    }
    lastSpeech = f
  }
  if (start >= 0) regions.push([start, lastSpeech + 1])
  const stretches: Stretch[] = []
  for (const [from, to] of regions) {
    if (to - from < minimum) continue
    const pieces = Math.max(1, Math.round((to - from) / window))
    for (let p = 0; p < pieces; p++) {
      const a = from + Math.round(((to - from) * p) / pieces)
      const b = from + Math.round(((to - from) * (p + 1)) / pieces)
      stretches.push({ from: a, to: b, vector: vectorOf(track, a, b) })
    }
  }
  return stretches
}

interface Group {
  members: number[]
  seconds: number
}

function groupDistance(a: Group, b: Group, distances: number[][]): number {
  let sum = 0
  let weight = 0
  for (const i of a.members) {
    for (const j of b.members) {
      sum += distances[i]![j]!
      weight++
    }
  }
  return sum / weight
}

/** Speakers of a recording with their utterances, in order of first appearance. */
export function diarise(samples: Float32Array, sampleRate: number): DiarisedSpeaker[] {
  const track = featureTrack(samples, sampleRate)
  const stretches = stretchesOf(track)
  if (!stretches.length) return []
  const distances = stretches.map((a) => stretches.map((b) => speakerDistance(a.vector, b.vector)))
  let groups: Group[] = stretches.map((s, i) => ({ members: [i], seconds: s.vector.seconds }))
  const merge = (i: number, j: number) => {
    groups[i] = {
      members: [...groups[i]!.members, ...groups[j]!.members],
      seconds: groups[i]!.seconds + groups[j]!.seconds,
    }
    groups = groups.filter((_, k) => k !== j)
  }
  const nearestPair = (): [number, number, number] => {
    let best: [number, number, number] = [0, 1, Number.POSITIVE_INFINITY]
    for (let i = 0; i < groups.length; i++) {
      for (let j = i + 1; j < groups.length; j++) {
        const d = groupDistance(groups[i]!, groups[j]!, distances)
        if (d < best[2]) best = [i, j, d]
      }
    }
    return best
  }
  while (groups.length > 1) {
    const [i, j, d] = nearestPair()
    if (d >= SAME_SPEAKER_DISTANCE && groups.length <= PVC_LIMITS.speakersMax) break
    merge(i, j)
  }
  // Fold groups too small to be a speaker into their nearest group.
  for (;;) {
    if (groups.length < 2) break
    const smallest = groups.reduce((m, g, k) => (g.seconds < groups[m]!.seconds ? k : m), 0)
    if (groups[smallest]!.seconds >= MIN_SPEAKER_SECONDS) break
    let nearest = -1
    let nearestDistance = Number.POSITIVE_INFINITY
    groups.forEach((g, k) => {
      if (k === smallest) return
      const d = groupDistance(groups[smallest]!, g, distances)
      if (d < nearestDistance) {
        nearest = k
        nearestDistance = d
      }
    })
    const [keep, drop] = nearest < smallest ? [nearest, smallest] : [smallest, nearest]
    merge(keep, drop)
  }
  const ordered = groups
    .map((g) => ({ ...g, members: [...g.members].sort((a, b) => a - b) }))
    .sort((a, b) => a.members[0]! - b.members[0]!)
  return ordered.map((group, index) => {
    const utterances: Utterance[] = []
    for (const m of group.members) {
      const start = stretches[m]!.from * FRAME_SECONDS
      const end = (stretches[m]!.to + 4) * FRAME_SECONDS
      const last = utterances[utterances.length - 1]
      if (last && start - last.end <= UTTERANCE_GAP_SECONDS) last.end = end
      else utterances.push({ start, end })
    }
    const round = (v: number) => Math.round(v * 100) / 100
    return {
      speaker_id: `speaker_${index}`,
      duration_secs: round(utterances.reduce((s, u) => s + u.end - u.start, 0)),
      utterances: utterances.map((u) => ({ start: round(u.start), end: round(u.end) })),
      vector: combineVectors(group.members.map((m) => stretches[m]!.vector)),
    }
  })
}
