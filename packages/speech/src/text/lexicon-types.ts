// What a parsed pronunciation dictionary file gives back.
import type { PronunciationRule } from './types.js'

export interface ParsedLexicon {
  rules: PronunciationRule[]
  /** `xml:lang` of a PLS file (e.g. `en-US`); undefined for TXT files. */
  language: string | undefined
  /** The lexicon's default phoneme alphabet (TXT files: `ipa`, unless every phoneme rule is Arpabet). */
  alphabet: 'ipa' | 'cmu-arpabet'
}
