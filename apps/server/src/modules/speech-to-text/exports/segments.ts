import {
  SUBTITLE_LINES_PER_CUE,
  type TranscriptExportFormat,
  type TranscriptExportOptions,
} from '@timbre/contract'
import type { ApiWord } from '../transcript-words.js'
import { buildCues, type Cue, type CueWord } from './cues.js'

// From a transcript's public word list to the cues an export writes: spacing goes, words and
// audio events stay, and the format's options become the cue limits.

/** What every export is made from: a stored or fresh transcript. */
export interface ExportTranscript {
  transcription_id: string
  language_code: string
  words: readonly ApiWord[]
  /** Names the editor gave speakers, by speaker id (`speaker_0`: "Ann"). */
  speaker_names?: Readonly<Record<string, string>>
}

const SUBTITLES: readonly TranscriptExportFormat[] = ['srt', 'vtt']

export function isSubtitles(format: TranscriptExportFormat): boolean {
  return SUBTITLES.includes(format)
}

export function cueWords(words: readonly ApiWord[]): CueWord[] {
  return words
    .filter((w) => w.type !== 'spacing')
    .map((w) => ({
      text: w.text.trim(),
      start: w.start,
      end: w.end,
      speaker: w.speaker_id,
      kind: w.type === 'audio_event' ? ('audio_event' as const) : ('word' as const),
    }))
}

export function segmentsOf(
  transcript: ExportTranscript,
  format: TranscriptExportFormat,
  options: TranscriptExportOptions,
): Cue[] {
  const names = transcript.speaker_names ?? {}
  const cues = buildCues(cueWords(transcript.words), {
    silenceGapS: options.segment_on_silence_longer_than_s,
    maxDurationS: options.max_segment_duration_s,
    maxChars: options.max_segment_chars,
    maxCharsPerLine: options.max_characters_per_line,
    maxLines: isSubtitles(format) ? SUBTITLE_LINES_PER_CUE : null,
    splitOnSpeaker: options.include_speakers,
  })
  return cues.map((cue) => {
    const name = cue.speaker ? names[cue.speaker]?.trim() : undefined
    return name ? { ...cue, speakerName: name } : cue
  })
}

/** `speaker_0` reads "Speaker 1" in documents and subtitles; other ids stay as they are. */
export function speakerLabel(id: string): string {
  const n = /^speaker_(\d+)$/.exec(id)
  return n ? `Speaker ${Number(n[1]) + 1}` : id
}

/** How a cue's speaker is written: the name given in the editor, else "Speaker 1" and so on. */
export function speakerOf(cue: Cue): string {
  return cue.speakerName ?? speakerLabel(cue.speaker ?? '')
}
