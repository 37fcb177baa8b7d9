// Splits a plain-text email into text and http(s) links, so the local mailbox can show
// clickable verification links without rendering the message's HTML.
/** `at` is the offset in the text: a stable key for rendering. */
export type TextPart =
  | { kind: 'text'; value: string; at: number }
  | { kind: 'link'; href: string; at: number }

const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/g
// Sentence punctuation that usually follows a link rather than belonging to it.
const TRAILING = /[.,;:!?)\]}]+$/

export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = []
  let last = 0
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0]
    const href = raw.replace(TRAILING, '')
    const start = match.index ?? 0
    if (start > last) parts.push({ kind: 'text', value: text.slice(last, start), at: last })
    parts.push({ kind: 'link', href, at: start })
    last = start + href.length
  }
  if (last < text.length) parts.push({ kind: 'text', value: text.slice(last), at: last })
  return parts
}
