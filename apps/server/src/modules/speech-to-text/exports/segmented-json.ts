import type { TranscriptExportOptions } from '@timbre/contract'
import type { Cue } from './cues.js'
import type { ExportTranscript } from './segments.js'

// The segmented JSON export: `{ language_code, segments: [{ text, start_time, end_time, speaker,
// words: [{ text, start_time, end_time, type }] }] }`, times in seconds from the start of the
// audio. Times are left out when include_timestamps is false or the transcript has none; the
// speaker when include_speakers is false.

export function toSegmentedJson(
  transcript: ExportTranscript,
  cues: readonly Cue[],
  options: TranscriptExportOptions,
): string {
  const times = (start: number | null, end: number | null) =>
    options.include_timestamps && start !== null && end !== null ? { start_time: start, end_time: end } : {}
  return JSON.stringify({
    language_code: transcript.language_code,
    segments: cues.map((cue) => ({
      text: cue.text,
      ...times(cue.start, cue.end),
      ...(options.include_speakers ? { speaker: cue.speaker } : {}),
      words: cue.words.map((w) => ({
        text: w.text,
        ...times(w.start, w.end),
        type: w.kind,
        ...(options.include_speakers ? { speaker: w.speaker } : {}),
      })),
    })),
  })
}
