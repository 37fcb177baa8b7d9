// IPA to CMU Arpabet for Flite's lexicon addenda (Flite takes no IPA). Covers General
// American English phones; stress marks move to the following vowel's digit.

const VOWELS: Record<string, string> = {
  eɪ: 'ey',
  aɪ: 'ay',
  ɔɪ: 'oy',
  aʊ: 'aw',
  oʊ: 'ow',
  əʊ: 'ow',
  ɝ: 'er',
  ɚ: 'er',
  ɜ: 'er',
  ɑ: 'aa',
  ɒ: 'aa',
  æ: 'ae',
  ʌ: 'ah',
  ə: 'ah',
  ɔ: 'ao',
  ɛ: 'eh',
  e: 'ey',
  ɪ: 'ih',
  i: 'iy',
  ʊ: 'uh',
  u: 'uw',
  o: 'ow',
  a: 'aa',
}

const CONSONANTS: Record<string, string> = {
  tʃ: 'ch',
  dʒ: 'jh',
  ʧ: 'ch',
  ʤ: 'jh',
  b: 'b',
  d: 'd',
  ð: 'dh',
  f: 'f',
  ɡ: 'g',
  g: 'g',
  h: 'hh',
  j: 'y',
  k: 'k',
  l: 'l',
  m: 'm',
  n: 'n',
  ŋ: 'ng',
  p: 'p',
  ɹ: 'r',
  r: 'r',
  ɾ: 'd',
  s: 's',
  ʃ: 'sh',
  t: 't',
  θ: 'th',
  v: 'v',
  w: 'w',
  z: 'z',
  ʒ: 'zh',
}

const IGNORED = new Set(['ː', '.', ' ', '/', '[', ']', 'ʰ', '̩', '‿'])

/** Returns space-separated Arpabet with stress digits, or null when a phone is unknown. */
export function ipaToArpabet(ipa: string): string | null {
  const phones: string[] = []
  let stress = '0'
  let i = 0
  const chars = [...ipa.normalize('NFC')]
  while (i < chars.length) {
    const ch = chars[i]!
    if (ch === 'ˈ' || ch === "'") {
      stress = '1'
      i++
      continue
    }
    if (ch === 'ˌ') {
      stress = '2'
      i++
      continue
    }
    if (IGNORED.has(ch)) {
      i++
      continue
    }
    const pair = ch + (chars[i + 1] ?? '')
    const vowel = VOWELS[pair] ?? VOWELS[ch]
    const consonant = CONSONANTS[pair] ?? CONSONANTS[ch]
    const width = VOWELS[pair] || CONSONANTS[pair] ? 2 : 1
    if (vowel) {
      phones.push(vowel + stress)
      stress = '0'
    } else if (consonant) {
      phones.push(consonant)
    } else {
      return null
    }
    i += width
  }
  return phones.length > 0 ? phones.join(' ') : null
}

/** Normalises user Arpabet (`T AH0 M EY1 T OW0`) to Flite's lower-case phones with stress on vowels. */
export function normalizeArpabet(arpabet: string): string | null {
  const phones = arpabet.trim().toLowerCase().split(/\s+/).filter(Boolean)
  if (phones.length === 0) return null
  const out: string[] = []
  for (const phone of phones) {
    const match = /^([a-z]+)([0-2]?)$/.exec(phone)
    if (!match) return null
    const base = match[1]!
    const isVowel = Object.values(VOWELS).includes(base) || base === 'ax'
    if (!isVowel && !Object.values(CONSONANTS).includes(base)) return null
    out.push(isVowel ? `${base === 'ax' ? 'ah' : base}${match[2] || '1'}` : base)
  }
  return out.join(' ')
}
