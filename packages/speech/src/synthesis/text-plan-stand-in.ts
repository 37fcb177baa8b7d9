// TEMPORARY stand-in for `planText` from ../text (being written in parallel against
// ../text/types.ts). Delete this file once ../text/index.ts exports planText and switch
// the import in plan-text.ts. It splits sentences, strips or applies a few audio tags and
// does no normalisation.
import type { PlanOptions, Segment, SegmentStyle, TextPlan } from '../text/types.js'

const PLAIN: SegmentStyle = { whisper: false, volume: 1, rate: 1, pitch: 1 }

function styleFor(tag: string): SegmentStyle | 'pause' | null {
  const t = tag.toLowerCase().trim()
  if (t === 'whispers' || t === 'whispering') return { ...PLAIN, whisper: true, volume: 0.6 }
  if (t === 'shouts' || t === 'shouting') return { ...PLAIN, volume: 1.6, pitch: 1.1 }
  if (t === 'pause') return 'pause'
  return null
}

export function planTextStandIn(text: string, options: PlanOptions): TextPlan {
  const segments: Segment[] = []
  let normalized = ''
  const map: number[] = []
  let style = PLAIN
  const max = options.maxSegmentChars ?? 300
  const pieces = text.split(/(\[[^\]\n]{1,40}\])/)
  let origin = 0
  for (const piece of pieces) {
    const tag = /^\[([^\]]+)\]$/.exec(piece)
    if (tag) {
      const applied = options.tags === 'apply' ? styleFor(tag[1]!) : null
      if (applied === 'pause') {
        const at = normalized.length
        segments.push({
          kind: 'pause',
          seconds: 0.5,
          origStart: origin,
          origEnd: origin + piece.length,
          normStart: at,
          normEnd: at,
        })
      } else if (applied) style = applied
      origin += piece.length
      continue
    }
    for (const match of piece.matchAll(/[^.!?。！？]+[.!?。！？]*\s*|[.!?。！？]+\s*/gu)) {
      const sentence = match[0]
      const trimmed = sentence.trim()
      const lead = sentence.indexOf(trimmed)
      const origStart = origin + match.index + lead
      if (trimmed.length === 0 || !/[\p{L}\p{N}]/u.test(trimmed)) {
        for (let i = 0; i < sentence.length; i++) {
          normalized += sentence[i]
          map.push(origin + match.index + i, origin + match.index + i + 1)
        }
        continue
      }
      for (let at = 0; at < trimmed.length; ) {
        let end = Math.min(trimmed.length, at + max)
        if (end < trimmed.length) {
          const cut = trimmed.lastIndexOf(' ', end)
          if (cut > at) end = cut + 1
        }
        const part = trimmed.slice(at, end).trimEnd()
        const normStart = normalized.length + lead + at
        segments.push({
          kind: 'speech',
          text: part,
          pieces: [{ kind: 'text', text: part, normStart, normEnd: normStart + part.length }],
          style,
          boundary: end >= trimmed.length ? 'sentence' : 'clause',
          origStart: origStart + at,
          origEnd: origStart + at + part.length,
          normStart,
          normEnd: normStart + part.length,
        })
        at = end
      }
      for (let i = 0; i < sentence.length; i++)
        map.push(origin + match.index + i, origin + match.index + i + 1)
      normalized += sentence
    }
    origin += piece.length
  }
  return {
    original: text,
    normalized,
    normToOrig: Int32Array.from(map),
    segments,
    language: options.language,
  }
}
