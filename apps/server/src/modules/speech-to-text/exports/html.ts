import type { TranscriptExportOptions } from '@timbre/contract'
import type { Cue } from './cues.js'
import { type ExportTranscript, speakerOf } from './segments.js'
import { wholeSeconds } from './timecode.js'

// A self-contained HTML page: one paragraph per segment, with its start time and speaker when
// asked for, and the segment's times in data attributes for players that follow along. Every
// piece of transcript text is escaped.

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

export function toHtml(
  transcript: ExportTranscript,
  cues: readonly Cue[],
  options: TranscriptExportOptions,
): string {
  const paragraphs = cues.map((cue) => {
    const timed = cue.start !== null && cue.end !== null
    const attributes = timed ? ` data-start="${cue.start}" data-end="${cue.end}"` : ''
    const time =
      options.include_timestamps && timed ? `<span class="time">${wholeSeconds(cue.start!)}</span> ` : ''
    const speaker =
      options.include_speakers && cue.speaker
        ? `<span class="speaker">${escapeHtml(speakerOf(cue))}:</span> `
        : ''
    return `<p${attributes}>${time}${speaker}${escapeHtml(cue.text)}</p>`
  })
  return [
    '<!DOCTYPE html>',
    `<html lang="${escapeHtml(transcript.language_code)}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<title>Transcript ${escapeHtml(transcript.transcription_id)}</title>`,
    '<style>body{font-family:sans-serif;max-width:48rem;margin:2rem auto;line-height:1.5}' +
      '.time{color:#666;font-variant-numeric:tabular-nums}.speaker{font-weight:bold}</style>',
    '</head>',
    '<body>',
    '<h1>Transcript</h1>',
    ...paragraphs,
    '</body>',
    '</html>',
    '',
  ].join('\n')
}
