import { describe, expect, it } from 'vitest'
import { arpabetToEspeak } from './arpabet-to-espeak.js'
import { ipaToEspeak } from './ipa-to-espeak.js'

// The whole phoneme sets a dictionary may use: the 39 phonemes of the CMU Pronouncing
// Dictionary (vowels with stress 0, 1 and 2) and the IPA symbols of English, each mapped to
// an eSpeak NG mnemonic of the English phoneme table.

const CMU_VOWELS = ['AA', 'AE', 'AH', 'AO', 'AW', 'AY', 'EH', 'ER', 'EY', 'IH', 'IY', 'OW', 'OY', 'UH', 'UW']
const CMU_CONSONANTS = [
  'B',
  'CH',
  'D',
  'DH',
  'F',
  'G',
  'HH',
  'JH',
  'K',
  'L',
  'M',
  'N',
  'NG',
  'P',
  'R',
  'S',
  'SH',
  'T',
  'TH',
  'V',
  'W',
  'Y',
  'Z',
  'ZH',
]
// eSpeak NG's English mnemonics (en-us phoneme table) the tables may produce.
const ESPEAK_EN = new Set([
  'A:',
  'a',
  'V',
  '@',
  'O:',
  'aU',
  'aI',
  'E',
  '3:',
  '3',
  'eI',
  'I',
  'i:',
  'i',
  'oU',
  'OI',
  'U',
  'u:',
  'I2',
  '0',
  'A@',
  'O@',
  'e@',
  'i@',
  'U@',
  '@U',
  'b',
  'tS',
  'd',
  'D',
  'f',
  'g',
  'h',
  'dZ',
  'k',
  'l',
  'm',
  'n',
  'N',
  'p',
  'r',
  's',
  'S',
  't',
  'T',
  'v',
  'w',
  'j',
  'z',
  'Z',
  '@L',
  '@m',
  '@n',
  'x',
  '?',
])

function mnemonics(espeak: string): string[] {
  // Split greedily on the known mnemonics, longest first; stress marks are separate.
  const known = [...ESPEAK_EN].sort((a, b) => b.length - a.length)
  const out: string[] = []
  let i = 0
  while (i < espeak.length) {
    const ch = espeak[i]!
    if (ch === "'" || ch === ',' || ch === ' ') {
      i++
      continue
    }
    const m = known.find((k) => espeak.startsWith(k, i))
    if (!m) throw new Error(`unknown mnemonic at ${i} in ${espeak}`)
    out.push(m)
    i += m.length
  }
  return out
}

describe('CMU Arpabet: the full set', () => {
  it.each(CMU_VOWELS.flatMap((v) => ['', '0', '1', '2'].map((s) => `${v}${s}`)))('vowel %s', (symbol) => {
    const espeak = arpabetToEspeak(`/${symbol}/`)
    expect(mnemonics(espeak)).toHaveLength(1)
    if (symbol.endsWith('1')) expect(espeak.startsWith("'")).toBe(true)
    if (symbol.endsWith('2')) expect(espeak.startsWith(',')).toBe(true)
  })

  it.each(CMU_CONSONANTS)('consonant %s', (symbol) => {
    expect(mnemonics(arpabetToEspeak(symbol))).toHaveLength(1)
  })

  it('distinct phonemes stay distinct', () => {
    const out = new Set(CMU_CONSONANTS.map((c) => arpabetToEspeak(c)))
    expect(out.size).toBe(CMU_CONSONANTS.length)
    const vowels = new Set(CMU_VOWELS.map((v) => arpabetToEspeak(`${v}1`)))
    expect(vowels.size).toBe(CMU_VOWELS.length)
  })
})

describe('IPA: the English symbols', () => {
  const symbols = [
    'i',
    'iː',
    'ɪ',
    'e',
    'ɛ',
    'æ',
    'a',
    'ɑ',
    'ɑː',
    'ɒ',
    'ɔ',
    'ɔː',
    'o',
    'ʌ',
    'ɐ',
    'ʊ',
    'u',
    'uː',
    'ʉ',
    'ə',
    'ɚ',
    'ɜ',
    'ɜː',
    'ɝ',
    'ɨ',
    'ᵻ',
    'eɪ',
    'aɪ',
    'ɔɪ',
    'aʊ',
    'oʊ',
    'əʊ',
    'ɪə',
    'ɛə',
    'ʊə',
    'ɑɹ',
    'ɔɹ',
    'p',
    'b',
    't',
    'd',
    'k',
    'g',
    'ɡ',
    'f',
    'v',
    'θ',
    'ð',
    's',
    'z',
    'ʃ',
    'ʒ',
    'h',
    'ɦ',
    'm',
    'n',
    'ŋ',
    'l',
    'ɫ',
    'r',
    'ɹ',
    'ɻ',
    'ɾ',
    'w',
    'ʍ',
    'j',
    'x',
    'ʔ',
    'tʃ',
    'ʧ',
    'dʒ',
    'ʤ',
    't͡ʃ',
    'd͡ʒ',
    'n̩',
    'l̩',
    'm̩',
  ]
  it.each(symbols)('%s', (symbol) => {
    expect(mnemonics(ipaToEspeak(`/${symbol}/`)).length).toBeGreaterThanOrEqual(1)
  })

  it('stress marks go before the syllable', () => {
    expect(ipaToEspeak('/ˈtæmbɚ/')).toBe("'tamb3")
    expect(ipaToEspeak('/ˌʌndɚˈstænd/')).toMatch(/^,V.*'/)
  })
})
