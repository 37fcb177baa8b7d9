// Character classes shared by the tag rule, the splitter and the planner.

/** Punctuation that closes a phrase: no space is kept before it when a tag is removed. */
export const CLOSING_PUNCTUATION = new Set([...'.,!?;:…)]}»”’。、，．！？；：」』）'])
/** Punctuation that opens a phrase: no space is kept after it when a tag is removed. */
export const OPENING_PUNCTUATION = new Set([...'([{«„“‘¿¡「『（'])

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u
const LOWERCASE = /\p{Ll}/u
const WORD_UNIT = /[\p{L}\p{M}\p{N}]/u
/** Scripts written without spaces between words. */
const SPACELESS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u

/** Any Unicode white space (what `String.prototype.trim` removes). */
export function isWhitespace(ch: string | undefined): boolean {
  return ch !== undefined && ch !== '' && ch.trim() === ''
}

export function isLetterOrDigit(ch: string | undefined): boolean {
  return ch !== undefined && LETTER_OR_DIGIT.test(ch)
}

export function isLowercase(ch: string | undefined): boolean {
  return ch !== undefined && LOWERCASE.test(ch)
}

/** A unit that belongs to a word (letters, marks, digits). Surrogate halves count as word units. */
export function isWordUnit(ch: string | undefined): boolean {
  if (ch === undefined) return false
  const code = ch.charCodeAt(0)
  if (code >= 0xd800 && code <= 0xdfff) return true
  return WORD_UNIT.test(ch)
}

export function isSpacelessScript(ch: string | undefined): boolean {
  return ch !== undefined && SPACELESS.test(ch)
}
