import type { Random } from './random.js'
import type { Mode } from './style.js'

export const SCALES: Record<Mode, number[]> = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
}

// Progressions as scale degrees (0 = the tonic chord), one chord each.
const MAJOR_PROGRESSIONS = [
  [0, 4, 5, 3],
  [0, 5, 3, 4],
  [5, 3, 0, 4],
  [0, 3, 4, 3],
  [0, 3, 0, 4],
  [3, 4, 0, 5],
  [0, 2, 3, 4],
]
const MINOR_PROGRESSIONS = [
  [0, 5, 2, 6],
  [0, 3, 4, 0],
  [0, 6, 5, 6],
  [0, 5, 3, 4],
  [0, 3, 6, 2],
  [5, 6, 0, 0],
  [0, 2, 3, 5],
]
const JAZZ_PROGRESSIONS = [
  [1, 4, 0, 0],
  [0, 5, 1, 4],
  [2, 5, 1, 4],
]
const BLUES = [0, 0, 0, 0, 3, 3, 0, 0, 4, 3, 0, 4]

export function pickProgression(mode: Mode, genre: string, random: Random): number[] {
  if (genre === 'blues') return BLUES
  if (genre === 'jazz' || genre === 'soul' || genre === 'lofi') return random.pick(JAZZ_PROGRESSIONS)
  return random.pick(mode === 'major' ? MAJOR_PROGRESSIONS : MINOR_PROGRESSIONS)
}

/** The MIDI key of a scale degree (any integer, octaves wrap) above the tonic key `base`. */
export function degreeToNote(base: number, mode: Mode, degree: number): number {
  const scale = SCALES[mode]
  const octave = Math.floor(degree / 7)
  const step = ((degree % 7) + 7) % 7
  return base + octave * 12 + (scale[step] ?? 0)
}

/** The chord on a degree: its scale degrees (root, third, fifth, and the seventh if asked). */
export function chordDegrees(degree: number, sevenths: boolean): number[] {
  return sevenths ? [degree, degree + 2, degree + 4, degree + 6] : [degree, degree + 2, degree + 4]
}

/** Voices a chord near `center`: each tone moved into the octave around it. */
export function voiceChord(base: number, mode: Mode, degrees: readonly number[], center: number): number[] {
  return degrees
    .map((d) => {
      let note = degreeToNote(base, mode, d)
      while (note < center - 6) note += 12
      while (note > center + 6) note -= 12
      return note
    })
    .sort((a, b) => a - b)
}

/**
 * Minor keys borrow the raised seventh on the dominant chord (harmonic minor): the leading
 * tone that makes a minor key sound minor rather than its relative major.
 */
export function raiseLeadingTone(notes: number[], mode: Mode, tonic: number, chord: number): number[] {
  if (mode !== 'minor' || ((chord % 7) + 7) % 7 !== 4) return notes
  const seventh = (tonic + 10) % 12
  return notes.map((n) => (((n % 12) + 12) % 12 === seventh ? n + 1 : n))
}
