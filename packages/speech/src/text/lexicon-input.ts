// Size limit and decoding shared by the dictionary file parsers.
import { TextInputError } from './errors.js'

/** Largest dictionary file accepted: 1 MB. */
export const MAX_LEXICON_BYTES = 1024 * 1024

/** Checks the size and decodes UTF-8 bytes; strips a byte-order mark. */
export function decodeLexiconInput(input: string | Uint8Array): string {
  const bytes = typeof input === 'string' ? utf8Length(input) : input.byteLength
  if (bytes > MAX_LEXICON_BYTES) {
    throw new TextInputError(
      'lexicon_too_large',
      `The dictionary file is ${bytes} bytes; the limit is ${MAX_LEXICON_BYTES} bytes (1 MB).`,
    )
  }
  let text: string
  if (typeof input === 'string') text = input
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(input)
    } catch {
      throw new TextInputError('invalid_lexicon', 'The dictionary file is not valid UTF-8 text.')
    }
  }
  return text.startsWith('\uFEFF') ? text.slice(1) : text
}

function utf8Length(text: string): number {
  // Cheap upper and lower bounds first: every unit is 1 to 3 bytes.
  if (text.length > MAX_LEXICON_BYTES) return text.length
  return new TextEncoder().encode(text).byteLength
}
