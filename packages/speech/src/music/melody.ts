import { chordDegrees } from './harmony.js'
import type { Random } from './random.js'

/** A note of a motif: sixteenth-note step from the motif's start, length in steps, scale degree. */
export interface MotifNote {
  step: number
  length: number
  degree: number
}

const CALM_CELLS = [[4], [4], [2, 2], [3, 1], [8]]
const BUSY_CELLS = [[2, 2], [1, 1, 2], [2, 1, 1], [3, 1], [1, 1, 1, 1], [4]]
const LEAPS = [-2, -1, -1, 1, 1, 2, 0, 3, -3, -4, 4]

/**
 * A two-bar motif: a rhythm of cells per beat and a walk over the scale that starts and ends
 * on chord tones of the tonic. The same random state gives the same motif, so a section that
 * returns brings its tune back.
 */
export function makeMotif(random: Random, beatsPerBar: number, density: number): MotifNote[] {
  const notes: MotifNote[] = []
  const steps = beatsPerBar * 4 * 2
  let degree = random.pick([0, 2, 4, 7])
  let step = 0
  while (step < steps) {
    if (step > 0 && random.chance(0.28 - 0.18 * density)) {
      step += 4
      continue
    }
    const cell = random.pick(random.chance(density) ? BUSY_CELLS : CALM_CELLS)
    for (const length of cell) {
      if (step >= steps) break
      notes.push({ step, length: Math.min(length, steps - step), degree })
      degree = Math.max(-3, Math.min(10, degree + random.pick(LEAPS)))
      step += length
    }
  }
  // The motif closes on a long chord tone.
  const last = notes[notes.length - 1]
  if (last) {
    last.length = steps - last.step
    last.degree = random.pick([0, 2, 4])
  }
  return notes
}

/** A variation for the answering half of a phrase: the same rhythm, the tail moved. */
export function varyMotif(motif: readonly MotifNote[], random: Random): MotifNote[] {
  const shift = random.pick([-2, -1, 1, 2])
  const half = motif.length / 2
  return motif.map((note, i) =>
    i >= half && i < motif.length - 1 ? { ...note, degree: note.degree + shift } : note,
  )
}

/** Moves a degree on a strong beat to the nearest tone of the sounding chord. */
export function snapToChord(degree: number, chord: number, sevenths: boolean): number {
  const tones = chordDegrees(chord, sevenths).map((d) => ((d % 7) + 7) % 7)
  const pc = ((degree % 7) + 7) % 7
  let best = degree
  let distance = 8
  for (const tone of tones) {
    for (const delta of [tone - pc, tone - pc + 7, tone - pc - 7]) {
      if (Math.abs(delta) < distance) {
        distance = Math.abs(delta)
        best = degree + delta
      }
    }
  }
  return best
}
