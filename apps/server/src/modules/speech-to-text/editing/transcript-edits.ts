import { AppError } from '../../../errors.js'
import { type ApiWord, characterTimes } from '../transcript-words.js'
import { segmentAt, segmentsOf } from './transcript-segments.js'

// The editor's changes to a word list, each a pure function: words in, words out. Segment
// starts travel with the words as a flag, so replacing or removing words never leaves a start
// pointing at the wrong one.

export interface TimedToken {
  text: string
  start: number | null
  end: number | null
}

interface Item {
  word: ApiWord
  starts: boolean
}

const round = (t: number) => Math.round(t * 1000) / 1000

function invalid(message: string, param?: string): AppError {
  return new AppError('transcript_edit_invalid', { message, ...(param ? { param } : {}) })
}

function itemsOf(words: readonly ApiWord[], starts: readonly number[]): Item[] {
  const set = new Set(starts)
  return words.map((word, index) => ({ word, starts: set.has(index) }))
}

function spacing(speaker: string | null): ApiWord {
  return {
    text: ' ',
    type: 'spacing',
    start: null,
    end: null,
    speaker_id: speaker,
    logprob: 0,
    characters: null,
  }
}

/** Back to a word list, each spacing timed from the end of the entry before to the start of the one after. */
function listOf(items: Item[], withCharacters: boolean): { words: ApiWord[]; starts: number[] } {
  const words = items.map((i) => i.word)
  // One pass each way: the end of the spoken entry before each place, the start of the one after.
  const endBefore: (number | null)[] = []
  let lastEnd: number | null = null
  for (const word of words) {
    endBefore.push(lastEnd)
    if (word.type !== 'spacing') lastEnd = word.end
  }
  const startAfter: (number | null)[] = new Array(words.length).fill(null)
  let nextStart: number | null = null
  for (let i = words.length - 1; i >= 0; i--) {
    startAfter[i] = nextStart
    if (words[i]!.type !== 'spacing') nextStart = words[i]!.start
  }
  const retimed = words.map((word, index) => {
    const from = endBefore[index] ?? null
    const to = startAfter[index] ?? null
    if (word.type !== 'spacing' || from === null || to === null) return word
    const end = Math.max(from, to)
    return { ...word, start: from, end, characters: withCharacters ? characterTimes(' ', from, end) : null }
  })
  const starts = items.flatMap((item, index) => (item.starts ? [index] : []))
  return { words: retimed, starts }
}

/** What was said, as the API's `text` holds it: the words, sound tags left out. */
export function transcriptText(words: readonly ApiWord[]): string {
  return words
    .filter((w) => w.type === 'word')
    .map((w) => w.text)
    .join(' ')
}

/** The range an edit may replace: words (no sound tags) of one segment, first to last. */
export function checkWordRange(
  words: readonly ApiWord[],
  starts: readonly number[],
  from: number,
  to: number,
) {
  if (from > to) throw invalid('from_index must not be after to_index.', 'from_index')
  if (words[from]?.type !== 'word') throw invalid('from_index must name a word.', 'from_index')
  if (words[to]?.type !== 'word') throw invalid('to_index must name a word.', 'to_index')
  if (words.slice(from, to + 1).some((w) => w.type === 'audio_event'))
    throw invalid('A sound tag cannot be edited as words.', 'to_index')
  const segments = segmentsOf(words, starts)
  const segment = segmentAt(segments, from)
  if (segment !== segmentAt(segments, to)) throw invalid('The words must be in one segment.', 'to_index')
  return { segments, segment }
}

/**
 * Replaces the entries from..to with new words (an empty list removes them). They take the
 * speaker of the first replaced word, certain log probabilities, and characters when the
 * transcript has them.
 */
export function replaceWords(
  words: readonly ApiWord[],
  starts: readonly number[],
  range: { from: number; to: number },
  tokens: readonly TimedToken[],
) {
  const items = itemsOf(words, starts)
  const first = items[range.from]!
  const withCharacters = first.word.characters !== null
  const fresh: Item[] = tokens.map((t, i) => ({
    starts: i === 0 && first.starts,
    word: {
      text: t.text,
      start: t.start === null ? null : round(t.start),
      end: t.end === null ? null : round(t.end),
      type: 'word',
      speaker_id: first.word.speaker_id,
      logprob: 0,
      characters:
        withCharacters && t.start !== null && t.end !== null ? characterTimes(t.text, t.start, t.end) : null,
    },
  }))
  const before = items.slice(0, range.from)
  const after = items.slice(range.to + 1)
  const between = fresh.flatMap((item, i) =>
    i === 0 ? [item] : [{ word: spacing(item.word.speaker_id), starts: false }, item],
  )
  if (fresh.length === 0) {
    // Removed words take one spacing with them, and hand a segment start on to the word after.
    if (before.at(-1)?.word.type === 'spacing') before.pop()
    else if (after[0]?.word.type === 'spacing') after.shift()
    const next = after.find((i) => i.word.type !== 'spacing')
    if (first.starts && next) next.starts = true
  }
  return listOf([...before, ...between, ...after], withCharacters)
}

export function splitSegment(words: readonly ApiWord[], starts: readonly number[], index: number): number[] {
  const word = words[index]
  if (!word || word.type === 'spacing')
    throw invalid('word_index must name a word or sound tag.', 'word_index')
  if (starts.includes(index)) throw invalid('A segment already starts at this word.', 'word_index')
  return [...starts, index].sort((a, b) => a - b)
}

/** Joins segment k with the one after it; the joined words take the first one's speaker. */
export function joinSegments(words: readonly ApiWord[], starts: readonly number[], k: number) {
  const segments = segmentsOf(words, starts)
  const next = segments[k + 1]
  if (!segments[k] || !next)
    throw invalid('segment_index must name a segment that has one after it.', 'segment_index')
  const speaker = segments[k]!.speaker_id
  const joined = words.map((w, i) =>
    i >= next.start_index && i <= next.end_index && w.type !== 'audio_event'
      ? { ...w, speaker_id: speaker }
      : w,
  )
  return { words: joined, starts: starts.filter((s) => s !== next.start_index) }
}

export function speakerIds(words: readonly ApiWord[]): string[] {
  return [...new Set(words.map((w) => w.speaker_id).filter((s): s is string => s !== null))].sort()
}

/** Every word of `from` becomes `into`'s; `from`'s name goes. */
export function mergeSpeakers(
  words: readonly ApiWord[],
  names: Record<string, string>,
  from: string,
  into: string,
) {
  const known = speakerIds(words)
  if (!known.includes(from))
    throw new AppError('transcript_edit_invalid', {
      param: 'speaker_id',
      message: 'No word has this speaker.',
    })
  if (!known.includes(into) || into === from)
    throw invalid('into_speaker_id must name another speaker of this transcript.', 'into_speaker_id')
  const { [from]: _gone, ...kept } = names
  return {
    words: words.map((w) => (w.speaker_id === from ? { ...w, speaker_id: into } : w)),
    names: kept,
  }
}
