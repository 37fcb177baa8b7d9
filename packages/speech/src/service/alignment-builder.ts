// Character timings. Engines give word timings per segment; this spreads them over
// characters, fills the gaps (spaces, punctuation, removed tags) so every character is
// covered, keeps times monotonic, and maps normalised characters back to the original text.
import type { WordTiming } from '../engines/engine.js'
import type { TextPlan } from '../text/types.js'
import type { CharAlignment } from '../types.js'

export class AlignmentBuilder {
  private readonly normStart: Float64Array
  private readonly normEnd: Float64Array
  private readonly origFirst: Int32Array
  private readonly origLast: Int32Array
  private normCursor = 0
  private emittedNorm = 0
  private origCursor = 0
  private lastTime = 0

  constructor(private readonly plan: TextPlan) {
    const n = plan.normalized.length
    this.normStart = new Float64Array(n)
    this.normEnd = new Float64Array(n)
    this.origFirst = new Int32Array(plan.original.length).fill(-1)
    this.origLast = new Int32Array(plan.original.length).fill(-1)
    for (let i = 0; i < n; i++) {
      const s = plan.normToOrig[2 * i]!
      const e = Math.max(s + 1, plan.normToOrig[2 * i + 1]!)
      for (let j = s; j < e && j < plan.original.length; j++) {
        if (this.origFirst[j]! < 0) this.origFirst[j] = i
        this.origLast[j] = i
      }
    }
  }

  /**
   * Times the normalised characters up to `normEnd`: those before `segmentStart` (the gap since
   * the previous chunk) spread over [gapStart, startTime], the segment's by its words.
   */
  addSegment(
    normStartOfSegment: number,
    normEnd: number,
    words: readonly WordTiming[],
    gapStart: number,
    startTime: number,
    duration: number,
  ): void {
    const segEnd = startTime + duration
    this.spread(this.normCursor, Math.min(normStartOfSegment, normEnd), gapStart, startTime)
    const from = Math.max(this.normCursor, normStartOfSegment)
    const sorted = [...words].sort((a, b) => a.normStart - b.normStart || a.start - b.start)
    let cursor = from
    let time = startTime
    for (const word of sorted) {
      const ws = Math.max(word.normStart, cursor)
      const we = Math.min(word.normEnd, normEnd)
      if (we <= ws) continue
      const wordStart = Math.max(time, startTime + clamp(word.start, 0, duration))
      const wordEnd = Math.max(wordStart, startTime + clamp(word.end, 0, duration))
      this.spread(cursor, ws, time, wordStart)
      this.spread(ws, we, wordStart, wordEnd)
      cursor = we
      time = wordEnd
    }
    this.spread(cursor, normEnd, time, Math.max(time, segEnd))
    this.normCursor = Math.max(this.normCursor, normEnd)
  }

  /** Characters with no audio of their own (a pause segment, the tail): spread over a span. */
  addGap(normEnd: number, from: number, to: number): void {
    this.spread(this.normCursor, normEnd, from, to)
    this.normCursor = Math.max(this.normCursor, normEnd)
  }

  /** Alignments of everything timed since the last call; `final` takes the rest of the original. */
  takeChunk(final: boolean, endTime: number): { alignment: CharAlignment; normalized: CharAlignment } {
    const normFrom = this.emittedNorm
    const normTo = this.normCursor
    this.emittedNorm = normTo
    const normalized = this.collect(this.plan.normalized, normFrom, normTo, (i) => [
      this.normStart[i]!,
      this.normEnd[i]!,
    ])
    let origTo = this.origCursor
    if (final) origTo = this.plan.original.length
    else if (normTo > 0) origTo = Math.max(origTo, this.plan.normToOrig[2 * (normTo - 1) + 1]!)
    const origFrom = this.origCursor
    this.origCursor = origTo
    let previousEnd = normFrom > 0 ? this.normEnd[normFrom - 1]! : 0
    const alignment = this.collect(this.plan.original, origFrom, origTo, (j) => {
      const first = this.origFirst[j]!
      // Characters that produce no speech (tags, markup) take the time of what precedes them.
      if (first < 0 || first >= normTo) return [previousEnd, previousEnd]
      const last = Math.min(this.origLast[j]!, normTo - 1)
      previousEnd = this.normEnd[last]!
      return [this.normStart[first]!, previousEnd]
    })
    if (final) clampTo(alignment, endTime)
    if (final) clampTo(normalized, endTime)
    return { alignment, normalized }
  }

  private spread(from: number, to: number, t0: number, t1: number): void {
    const count = to - from
    if (count <= 0) return
    const start = Math.max(t0, this.lastTime)
    const end = Math.max(start, t1)
    const step = (end - start) / count
    for (let i = 0; i < count; i++) {
      this.normStart[from + i] = start + step * i
      this.normEnd[from + i] = start + step * (i + 1)
    }
    this.lastTime = start + step * (count - 1)
  }

  private collect(
    text: string,
    from: number,
    to: number,
    timeOf: (index: number) => [number, number],
  ): CharAlignment {
    const out: CharAlignment = {
      characters: [],
      character_start_times_seconds: [],
      character_end_times_seconds: [],
    }
    let previousStart = 0
    for (let i = from; i < to; ) {
      const code = text.codePointAt(i)!
      const width = code > 0xffff ? 2 : 1
      const [startA, endA] = timeOf(i)
      const [, endB] = width === 2 && i + 1 < to ? timeOf(i + 1) : [startA, endA]
      const start = Math.max(startA, previousStart)
      out.characters.push(String.fromCodePoint(code))
      out.character_start_times_seconds.push(round(start))
      out.character_end_times_seconds.push(round(Math.max(start, endA, endB)))
      previousStart = start
      i += width
    }
    return out
  }
}

function clampTo(alignment: CharAlignment, end: number): void {
  const e = round(end)
  alignment.character_start_times_seconds = alignment.character_start_times_seconds.map((t) => Math.min(t, e))
  alignment.character_end_times_seconds = alignment.character_end_times_seconds.map((t) => Math.min(t, e))
}

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, value))
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000
}
