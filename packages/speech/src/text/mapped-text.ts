// A string whose every UTF-16 unit remembers the range of the original text it came from.
// Every step of planning (cleaning, tags, aliases, normalisation) maps text to text through
// this type, so `TextPlan.normToOrig` stays exact and monotonic at the end.

export interface MappedText {
  readonly text: string
  /** Original start of each unit (non-decreasing). */
  readonly starts: readonly number[]
  /** Original end (exclusive) of each unit (non-decreasing). */
  readonly ends: readonly number[]
}

/** One replacement of units [start, end) of a mapped text. */
export interface Edit {
  start: number
  end: number
  text: string
}

export class MappedBuilder {
  private readonly parts: string[] = []
  readonly starts: number[] = []
  readonly ends: number[] = []

  get length(): number {
    return this.starts.length
  }

  /** Appends text whose every unit maps to the original range [start, end). */
  push(text: string, start: number, end: number): void {
    this.parts.push(text)
    for (let i = 0; i < text.length; i++) {
      this.starts.push(start)
      this.ends.push(end)
    }
  }

  /** Copies units [from, to) of a mapped text with their own mapping. */
  copy(source: MappedText, from: number, to: number): void {
    if (to <= from) return
    this.parts.push(source.text.slice(from, to))
    for (let i = from; i < to; i++) {
      this.starts.push(source.starts[i] ?? 0)
      this.ends.push(source.ends[i] ?? 0)
    }
  }

  build(): MappedText {
    return { text: this.parts.join(''), starts: this.starts, ends: this.ends }
  }
}

/** The identity mapping of a string onto itself. */
export function identityMapped(text: string): MappedText {
  const starts: number[] = new Array(text.length)
  const ends: number[] = new Array(text.length)
  for (let i = 0; i < text.length; i++) {
    starts[i] = i
    ends[i] = i + 1
  }
  return { text, starts, ends }
}

/**
 * The original range covered by units [from, to). For an empty range, the point just
 * after the previous unit, so insertions stay monotonic.
 */
export function spanOf(source: MappedText, from: number, to: number): [number, number] {
  if (to > from) return [source.starts[from] ?? 0, source.ends[to - 1] ?? 0]
  const point = from > 0 ? (source.ends[from - 1] ?? 0) : (source.starts[0] ?? 0)
  return [point, point]
}

export function sliceMapped(source: MappedText, from: number, to: number): MappedText {
  return {
    text: source.text.slice(from, to),
    starts: source.starts.slice(from, to),
    ends: source.ends.slice(from, to),
  }
}

/**
 * Applies sorted, non-overlapping edits. A replacement maps, unit for unit, to the whole
 * original range of what it replaces (a number's words all point at the digits).
 */
export function applyEdits(source: MappedText, edits: readonly Edit[]): MappedText {
  if (edits.length === 0) return source
  const out = new MappedBuilder()
  let pos = 0
  for (const edit of edits) {
    if (edit.start < pos) throw new Error('applyEdits: edits overlap or are not sorted')
    out.copy(source, pos, edit.start)
    const [start, end] = spanOf(source, edit.start, edit.end)
    out.push(edit.text, start, end)
    pos = edit.end
  }
  out.copy(source, pos, source.text.length)
  return out.build()
}
