// Whether a text would produce any speech: false for empty text, white space, audio tags
// only, punctuation, symbols and emoji only. The server uses it to refuse empty requests.
import { findAudioTags } from './audio-tags.js'

const SPEAKABLE = /[\p{L}\p{N}]/u

/** True when some letter or digit remains once audio tags are removed. */
export function isSpeakable(text: string): boolean {
  if (!SPEAKABLE.test(text)) return false
  const tags = findAudioTags(text)
  if (tags.length === 0) return true
  let pos = 0
  for (const tag of tags) {
    if (SPEAKABLE.test(text.slice(pos, tag.start))) return true
    pos = tag.end
  }
  return SPEAKABLE.test(text.slice(pos))
}

/** True when the text has a letter or digit (no tag handling: for already planned text). */
export function hasLetterOrDigit(text: string): boolean {
  return SPEAKABLE.test(text)
}
