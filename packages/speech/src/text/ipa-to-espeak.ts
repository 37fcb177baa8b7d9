// IPA -> eSpeak NG phoneme mnemonics (the ASCII notation inside `[[...]]` in eSpeak input),
// for the English phoneme set (eSpeak's `en-us` table). Stress: IPA `ˈ` -> `'` (primary),
// `ˌ` -> `,` (secondary); eSpeak applies a stress mark to the following syllable, as IPA does.
// Length marks merge into the long vowels; syllable dots, tie bars and diacritics are dropped.
// Anything else is refused with TextInputError `invalid_phoneme`.
//
// Table (IPA -> eSpeak):
//   vowels     i/iː i:  ɪ I  e/ɛ E  æ/a a  ɑ/ɑː A:  ɒ 0  ɔ/ɔː O:  o oU  ʌ/ɐ V  ʊ U  u/uː/ʉ u:
//              ə @  ɚ 3  ɜ/ɜː/ɝ 3:  ɨ/ᵻ I2  i (word-final, happY) i
//   diphthongs eɪ eI  aɪ aI  ɔɪ OI  aʊ aU  oʊ oU  əʊ @U  ɪə/ɪɹ i@  ɛə/eə/ɛɹ e@  ʊə/ʊɹ U@  ɑɹ A@  ɔɹ O@
//   consonants p b t d k g/ɡ f v  θ T  ð D  s z  ʃ S  ʒ Z  h/ɦ h  m n  ŋ N  l/ɫ l  r/ɹ/ɻ/ʁ r
//              ɾ t  w/ʍ w  j j  x x  ʔ ?  ç h  tʃ/ʧ tS  dʒ/ʤ dZ  n̩ @n  l̩ @L  m̩ @m
import { TextInputError } from './errors.js'

const SEQUENCE_LIST: Array<[string, string]> = [
  ['t͡ʃ', 'tS'],
  ['d͡ʒ', 'dZ'],
  ['tʃ', 'tS'],
  ['dʒ', 'dZ'],
  ['eɪ', 'eI'],
  ['aɪ', 'aI'],
  ['ɔɪ', 'OI'],
  ['aʊ', 'aU'],
  ['oʊ', 'oU'],
  ['əʊ', '@U'],
  ['ɪə', 'i@'],
  ['ɪɹ', 'i@'],
  ['ɛə', 'e@'],
  ['eə', 'e@'],
  ['ɛɹ', 'e@'],
  ['ʊə', 'U@'],
  ['ʊɹ', 'U@'],
  ['ɑɹ', 'A@'],
  ['ɑːɹ', 'A@'],
  ['ɔɹ', 'O@'],
  ['ɔːɹ', 'O@'],
  ['iː', 'i:'],
  ['uː', 'u:'],
  ['ɑː', 'A:'],
  ['ɔː', 'O:'],
  ['ɜː', '3:'],
  ['ɝː', '3:'],
  ['n̩', '@n'],
  ['l̩', '@L'],
  ['m̩', '@m'],
]
// Longest first, so "tʃ" wins over "t".
const SEQUENCES = [...SEQUENCE_LIST].sort((a, b) => b[0].length - a[0].length)

const SINGLE: Readonly<Record<string, string>> = {
  p: 'p',
  b: 'b',
  t: 't',
  d: 'd',
  k: 'k',
  g: 'g',
  ɡ: 'g',
  f: 'f',
  v: 'v',
  θ: 'T',
  ð: 'D',
  s: 's',
  z: 'z',
  ʃ: 'S',
  ʒ: 'Z',
  h: 'h',
  ɦ: 'h',
  m: 'm',
  n: 'n',
  ŋ: 'N',
  l: 'l',
  ɫ: 'l',
  r: 'r',
  ɹ: 'r',
  ɻ: 'r',
  ʁ: 'r',
  ɾ: 't',
  w: 'w',
  ʍ: 'w',
  j: 'j',
  x: 'x',
  ʔ: '?',
  ç: 'h',
  ʧ: 'tS',
  ʤ: 'dZ',
  i: 'i:',
  ɪ: 'I',
  e: 'E',
  ɛ: 'E',
  æ: 'a',
  a: 'a',
  ɑ: 'A:',
  ɒ: '0',
  ɔ: 'O:',
  o: 'oU',
  ʌ: 'V',
  ɐ: 'V',
  ʊ: 'U',
  u: 'u:',
  ʉ: 'u:',
  ə: '@',
  ɚ: '3',
  ɜ: '3:',
  ɝ: '3:',
  ɨ: 'I2',
  ᵻ: 'I2',
}

const STRESS: Readonly<Record<string, string>> = { ˈ: "'", "'": "'", ˌ: ',' }
// Length, half-length, syllable break, linking, tie bar, aspiration, palatalisation.
const IGNORED = new Set(['ː', 'ˑ', '.', '‿', '͡', 'ʰ', 'ʲ', 'ʷ', '|', '‖'])
const COMBINING = /^\p{M}$/u

/** Removes the slashes or brackets users put around phonemes (`/həˈloʊ/`, `[həˈloʊ]`). */
export function unwrapPhonemes(phonemes: string): string {
  const trimmed = phonemes.trim()
  const m = /^\/(.*)\/$/su.exec(trimmed) ?? /^\[(.*)\]$/su.exec(trimmed)
  return (m?.[1] ?? trimmed).trim()
}

export function ipaToEspeak(ipa: string): string {
  const input = unwrapPhonemes(ipa).normalize('NFC')
  if (input === '') throw new TextInputError('invalid_phoneme', 'The phoneme string is empty.')
  const words: string[] = []
  for (const word of input.split(/\s+/u)) {
    const out = convertWord(word, ipa)
    if (out !== '') words.push(out)
  }
  if (words.length === 0) throw new TextInputError('invalid_phoneme', `"${ipa}" contains no phonemes.`)
  return words.join(' ')
}

function convertWord(word: string, whole: string): string {
  let out = ''
  let i = 0
  outer: while (i < word.length) {
    for (const [ipa, espeak] of SEQUENCES) {
      if (word.startsWith(ipa, i)) {
        out += espeak
        i += ipa.length
        continue outer
      }
    }
    const ch = String.fromCodePoint(word.codePointAt(i) ?? 0)
    i += ch.length
    // Unstressed word-final /i/ is the short happY vowel.
    if (ch === 'i' && i >= word.length) out += 'i'
    else if (SINGLE[ch] !== undefined) out += SINGLE[ch]
    else if (STRESS[ch] !== undefined) out += STRESS[ch]
    else if (IGNORED.has(ch) || COMBINING.test(ch)) continue
    else {
      // A precomposed letter with diacritics (ã, ẽ): its base letter if we know it.
      const base = ch.normalize('NFD').replace(/\p{M}/gu, '')
      const mapped = SINGLE[base]
      if (base !== ch && mapped !== undefined) out += mapped
      else throw invalid(ch, whole)
    }
  }
  return out
}

function invalid(ch: string, whole: string): TextInputError {
  const code = ch.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0') ?? '?'
  return new TextInputError(
    'invalid_phoneme',
    `"${whole}" is not valid IPA: the symbol "${ch}" (U+${code}) is not in the supported phoneme alphabet.`,
  )
}
