// Removes what no engine can speak before anything else looks at the text: control and
// format characters go; emoji, pictographs and private-use characters become a plain space
// (so the words around them stay apart), which later collapses with other whitespace.
import { MappedBuilder, type MappedText } from './mapped-text.js'

// Emoji and pictographs, their modifiers and joiners, private use, unassigned and lone surrogates.
// © ® ™ are pictographic by Unicode's data but are ordinary text, so they stay.
const UNSUPPORTED = /^(?:(?![©®™])\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Co}|\p{Cn}|\p{Cs})$/u

/** Regional indicators (flags), tag characters, variation selectors and the keycap mark. */
function isEmojiPart(code: number): boolean {
  return (
    (code >= 0x1f1e6 && code <= 0x1f1ff) ||
    (code >= 0xe0020 && code <= 0xe007f) ||
    (code >= 0xfe00 && code <= 0xfe0f) ||
    code === 0x20e3
  )
}
const LINE_BREAK = /^[\n\u2028\u2029\u0085]$/u
const OTHER_SPACE = /^[\t\v\f]$/u
// Control characters other than the whitespace handled above, and format characters
// (zero-width space, BOM, soft hyphen, bidi marks, joiners).
const REMOVED = /^[\p{Cc}\p{Cf}]$/u

export function cleanText(original: string): MappedText {
  const out = new MappedBuilder()
  let i = 0
  while (i < original.length) {
    const code = original.codePointAt(i) ?? 0
    const size = code > 0xffff ? 2 : 1
    const ch = original.slice(i, i + size)
    if (ch === '\r') {
      // \r\n is one line break; a lone \r is one too.
      const pair = original[i + 1] === '\n'
      out.push('\n', i, pair ? i + 2 : i + 1)
      i += pair ? 2 : 1
      continue
    }
    if (LINE_BREAK.test(ch)) out.push('\n', i, i + size)
    else if (OTHER_SPACE.test(ch)) out.push(' ', i, i + size)
    else if (UNSUPPORTED.test(ch) || isEmojiPart(code)) out.push(' ', i, i + size)
    else if (!REMOVED.test(ch)) out.push(ch, i, i + size)
    i += size
  }
  return out.build()
}
