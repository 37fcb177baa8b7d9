import { expect } from 'vitest'
import type { CharAlignment } from '../../src/index.js'

/** Monotonic, every character present once and in order, times within [0, duration]. */
export function expectValidAlignment(alignment: CharAlignment, text: string, duration: number): void {
  expect(alignment.characters.join('')).toBe(text)
  const starts = alignment.character_start_times_seconds
  const ends = alignment.character_end_times_seconds
  expect(starts).toHaveLength(alignment.characters.length)
  expect(ends).toHaveLength(alignment.characters.length)
  for (let i = 0; i < starts.length; i++) {
    expect(starts[i]).toBeGreaterThanOrEqual(0)
    expect(ends[i]).toBeGreaterThanOrEqual(starts[i]!)
    expect(ends[i]).toBeLessThanOrEqual(duration + 1e-3)
    if (i > 0) expect(starts[i]).toBeGreaterThanOrEqual(starts[i - 1]!)
  }
}

export function mergeAlignments(parts: (CharAlignment | null)[]): CharAlignment {
  const out: CharAlignment = {
    characters: [],
    character_start_times_seconds: [],
    character_end_times_seconds: [],
  }
  for (const part of parts) {
    if (!part) continue
    out.characters.push(...part.characters)
    out.character_start_times_seconds.push(...part.character_start_times_seconds)
    out.character_end_times_seconds.push(...part.character_end_times_seconds)
  }
  return out
}
