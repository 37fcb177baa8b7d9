// The dialogue-text rule: square-bracket audio tags are stripped with the surrounding
// whitespace normalised; nested brackets on one line are kept; whitespace-only text is
// preserved.
//
// How "surrounding whitespace normalised" is read here: a tag, or a run of tags separated
// only by whitespace, is removed together with the whitespace on both sides, and replaced by
// - nothing at the start or end of the text,
// - nothing before closing punctuation (`Hello [laughs].` -> `Hello.`) or after opening
//   punctuation (`([sighs] fine)` -> `(fine)`),
// - the line breaks of that whitespace when it had any (dialogue lines stay lines),
// - otherwise one space.
// Whitespace elsewhere in the text is left as it is.
import { findAudioTags } from './audio-tags.js'
import { CLOSING_PUNCTUATION, isWhitespace, OPENING_PUNCTUATION } from './char-classes.js'

export function stripAudioTags(text: string): string {
  if (text.trim() === '') return text
  const tags = findAudioTags(text)
  if (tags.length === 0) return text
  let out = ''
  let pos = 0
  let i = 0
  while (i < tags.length) {
    const first = tags[i]
    if (!first) break
    // Extend the cluster over tags separated by whitespace only.
    let end = first.end
    let j = i + 1
    for (; j < tags.length; j++) {
      const next = tags[j]
      if (!next || text.slice(end, next.start).trim() !== '') break
      end = next.end
    }
    let left = first.start
    while (left > pos && isWhitespace(text[left - 1])) left--
    let right = end
    while (right < text.length && isWhitespace(text[right])) right++
    out += text.slice(pos, left)
    const gap = text.slice(left, right)
    out += separatorFor(gap, left === 0 || out.trim() === '', right === text.length, out.at(-1), text[right])
    pos = right
    i = j
  }
  return out + text.slice(pos)
}

/** What replaces a removed tag cluster and its whitespace (shared with the planner). */
export function separatorFor(
  removed: string,
  atStart: boolean,
  atEnd: boolean,
  before: string | undefined,
  after: string | undefined,
): string {
  if (atStart || atEnd) return ''
  if (
    (after !== undefined && CLOSING_PUNCTUATION.has(after)) ||
    (before !== undefined && OPENING_PUNCTUATION.has(before))
  ) {
    return ''
  }
  const breaks = removed.replace(/[^\n]/g, '')
  return breaks === '' ? ' ' : breaks
}
