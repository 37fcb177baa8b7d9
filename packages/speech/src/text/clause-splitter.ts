// Splits a stretch of text longer than the segment limit: at the last clause boundary
// (comma, semicolon, colon, dash, and the CJK 、，；：) that leaves a part of at least a
// third of the limit, else at the last space (preferring one between two words of the
// original text over one inside the words a number or address became), else at the last clause boundary, else
// anywhere that does not split a character or a protected range.
import { isWhitespace } from './char-classes.js'
import { firstEndingAfter, type TextRange } from './sentence-splitter.js'

const CLAUSE_MARKS = new Set([...',;:'])
const SPACELESS_CLAUSE_MARKS = new Set([...'、，；：'])
const DASHES = new Set([...'—–'])
const COMBINING_MARK = /\p{M}/u

/** Parts of [start, end), each trimmed and at most `max` units long (unless one protected range is longer). */
export function splitLongRange(
  text: string,
  start: number,
  end: number,
  max: number,
  protectedRanges: readonly TextRange[] = [],
  /** Whether a cut at this space keeps the original words whole (default: always). */
  cleanSpace: (index: number) => boolean = () => true,
): TextRange[] {
  const parts: TextRange[] = []
  const local: TextRange[] = []
  for (let i = firstEndingAfter(protectedRanges, start); i < protectedRanges.length; i++) {
    const r = protectedRanges[i]
    if (!r || r.start >= end) break
    local.push(r)
  }
  let pos = start
  while (end - pos > max) {
    const limit = pos + max
    let clause = -1
    let space = -1
    let cleanSpaceAt = -1
    let j = firstEndingAfter(local, pos + 1)
    for (let k = pos + 1; k <= limit; k++) {
      // Ranges are sorted: move to the first one that ends after k.
      while (j < local.length && (local[j]?.end ?? 0) <= k) j++
      const range = local[j]
      if (range && range.start < k) continue
      const before = text[k - 1] ?? ''
      const at = text[k]
      if (isWhitespace(at) && k > pos) {
        space = k
        if (cleanSpace(k)) cleanSpaceAt = k
      }
      if ((CLAUSE_MARKS.has(before) && isWhitespace(at)) || SPACELESS_CLAUSE_MARKS.has(before)) clause = k
      else if (DASHES.has(before) || (before === '-' && isWhitespace(at) && isWhitespace(text[k - 2])))
        clause = k
    }
    let cutAt: number
    if (clause > pos && clause - pos >= max / 3) cutAt = clause
    else if (cleanSpaceAt > pos && cleanSpaceAt - pos >= max / 3) cutAt = cleanSpaceAt
    else if (space > pos) cutAt = space
    else if (clause > pos) cutAt = clause
    else cutAt = hardCut(text, pos, limit, local)
    const partEnd = trimEnd(text, pos, cutAt)
    if (partEnd > pos) parts.push({ start: pos, end: partEnd })
    pos = cutAt
    while (pos < end && isWhitespace(text[pos])) pos++
  }
  if (end > pos) parts.push({ start: pos, end })
  return parts
}

function hardCut(text: string, pos: number, limit: number, protectedRanges: readonly TextRange[]): number {
  let k = limit
  const range = protectedRanges.find((r) => r.start < k && k < r.end)
  // A protected range longer than the limit stays whole.
  if (range) k = range.start > pos ? range.start : range.end
  while (k > pos + 1 && (isLowSurrogate(text, k) || COMBINING_MARK.test(text[k] ?? ''))) k--
  return k
}

function isLowSurrogate(text: string, k: number): boolean {
  const code = text.charCodeAt(k)
  return code >= 0xdc00 && code <= 0xdfff
}

function trimEnd(text: string, start: number, end: number): number {
  let e = end
  while (e > start && isWhitespace(text[e - 1])) e--
  return e
}
