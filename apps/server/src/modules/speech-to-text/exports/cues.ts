// Segmenting a transcript's words into cues (subtitle cues, document paragraphs). Pure: the same
// words and limits always give the same cues.
//
// The rules: words stay whole and in order, each in exactly one cue. A word opens a new cue when
// adding it to the current one would break a limit: a pause before it longer than the silence
// limit, a cue longer than the duration limit, more characters than the character limit, more
// lines than the line limit once wrapped, or (when speakers are shown) another speaker. A word
// that breaks a limit on its own still gets a cue of its own.

export interface CueWord {
  text: string
  /** Seconds from the start of the audio; null when the transcript has no times. */
  start: number | null
  end: number | null
  speaker: string | null
  kind: 'word' | 'audio_event'
}

export interface CueLimits {
  silenceGapS: number | null
  maxDurationS: number | null
  maxChars: number | null
  maxCharsPerLine: number | null
  maxLines: number | null
  splitOnSpeaker: boolean
}

export interface Cue {
  words: CueWord[]
  /** The cue's text, wrapped into lines when a line length is set (one line otherwise). */
  lines: string[]
  text: string
  start: number | null
  end: number | null
  speaker: string | null
  /** The speaker's name given in the editor; exports fall back to "Speaker 1" and so on. */
  speakerName?: string
}

/**
 * Greedy wrapping of whole words into lines of at most `maxChars` characters (counted in code
 * points); a word longer than a line gets a line of its own.
 */
export function wrapLines(words: readonly string[], maxChars: number | null): string[] {
  if (words.length === 0) return []
  if (maxChars === null) return [words.join(' ')]
  const lines: string[] = []
  let line = ''
  for (const word of words) {
    if (line === '') line = word
    else if (length(line) + 1 + length(word) <= maxChars) line += ` ${word}`
    else {
      lines.push(line)
      line = word
    }
  }
  lines.push(line)
  return lines
}

function length(text: string): number {
  return [...text].length
}

/** A cue being filled, with its character count kept as words join it. */
interface OpenCue {
  words: CueWord[]
  chars: number
}

function fits(current: OpenCue, next: CueWord, limits: CueLimits): boolean {
  const first = current.words[0]!
  const last = current.words.at(-1)!
  if (limits.splitOnSpeaker && next.speaker !== first.speaker) return false
  if (limits.silenceGapS !== null && last.end !== null && next.start !== null)
    if (next.start - last.end > limits.silenceGapS) return false
  if (limits.maxDurationS !== null && first.start !== null && next.end !== null)
    if (next.end - first.start > limits.maxDurationS) return false
  if (limits.maxChars !== null && current.chars + 1 + length(next.text) > limits.maxChars) return false
  // Without a line length every cue is one line, so only a line length can break the line limit.
  if (limits.maxLines !== null && limits.maxCharsPerLine !== null) {
    const texts = [...current.words, next].map((w) => w.text)
    if (wrapLines(texts, limits.maxCharsPerLine).length > limits.maxLines) return false
  }
  return true
}

function cueOf(words: CueWord[], maxCharsPerLine: number | null): Cue {
  const texts = words.map((w) => w.text)
  const starts = words.map((w) => w.start).filter((t): t is number => t !== null)
  const ends = words.map((w) => w.end).filter((t): t is number => t !== null)
  return {
    words,
    lines: wrapLines(texts, maxCharsPerLine),
    text: texts.join(' '),
    // Folded rather than spread: a cue with no limits may hold a whole long transcript.
    start: starts.length > 0 ? starts.reduce((a, b) => Math.min(a, b)) : null,
    end: ends.length > 0 ? ends.reduce((a, b) => Math.max(a, b)) : null,
    speaker: words[0]!.speaker,
  }
}

export function buildCues(words: readonly CueWord[], limits: CueLimits): Cue[] {
  const open: OpenCue[] = []
  for (const word of words) {
    if (word.text.trim() === '') continue
    const current = open.at(-1)
    if (current && fits(current, word, limits)) {
      current.words.push(word)
      current.chars += 1 + length(word.text)
    } else open.push({ words: [word], chars: length(word.text) })
  }
  return open.map((c) => cueOf(c.words, limits.maxCharsPerLine))
}
