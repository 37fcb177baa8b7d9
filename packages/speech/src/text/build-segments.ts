// Turns the normalised text, its tag events and phoneme pieces into segments: sentences,
// cut at style, pause and vocalisation tags, and split at clauses when too long.
// Invariants (tested): segments are in order; between one segment's end and the next one's
// start `normalized` holds nothing or one space; the first starts at 0 and the last ends at
// `normalized.length`; pause and vocalisation-only segments have no text.
import { type AudioTagEffect, combineStyle, DEFAULT_STYLE } from './audio-tags.js'
import { splitLongRange } from './clause-splitter.js'
import { firstEndingAfter, splitSentences, type TextRange } from './sentence-splitter.js'
import { hasLetterOrDigit } from './speakable.js'
import type { Segment, SegmentStyle, SpeechPiece } from './types.js'

/** A tag's effect at a position of the normalised text (before the character at `pos`). */
export interface PlanEvent {
  pos: number
  effect: AudioTagEffect
  origStart: number
  origEnd: number
}

/** A phoneme piece: normalised range and its phonemes. */
export interface PhonemeAtom extends TextRange {
  espeak: string
  source: string
  alphabet: 'ipa' | 'cmu-arpabet'
}

export interface SegmentInput {
  normalized: string
  starts: readonly number[]
  ends: readonly number[]
  events: readonly PlanEvent[]
  atoms: readonly PhonemeAtom[]
  hardBreaks: ReadonlySet<number>
  language: string
  maxSegmentChars: number
  firstSegmentChars: number
}

export function buildSegments(input: SegmentInput): Segment[] {
  const { normalized, events, atoms } = input
  const sentences = splitSentences(normalized, input.language, {
    hardBreaks: input.hardBreaks,
    protectedRanges: atoms,
  })
  const out: Segment[] = []
  // A vocalisation waiting for the next speech segment, and the tag that asked for it.
  let vocalization: string | undefined
  let vocalEvent: PlanEvent | undefined
  let lastOrigEnd = 0
  let e = 0

  // The first speech segment of the text is cut shorter (its first phrase); the rest of its
  // sentence is split with the normal limit.
  const splitForLatency = (range: TextRange, clean: (k: number) => boolean): TextRange[] => {
    const max = input.maxSegmentChars
    const first = input.firstSegmentChars
    const isFirst = !out.some((s) => s.kind === 'speech')
    if (!isFirst || first >= max || range.end - range.start <= first) {
      return splitLongRange(normalized, range.start, range.end, max, atoms, clean)
    }
    const head = splitLongRange(normalized, range.start, range.end, first, atoms, clean)
    if (head.length < 2) return head
    const rest = splitLongRange(normalized, head[1]!.start, range.end, max, atoms, clean)
    return [head[0]!, ...rest]
  }

  const pushSpeech = (range: TextRange, style: SegmentStyle, boundary: 'sentence' | 'clause'): void => {
    // A space between two different original words is a better cut than one inside "five dollars".
    const clean = (k: number): boolean => (input.ends[k - 1] ?? 0) <= (input.starts[k + 1] ?? 0)
    const parts = splitForLatency(range, clean)
    parts.forEach((part, index) => {
      const origStart = input.starts[part.start] ?? lastOrigEnd
      const origEnd = input.ends[part.end - 1] ?? origStart
      const segmentStyle: SegmentStyle = { ...style }
      if (vocalization !== undefined) segmentStyle.vocalization = vocalization
      vocalization = undefined
      out.push({
        kind: 'speech',
        text: normalized.slice(part.start, part.end),
        pieces: piecesOf(normalized, part, atoms),
        style: segmentStyle,
        boundary: index === parts.length - 1 ? boundary : 'clause',
        origStart,
        origEnd,
        normStart: part.start,
        normEnd: part.end,
      })
      lastOrigEnd = origEnd
    })
  }

  // A vocalisation with no speech after it gets a segment of its own.
  const flushVocalization = (pos: number): void => {
    if (vocalization === undefined || !vocalEvent) return
    const [origStart, origEnd] = clampOrig(vocalEvent, lastOrigEnd)
    out.push(emptySpeech(pos, origStart, origEnd, { ...DEFAULT_STYLE, vocalization }))
    lastOrigEnd = origEnd
    vocalization = undefined
  }

  // Applies the events at one position; returns the style that follows them.
  const applyEvents = (group: PlanEvent[], pos: number, style: SegmentStyle): SegmentStyle => {
    let next = style
    let styleFromDefault = true
    for (const event of group) {
      const effect = event.effect
      if (effect.kind === 'style') {
        // Style tags at one position combine; a later tag replaces the earlier style.
        next = combineStyle(styleFromDefault ? DEFAULT_STYLE : next, effect.style)
        styleFromDefault = false
      } else if (effect.kind === 'pause') {
        flushVocalization(pos)
        const [origStart, origEnd] = clampOrig(event, lastOrigEnd)
        out.push({ kind: 'pause', seconds: effect.seconds, origStart, origEnd, normStart: pos, normEnd: pos })
        lastOrigEnd = origEnd
      } else {
        flushVocalization(pos)
        vocalization = effect.name
        vocalEvent = event
      }
    }
    return next
  }

  for (const sentence of sentences) {
    let style: SegmentStyle = { ...DEFAULT_STYLE }
    let pos = sentence.start
    // Events inside this sentence; those with nothing speakable after them move to its end.
    const inside: PlanEvent[] = []
    while (e < events.length && (events[e]?.pos ?? 0) < sentence.end) {
      const event = events[e++]
      if (event) inside.push(event)
    }
    const trailing: PlanEvent[] = []
    let group: PlanEvent[] = []
    let groupPos = -1
    const runGroup = (): void => {
      if (group.length === 0) return
      if (groupPos > pos) {
        const end = trimEnd(normalized, pos, groupPos)
        if (end > pos) pushSpeech({ start: pos, end }, style, 'clause')
        pos = groupPos
      }
      style = applyEvents(group, groupPos, style)
      group = []
    }
    for (const event of inside) {
      const at = Math.max(event.pos, sentence.start)
      if (!hasLetterOrDigit(normalized.slice(at, sentence.end))) {
        trailing.push(event)
        continue
      }
      if (at !== groupPos) runGroup()
      groupPos = at
      group.push(event)
    }
    runGroup()
    if (sentence.end > pos) pushSpeech({ start: pos, end: sentence.end }, style, 'sentence')
    if (trailing.length > 0) applyEvents(trailing, sentence.end, style)
  }
  // Events after the last sentence (tags at the end of the text).
  const rest = events.slice(e)
  if (rest.length > 0) applyEvents(rest, normalized.length, { ...DEFAULT_STYLE })
  flushVocalization(normalized.length)
  return out
}

function piecesOf(text: string, part: TextRange, atoms: readonly PhonemeAtom[]): SpeechPiece[] {
  const pieces: SpeechPiece[] = []
  let pos = part.start
  for (let i = firstEndingAfter(atoms, part.start); i < atoms.length; i++) {
    const atom = atoms[i]
    if (!atom || atom.start >= part.end) break
    if (atom.start > pos)
      pieces.push({ kind: 'text', text: text.slice(pos, atom.start), normStart: pos, normEnd: atom.start })
    pieces.push({
      kind: 'phonemes',
      espeak: atom.espeak,
      source: atom.source,
      alphabet: atom.alphabet,
      text: text.slice(atom.start, atom.end),
      normStart: atom.start,
      normEnd: atom.end,
    })
    pos = atom.end
  }
  if (part.end > pos)
    pieces.push({ kind: 'text', text: text.slice(pos, part.end), normStart: pos, normEnd: part.end })
  return pieces
}

function emptySpeech(pos: number, origStart: number, origEnd: number, style: SegmentStyle): Segment {
  return {
    kind: 'speech',
    text: '',
    pieces: [],
    style,
    boundary: 'clause',
    origStart,
    origEnd,
    normStart: pos,
    normEnd: pos,
  }
}

/** A tag's original range, moved forward when an earlier segment already ends after it. */
function clampOrig(event: PlanEvent, lastOrigEnd: number): [number, number] {
  return [Math.max(event.origStart, lastOrigEnd), Math.max(event.origEnd, lastOrigEnd)]
}

function trimEnd(text: string, start: number, end: number): number {
  let k = end
  while (k > start && text[k - 1] === ' ') k--
  return k
}
