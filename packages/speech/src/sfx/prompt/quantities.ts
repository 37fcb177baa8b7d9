// Counts and durations written in a phrase: "twice", "three times", "3 barks", "a couple of",
// "for 5 seconds", "a 2-second", "half a second". Each finder returns what it found and the
// phrase without it, so a duration's number is never read again as a count.

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
}

const NUMBER = `(\\d+(?:\\.\\d+)?|${Object.keys(NUMBER_WORDS).join('|')})`

export function numberValue(word: string): number {
  return NUMBER_WORDS[word] ?? Number(word)
}

const UNIT_SECONDS: Record<string, number> = {
  ms: 0.001,
  millisecond: 0.001,
  milliseconds: 0.001,
  s: 1,
  sec: 1,
  secs: 1,
  second: 1,
  seconds: 1,
  min: 60,
  minute: 60,
  minutes: 60,
}
const UNIT = '(milliseconds?|ms|seconds?|secs?|s|minutes?|min)'

const DURATION_PATTERNS: Array<[RegExp, (m: RegExpMatchArray) => number]> = [
  [/\b(?:for\s+)?half\s+a\s+second\b/, () => 0.5],
  [
    new RegExp(`\\b(?:for\\s+|lasting\\s+)?(?:about\\s+|around\\s+)?${NUMBER}[\\s-]?${UNIT}(?:\\s+long)?\\b`),
    (m) => numberValue(m[1]!) * UNIT_SECONDS[m[2]!]!,
  ],
  [/\bfor\s+a\s+(second|minute)\b/, (m) => UNIT_SECONDS[m[1]!]!],
]

/** The first duration in `phrase`, in seconds, and the phrase without it. */
export function takeDuration(phrase: string): { seconds: number | null; rest: string } {
  for (const [pattern, value] of DURATION_PATTERNS) {
    const m = phrase.match(pattern)
    if (m) return { seconds: value(m), rest: phrase.replace(pattern, ' ') }
  }
  return { seconds: null, rest: phrase }
}

const COUNT_PATTERNS: Array<[RegExp, (m: RegExpMatchArray) => number]> = [
  [new RegExp(`\\b${NUMBER}\\s+times\\b`), (m) => numberValue(m[1]!)],
  [/\bonce\b/, () => 1],
  [/\btwice\b/, () => 2],
  [/\bthrice\b/, () => 3],
  [/\bseveral\s+times\b|\brepeatedly\b/, () => 4],
  [/\ba\s+(?:couple|pair)\s+of\b/, () => 2],
  [/\ba\s+few\b/, () => 3],
  [/\bseveral\b/, () => 4],
  [/\bdouble\b/, () => 2],
  [/\btriple\b/, () => 3],
  [new RegExp(`\\b${NUMBER}\\b`), (m) => numberValue(m[1]!)],
]

/** More repeats than fit in the longest effect (22 s) at the shortest spacing are not rendered. */
export const MAX_COUNT = 60

/** The count `phrase` asks for (whole, 1 to MAX_COUNT) and the phrase without it; null when none. */
export function takeCount(phrase: string): { count: number | null; rest: string } {
  for (const [pattern, value] of COUNT_PATTERNS) {
    const m = phrase.match(pattern)
    if (m) {
      const count = Math.round(value(m))
      if (count >= 1) return { count: Math.min(MAX_COUNT, count), rest: phrase.replace(pattern, ' ') }
    }
  }
  return { count: null, rest: phrase }
}
