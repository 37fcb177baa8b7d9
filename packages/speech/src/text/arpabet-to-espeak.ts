// CMU Arpabet (as in the CMU Pronouncing Dictionary: `HH AH0 L OW1`) -> eSpeak NG phoneme
// mnemonics for English. Stress digits sit on vowels: 1 -> `'` (primary) and 2 -> `,`
// (secondary) written before the vowel, 0 -> unstressed. AH0 is schwa `@`, other AH is `V`;
// ER0 is `3`, other ER is `3:`; word-final IY0 is the short happY vowel `i`.
//
// Table (Arpabet -> eSpeak):
//   AA A:  AE a  AH V/@  AO O:  AW aU  AX @  AXR 3  AY aI  EH E  ER 3:/3  EY eI  IH I  IX I2
//   IY i:  OW oU  OY OI  UH U  UW u:  B b  CH tS  D d  DH D  DX t  F f  G g  HH h  JH dZ  K k
//   L l  EL @L  M m  EM @m  N n  EN @n  NG N  P p  R r  S s  SH S  T t  TH T  V v  W w  WH w
//   Y j  Z z  ZH Z
import { TextInputError } from './errors.js'
import { unwrapPhonemes } from './ipa-to-espeak.js'

const VOWELS: Readonly<Record<string, string>> = {
  AA: 'A:',
  AE: 'a',
  AH: 'V',
  AO: 'O:',
  AW: 'aU',
  AX: '@',
  AXR: '3',
  AY: 'aI',
  EH: 'E',
  ER: '3:',
  EY: 'eI',
  IH: 'I',
  IX: 'I2',
  IY: 'i:',
  OW: 'oU',
  OY: 'OI',
  UH: 'U',
  UW: 'u:',
}

const CONSONANTS: Readonly<Record<string, string>> = {
  B: 'b',
  CH: 'tS',
  D: 'd',
  DH: 'D',
  DX: 't',
  F: 'f',
  G: 'g',
  HH: 'h',
  JH: 'dZ',
  K: 'k',
  L: 'l',
  EL: '@L',
  M: 'm',
  EM: '@m',
  N: 'n',
  EN: '@n',
  NG: 'N',
  P: 'p',
  R: 'r',
  S: 's',
  SH: 'S',
  T: 't',
  TH: 'T',
  V: 'v',
  W: 'w',
  WH: 'w',
  Y: 'j',
  Z: 'z',
  ZH: 'Z',
}

const TOKEN = /^([A-Z]{1,3})([012])?$/

export function arpabetToEspeak(arpabet: string): string {
  const input = unwrapPhonemes(arpabet)
  const tokens = input.split(/\s+/u).filter((t) => t !== '')
  if (tokens.length === 0) throw new TextInputError('invalid_phoneme', 'The phoneme string is empty.')
  let out = ''
  tokens.forEach((raw, index) => {
    const m = TOKEN.exec(raw.toUpperCase())
    const symbol = m?.[1] ?? ''
    const stress = m?.[2]
    const vowel = VOWELS[symbol]
    if (m && vowel !== undefined) {
      if (stress === '1') out += "'"
      else if (stress === '2') out += ','
      if (symbol === 'AH' && stress === '0') out += '@'
      else if (symbol === 'ER' && stress === '0') out += '3'
      else if (symbol === 'IY' && stress === '0' && index === tokens.length - 1) out += 'i'
      else out += vowel
      return
    }
    const consonant = CONSONANTS[symbol]
    if (m && consonant !== undefined && stress === undefined) {
      out += consonant
      return
    }
    throw new TextInputError(
      'invalid_phoneme',
      `"${arpabet}" is not valid CMU Arpabet: "${raw}" is not a phoneme (stress digits 0, 1, 2 go on vowels only).`,
    )
  })
  return out
}

/** Whether every space-separated token is an Arpabet phoneme (used to guess a TXT rule's alphabet). */
export function looksLikeArpabet(text: string): boolean {
  const tokens = unwrapPhonemes(text)
    .split(/\s+/u)
    .filter((t) => t !== '')
  if (tokens.length === 0) return false
  return tokens.every((t) => {
    const m = TOKEN.exec(t)
    if (!m) return false
    const symbol = m[1] ?? ''
    return VOWELS[symbol] !== undefined || (CONSONANTS[symbol] !== undefined && m[2] === undefined)
  })
}
