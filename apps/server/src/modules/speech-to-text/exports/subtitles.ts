import type { TranscriptExportOptions } from '@timbre/contract'
import type { Cue } from './cues.js'
import { ExportOptionError } from './export-options.js'
import { speakerOf } from './segments.js'
import { clock } from './timecode.js'

// SubRip (.srt) and WebVTT (.vtt) subtitles. Both always carry times, so a transcript made
// without timestamps cannot become subtitles. A speaker's name, when shown, goes before the
// cue's first line ("Speaker 1: ") in SubRip and in a voice tag in WebVTT; it is not counted
// in the line length.

function timed(cues: readonly Cue[], format: string): Array<Cue & { start: number; end: number }> {
  if (cues.some((c) => c.start === null || c.end === null))
    throw new ExportOptionError(
      `${format} subtitles need word times: transcribe with timestamps_granularity word or character.`,
    )
  return cues as Array<Cue & { start: number; end: number }>
}

export function toSrt(cues: readonly Cue[], options: TranscriptExportOptions): string {
  return timed(cues, 'srt')
    .map((cue, i) => {
      const lines = [...cue.lines]
      if (options.include_speakers && cue.speaker) lines[0] = `${speakerOf(cue)}: ${lines[0]}`
      return `${i + 1}\n${clock(cue.start, ',')} --> ${clock(cue.end, ',')}\n${lines.join('\n')}\n`
    })
    .join('\n')
}

/** WebVTT cue text may not hold `&`, `<` or `>` (nor so `-->`) unescaped. */
function vttText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

export function toVtt(cues: readonly Cue[], options: TranscriptExportOptions): string {
  const body = timed(cues, 'vtt').map((cue) => {
    const lines = cue.lines.map(vttText)
    if (options.include_speakers && cue.speaker) lines[0] = `<v ${vttText(speakerOf(cue))}>${lines[0]}`
    return `${clock(cue.start, '.')} --> ${clock(cue.end, '.')}\n${lines.join('\n')}\n`
  })
  return ['WEBVTT\n', ...body].join('\n')
}
