import type { StoredBlock } from '../studio-content.js'

// The sentences of a block's text (its nodes' texts joined, as the editor shows them and as
// word timings count characters), found by the platform's Unicode sentence segmenter.

/** Characters [from, to) of a block's text, without the spaces around the sentence. */
export interface SentenceRange {
  from: number
  to: number
}

export const blockSentenceText = (block: StoredBlock) => block.nodes.map((node) => node.text).join('')

/** Every sentence of the text, in order, each trimmed of the spaces around it (none empty). */
export function sentencesOf(text: string, locale = 'en'): SentenceRange[] {
  const segmenter = new Intl.Segmenter(locale, { granularity: 'sentence' })
  const out: SentenceRange[] = []
  // A pause mark reads as the space it is: it never joins two sentences.
  const spaced = text.replace(/\[(short |long )?pause\]/g, (mark) => ' '.repeat(mark.length))
  for (const part of segmenter.segment(spaced)) {
    const lead = part.segment.length - part.segment.trimStart().length
    const body = part.segment.trim()
    if (!body) continue
    const from = part.index + lead
    out.push({ from, to: from + body.length })
  }
  return out
}

/**
 * The sentence (or run of sentences) a selection of characters [from, to) touches; a caret
 * (from === to) picks the sentence it is in, or the one just before it when it sits in the
 * space after one. Null when the selection is outside the text.
 */
export function sentenceAt(text: string, from: number, to: number): SentenceRange | null {
  if (from > text.length) return null
  const sentences = sentencesOf(text)
  const end = Math.max(from, to)
  const touched = sentences.filter((s) =>
    from === end ? from >= s.from && from <= s.to : s.from < end && s.to > from,
  )
  const caretAfter = from === end ? sentences.filter((s) => s.to <= from).at(-1) : undefined
  const first = touched[0] ?? caretAfter
  const last = touched.at(-1) ?? caretAfter
  return first && last ? { from: first.from, to: last.to } : null
}

/** The block's nodes cut down to the characters [from, to) of its text, each keeping its voice. */
export function nodesWithin(block: StoredBlock, range: SentenceRange): StoredBlock['nodes'] {
  const out: StoredBlock['nodes'] = []
  let at = 0
  for (const node of block.nodes) {
    const start = at
    at += node.text.length
    const from = Math.max(range.from, start)
    const to = Math.min(range.to, at)
    if (to > from) out.push({ ...node, text: node.text.slice(from - start, to - start) })
  }
  return out
}
