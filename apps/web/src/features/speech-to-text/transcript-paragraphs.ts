// A transcript's words read as paragraphs: a new one where the speaker changes or after a long
// pause, each with its start time, so a page reads like a script rather than one line of words.

/** A pause at least this long starts a new paragraph even when the speaker stays. */
export const PARAGRAPH_PAUSE_SECONDS = 1.5

export interface TranscriptWordLike {
  text: string
  start: number | null
  end: number | null
  type: 'word' | 'spacing' | 'audio_event'
  speaker_id: string | null
}

export interface Paragraph {
  speaker: string | null
  start: number | null
  /** Words and sound tags in order; a tag is shown apart from the words. */
  parts: { text: string; event: boolean }[]
}

export function paragraphsOf(words: readonly TranscriptWordLike[]): Paragraph[] {
  const out: Paragraph[] = []
  let lastEnd: number | null = null
  for (const word of words) {
    if (word.type === 'spacing') continue
    const current = out[out.length - 1]
    const paused = lastEnd !== null && word.start !== null && word.start - lastEnd >= PARAGRAPH_PAUSE_SECONDS
    const otherSpeaker = word.type === 'word' && current !== undefined && word.speaker_id !== current.speaker
    if (!current || paused || (otherSpeaker && current.parts.some((p) => !p.event))) {
      out.push({ speaker: word.speaker_id, start: word.start, parts: [] })
    }
    const paragraph = out[out.length - 1]!
    if (word.type === 'word' && paragraph.parts.every((p) => p.event)) paragraph.speaker = word.speaker_id
    paragraph.parts.push({ text: word.text, event: word.type === 'audio_event' })
    if (word.end !== null) lastEnd = word.end
  }
  return out
}

/** "1:05", or "1:02:05" past an hour. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const hours = Math.floor(s / 3600)
  const minutes = Math.floor((s % 3600) / 60)
  const rest = String(s % 60).padStart(2, '0')
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`
}

/** "Speaker 1" for speaker_0: people count from one. */
export function speakerNumber(id: string): number {
  const n = Number(/(\d+)$/.exec(id)?.[1])
  return Number.isFinite(n) ? n + 1 : 1
}

/** A language code of the API ("eng", "en") named in the reader's language ("English"). */
export function languageName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code
  } catch {
    return code
  }
}
