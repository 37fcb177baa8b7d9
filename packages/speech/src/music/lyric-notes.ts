// Which syllable is sung on which note. A section's tune is shared among its lines in
// proportion to their syllables; within a line each syllable takes a note, spare notes
// become melismas (the line's last syllable first, then stressed ones, at most three notes a
// syllable) and what is still spare is left to the lead instrument; a line with more
// syllables than notes splits its longest notes, then sings two syllables on one note.

/** A note of the tune (MIDI key, times in ms from the song's start). */
export interface TuneNote {
  note: number
  startMs: number
  endMs: number
}

/** A syllable as the assignment sees it: how long it was spoken and whether it is stressed. */
export interface SyllableInfo {
  seconds: number
  stressed: boolean
}

/** Syllables `first..last` of line `line` (more than one when merged) sung on `notes`. */
export interface SungUnit {
  line: number
  first: number
  last: number
  notes: TuneNote[]
}

/** The shortest note worth splitting in two for a syllable (ms). */
const SPLITTABLE_MS = 260
const MAX_NOTES_PER_SYLLABLE = 3

/** Contiguous groups of notes, one per line, sized by the lines' syllables. */
function shareNotes(notes: readonly TuneNote[], counts: readonly number[]): TuneNote[][] {
  const total = counts.reduce((a, b) => a + b, 0)
  const groups: TuneNote[][] = []
  let taken = 0
  let cumulative = 0
  for (const count of counts) {
    cumulative += count
    const until = total > 0 ? Math.round((notes.length * cumulative) / total) : notes.length
    groups.push(notes.slice(taken, Math.max(taken, until)))
    taken = Math.max(taken, until)
  }
  return groups
}

/** Splits the longest notes in two until there are `wanted` notes or none is long enough. */
function splitNotes(notes: readonly TuneNote[], wanted: number): TuneNote[] {
  const out = [...notes]
  while (out.length < wanted) {
    let longest = -1
    for (let i = 0; i < out.length; i++) {
      const n = out[i] as TuneNote
      if (
        n.endMs - n.startMs >= SPLITTABLE_MS &&
        (longest < 0 || n.endMs - n.startMs > lengthOf(out[longest]))
      )
        longest = i
    }
    if (longest < 0) break
    const n = out[longest] as TuneNote
    const middle = (n.startMs + n.endMs) / 2
    out.splice(longest, 1, { ...n, endMs: middle - 10 }, { ...n, startMs: middle })
  }
  return out
}

function lengthOf(note: TuneNote | undefined): number {
  return note ? note.endMs - note.startMs : 0
}

/** Syllable ranges, merged pairwise (the shortest spoken pair first) down to `wanted`. */
function mergeSyllables(syllables: readonly SyllableInfo[], wanted: number): [number, number][] {
  const ranges: [number, number][] = syllables.map((_, i) => [i, i])
  const seconds = (r: [number, number]) => syllables.slice(r[0], r[1] + 1).reduce((s, x) => s + x.seconds, 0)
  while (ranges.length > Math.max(1, wanted)) {
    let best = 0
    for (let i = 1; i < ranges.length - 1; i++) {
      const a = seconds(ranges[i] as [number, number]) + seconds(ranges[i + 1] as [number, number])
      const b = seconds(ranges[best] as [number, number]) + seconds(ranges[best + 1] as [number, number])
      if (a < b) best = i
    }
    const merged: [number, number] = [
      (ranges[best] as [number, number])[0],
      (ranges[best + 1] as [number, number])[1],
    ]
    ranges.splice(best, 2, merged)
  }
  return ranges
}

/** How many notes each syllable gets when there are spare notes (melismas), at most three each. */
function melismas(syllables: readonly SyllableInfo[], notes: number): number[] {
  const counts = syllables.map(() => 1)
  let spare = notes - syllables.length
  const order = [
    syllables.length - 1,
    ...syllables.flatMap((s, i) => (s.stressed && i < syllables.length - 1 ? [i] : [])),
  ]
  for (let round = 1; round < MAX_NOTES_PER_SYLLABLE && spare > 0; round++) {
    for (const i of order) {
      if (spare === 0) break
      counts[i] = (counts[i] as number) + 1
      spare--
    }
  }
  return counts
}

/** The sung units of a section and the notes left to the instrument. */
export function assignSyllables(
  lines: readonly (readonly SyllableInfo[])[],
  notes: readonly TuneNote[],
): { units: SungUnit[]; unsung: TuneNote[] } {
  const units: SungUnit[] = []
  const unsung: TuneNote[] = []
  const groups = shareNotes(
    notes,
    lines.map((l) => l.length),
  )
  lines.forEach((syllables, line) => {
    const group = groups[line] ?? []
    if (syllables.length === 0 || group.length === 0) {
      unsung.push(...group)
      return
    }
    if (group.length < syllables.length) {
      const split = splitNotes(group, syllables.length)
      const ranges = mergeSyllables(syllables, split.length)
      ranges.forEach(([first, last], i) => {
        units.push({ line, first, last, notes: [split[i] as TuneNote] })
      })
      return
    }
    const counts = melismas(syllables, group.length)
    let next = 0
    counts.forEach((count, i) => {
      units.push({ line, first: i, last: i, notes: group.slice(next, next + count) })
      next += count
    })
    unsung.push(...group.slice(next))
  })
  return { units, unsung }
}
