// Finding quoted speech in a paragraph. A paragraph is cut into pieces that, joined, give back
// its exact text: narration pieces and quoted pieces (the quote marks belong to the quote, so
// the character's voice reads the whole of it and the narrator none of it).

export interface TextPiece {
  text: string
  quote: boolean
}

/** Opening marks and the marks that close them. Straight double quotes close themselves. */
const CLOSERS: Record<string, string> = {
  '“': '”',
  '"': '"',
  '«': '»',
  '»': '«',
  '„': '“',
  '‘': '’',
}

/** A single curly quote opens speech only at a word's start (not an apostrophe as in "don’t"). */
function opensAt(text: string, index: number): boolean {
  const mark = text[index] ?? ''
  if (!(mark in CLOSERS)) return false
  if (mark !== '‘') return true
  const before = text[index - 1] ?? ' '
  return !/[\p{L}\p{N}]/u.test(before)
}

/** The index of the mark closing the quote opened at `start`, or -1 when it is never closed. */
function closingIndex(text: string, start: number): number {
  const closer = CLOSERS[text[start] ?? ''] ?? ''
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] !== closer) continue
    // A single closing curly quote inside a word is an apostrophe ("don’t"), not the end.
    if (closer === '’' && /[\p{L}]/u.test(text[i + 1] ?? '')) continue
    return i
  }
  return -1
}

/** Cuts a paragraph into narration and quotes; an unclosed quote runs to the paragraph's end. */
export function splitQuotes(text: string): TextPiece[] {
  const pieces: TextPiece[] = []
  let narrationStart = 0
  let i = 0
  while (i < text.length) {
    if (!opensAt(text, i)) {
      i++
      continue
    }
    const close = closingIndex(text, i)
    const end = close === -1 ? text.length : close + 1
    const inner = text.slice(i + 1, close === -1 ? text.length : close)
    // A quoted word or two inside narration ("the word “yes”") is not speech unless it ends a
    // sentence of its own; speech has a sentence mark or several words.
    if (!isSpeech(inner)) {
      i = end
      continue
    }
    if (i > narrationStart) pieces.push({ text: text.slice(narrationStart, i), quote: false })
    pieces.push({ text: text.slice(i, end), quote: true })
    narrationStart = end
    i = end
  }
  if (narrationStart < text.length) pieces.push({ text: text.slice(narrationStart), quote: false })
  return pieces
}

function isSpeech(inner: string): boolean {
  const words = inner.trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return false
  return words.length >= 3 || /[.!?,…—-]$/.test(inner.trim())
}
