import type { TimestampsGranularity } from '@timbre/contract'
import type { RecognisedWord } from '@timbre/speech'

// The public API's word list: recognised words with spacing between them, speakers, log
// probabilities and (at character granularity) each character's share of its word's time.

export interface ApiCharacter {
  text: string
  start: number
  end: number
}

export interface ApiWord {
  text: string
  start: number | null
  end: number | null
  type: 'word' | 'spacing' | 'audio_event'
  speaker_id: string | null
  logprob: number
  characters: ApiCharacter[] | null
}

const round = (t: number) => Math.round(t * 1000) / 1000

/** Spreads a word's time over its characters evenly. */
export function characterTimes(text: string, start: number, end: number): ApiCharacter[] {
  const chars = [...text]
  const step = (end - start) / Math.max(1, chars.length)
  return chars.map((c, i) => ({
    text: c,
    start: round(start + i * step),
    end: round(start + (i + 1) * step),
  }))
}

export function apiWords(
  words: readonly RecognisedWord[],
  options: { granularity: TimestampsGranularity; speakerOf: (index: number) => string | null },
): ApiWord[] {
  const timed = options.granularity !== 'none'
  const withChars = options.granularity === 'character'
  const out: ApiWord[] = []
  words.forEach((w, i) => {
    const speaker = options.speakerOf(i)
    const previous = words[i - 1]
    if (previous) {
      out.push({
        text: ' ',
        start: timed ? round(previous.end) : null,
        end: timed ? round(Math.max(previous.end, w.start)) : null,
        type: 'spacing',
        speaker_id: speaker,
        logprob: 0,
        characters: withChars ? characterTimes(' ', previous.end, Math.max(previous.end, w.start)) : null,
      })
    }
    out.push({
      text: w.text,
      start: timed ? round(w.start) : null,
      end: timed ? round(w.end) : null,
      type: 'word',
      speaker_id: speaker,
      logprob: round(w.logprob),
      characters: withChars ? characterTimes(w.text, w.start, w.end) : null,
    })
  })
  return out
}
