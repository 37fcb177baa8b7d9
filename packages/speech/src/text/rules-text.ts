// Shared rules for things written with letters and symbols: e-mail addresses and URLs
// (read out: "name at example dot com"), abbreviations, and the symbols & + = @ #.
import type { AbbreviationEntry, LanguagePack } from './language-pack.js'
import { escapeRegExp, type NormRule, rule } from './normalize-engine.js'
import { readDigits } from './number-reading.js'

const TLDS =
  'com|org|net|edu|gov|io|co|ai|app|dev|info|biz|eu|uk|us|de|fr|es|pl|pt|se|it|nl|ru|jp|cn|in|br|ch|at|be|dk|no|fi|cz|ie|ca|au'
const URL_TAIL = `(?:/[^\\s<>"'()\\[\\]]*[^\\s<>"'()\\[\\].,;:!?])?`

export function addressRules(pack: LanguagePack): NormRule[] {
  const read = (address: string): string => readAddress(address, pack)
  return [
    rule(
      ['word', 'digit'],
      `[\\p{L}\\p{N}._%+-]{1,64}@[\\p{L}\\p{N}-]{1,63}(?:\\.[\\p{L}\\p{N}-]{1,63}){0,8}\\.\\p{L}{2,24}(?![\\p{L}\\p{N}])`,
      (m) => read(m[0]),
    ),
    rule(['word'], `(?:https?://|www\\.)[^\\s<>"'()\\[\\]]*[^\\s<>"'()\\[\\].,;:!?]`, (m) => read(m[0]), 'i'),
    rule(
      ['word', 'digit'],
      // Bare domains: the first label has two characters at least, so "m.in." or "U.S." stay abbreviations.
      `[\\p{L}\\p{N}][\\p{L}\\p{N}-]{1,62}(?:\\.[\\p{L}\\p{N}-]{1,63}){0,8}\\.(?:${TLDS})(?![\\p{L}\\p{N}])${URL_TAIL}`,
      (m) => read(m[0]),
    ),
  ]
}

/** Reads an address piece by piece; letters stay words, digits are read one by one. */
export function readAddress(address: string, pack: LanguagePack): string {
  const w = pack.words
  const symbols: Readonly<Record<string, string>> = {
    '.': w.dot,
    '@': w.at,
    '/': w.slash,
    ':': w.colon,
    '-': w.dash,
    _: w.underscore,
  }
  const body = address.replace(/^https?:\/\//i, '')
  const out: string[] = []
  for (const token of body.match(/\p{L}+|\p{N}+|./gu) ?? []) {
    if (/^\p{N}+$/u.test(token)) out.push(readDigits(token, pack))
    else if (/^www$/i.test(token)) out.push('w w w')
    else if (/^\p{L}+$/u.test(token)) out.push(token)
    else if (symbols[token] !== undefined) out.push(symbols[token] ?? '')
  }
  return out.join(' ').replace(/\s+/g, ' ').trim()
}

export function abbreviationRule(pack: LanguagePack): NormRule[] {
  return pack.abbreviations.map((entry) => {
    const pattern = (written: string): string => written.split(' ').map(escapeRegExp).join('[ \\u00a0]?')
    // A lower-case abbreviation is also written with a capital at the start of a sentence.
    const capital = entry.written.charAt(0).toUpperCase() + entry.written.slice(1)
    const source =
      !entry.anyCase && capital !== entry.written
        ? `(?:${pattern(entry.written)}|${pattern(capital)})`
        : pattern(entry.written)
    const end = /\p{L}$/u.test(entry.written) ? '(?![\\p{L}\\p{N}])' : '(?![\\p{L}])'
    return rule(
      ['word', 'symbol'],
      `${source}${end}`,
      (_m, c) => expand(entry, c.text, c.end),
      entry.anyCase ? 'i' : '',
    )
  })
}

function expand(entry: AbbreviationEntry, text: string, end: number): string | undefined {
  const after = text.slice(end, end + 40)
  if (entry.before === 'name' && !/^[ \u00a0]+\p{Lu}/u.test(after)) return undefined
  if (entry.before === 'number' && !/^[ \u00a0]*\d/u.test(after)) return undefined
  // "…, pears etc. Then" keeps its full stop so the sentence still ends there.
  if (entry.canEndSentence && entry.written.endsWith('.') && /^(?:\s+\p{Lu}|\s*$)/u.test(after)) {
    return `${entry.spoken}.`
  }
  return entry.spoken
}

export function symbolRules(pack: LanguagePack): NormRule[] {
  const w = pack.words
  const wordBefore = (text: string, start: number): boolean =>
    /[\p{L}\p{N}][ \u00a0]*$/u.test(text.slice(Math.max(0, start - 4), start))
  return [
    // "Tom & Jerry", "R&D": the language's "and" between words.
    rule(['symbol'], '&(?=[ \\u00a0]*[\\p{L}\\p{N}])', (_m, c) =>
      wordBefore(c.text, c.start) ? ` ${w.and} ` : undefined,
    ),
    rule(['symbol'], '\\+(?=[ \\u00a0]*[\\p{N}])', () => ` ${w.plus} `),
    rule(['symbol'], '=(?=[ \\u00a0]*[\\p{L}\\p{N}])', (_m, c) =>
      wordBefore(c.text, c.start) ? ` ${w.equals} ` : undefined,
    ),
    rule(['symbol'], '@(?=[ \\u00a0])', (_m, c) =>
      c.start === 0 || /[ \u00a0]/u.test(c.text[c.start - 1] ?? '') ? ` ${w.at} ` : undefined,
    ),
    // "#1" -> "number one"; a hashtag's "#" is not said.
    rule(['symbol'], '#(?=\\d)', () => `${w.number} `),
    rule(['symbol'], '#(?=\\p{L})', (_m, c) =>
      /[\p{L}\p{N}]/u.test(c.text[c.start - 1] ?? '') ? undefined : '',
    ),
  ]
}
