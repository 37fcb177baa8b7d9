// Syllables of spoken speech, from the phonemes eSpeak NG spoke and their times: one syllable
// per vowel (or syllabic consonant), consonants between two vowels of a word split so the
// next syllable starts with one consonant (the onset), the rest closing the syllable before.
import type { SpokenPhoneme } from '../engines/espeak-engine.js'

/** A stretch of the spoken audio sung as one unit (seconds into the speech). */
export interface SpokenSyllable {
  start: number
  end: number
  /** The vowel: the part a sung note holds. */
  vowelStart: number
  vowelEnd: number
  /** eSpeak NG marked the vowel with primary stress. */
  stressed: boolean
  /** Index of the word in its line. */
  word: number
}

const VOWEL = /[aeiouyæøœɐɑɒɔəɘɛɜɞɤɨɪɯɵɶʉʊʌʏɚɝ]|\u0329/u

function isVowel(ipa: string): boolean {
  return VOWEL.test(ipa)
}

interface TimedPhoneme extends SpokenPhoneme {
  end: number
}

/** Phonemes with their ends (the next phoneme's start), pauses dropped. */
function timed(phonemes: readonly SpokenPhoneme[], duration: number): TimedPhoneme[] {
  const out: TimedPhoneme[] = []
  phonemes.forEach((p, i) => {
    const end = phonemes[i + 1]?.start ?? duration
    if (p.ipa.length > 0 && end > p.start) out.push({ ...p, end })
  })
  return out
}

/** A line's syllables in order; a word with no vowel joins the syllable before it (or after). */
export function syllabify(phonemes: readonly SpokenPhoneme[], duration: number): SpokenSyllable[] {
  const list = timed(phonemes, duration)
  const syllables: SpokenSyllable[] = []
  const words = new Map<number, TimedPhoneme[]>()
  for (const p of list) words.set(p.word, [...(words.get(p.word) ?? []), p])
  let orphan: TimedPhoneme[] = []
  for (const [word, sounds] of words) {
    const nuclei = sounds.flatMap((p, i) => (isVowel(p.ipa) ? [i] : []))
    if (nuclei.length === 0) {
      const last = syllables.at(-1)
      const lastSound = sounds.at(-1)
      if (last && lastSound && sounds[0] && sounds[0].start - last.end < 0.05) last.end = lastSound.end
      else orphan = [...orphan, ...sounds]
      continue
    }
    const first = [...orphan, ...sounds]
    const offset = orphan.length
    orphan = []
    nuclei.forEach((nucleus, k) => {
      const next = nuclei[k + 1]
      // Between two vowels, the last consonant starts the next syllable.
      const from = k === 0 ? 0 : (nuclei[k - 1] ?? 0) + offset + 1 + splitPoint(nuclei[k - 1] ?? 0, nucleus)
      const to = next === undefined ? first.length : nucleus + offset + 1 + splitPoint(nucleus, next)
      const vowel = first[nucleus + offset] as TimedPhoneme
      syllables.push({
        start: (first[from] ?? vowel).start,
        end: (first[to - 1] ?? vowel).end,
        vowelStart: vowel.start,
        vowelEnd: vowel.end,
        stressed: vowel.ipa.includes('ˈ'),
        word,
      })
    })
  }
  const last = syllables.at(-1)
  const tail = orphan.at(-1)
  if (last && tail) last.end = tail.end
  return syllables
}

/** How many consonants after the vowel at `a` stay with it before the vowel at `b`. */
function splitPoint(a: number, b: number): number {
  const between = b - a - 1
  return Math.max(0, between - 1)
}
