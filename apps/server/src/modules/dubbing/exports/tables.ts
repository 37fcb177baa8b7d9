import type { SegmentRow, SpeakerRow } from '../dubbing.repository.js'

// The two exports made from the segments alone: SRT subtitles of a language (the source
// language gives the transcription), and the CSV with one row per segment (speaker, start_time,
// end_time, transcription, translation).

function srtTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000))
  const h = Math.floor(ms / 3_600_000)
  const m = Math.floor((ms % 3_600_000) / 60_000)
  const s = Math.floor((ms % 60_000) / 1000)
  const pad = (n: number, w = 2) => String(n).padStart(w, '0')
  return `${pad(h)}:${pad(m)}:${pad(s)},${pad(ms % 1000, 3)}`
}

function vttTime(seconds: number): string {
  return srtTime(seconds).replace(',', '.')
}

/** A segment's text and times in a language (the source's when `language` is null). */
export function cueOf(segment: SegmentRow, language: string | null) {
  const dub = language ? segment.dubs[language] : undefined
  if (language && !dub) return null
  return {
    start: dub?.start_time ?? segment.start_time,
    end: dub?.end_time ?? segment.end_time,
    text: (dub ? dub.text : segment.text).trim(),
  }
}

export function srtOf(segments: SegmentRow[], language: string | null): string {
  const cues = segments.map((s) => cueOf(s, language)).filter((c) => c?.text) as Array<
    NonNullable<ReturnType<typeof cueOf>>
  >
  return cues.map((c, i) => `${i + 1}\n${srtTime(c.start)} --> ${srtTime(c.end)}\n${c.text}\n`).join('\n')
}

export function webvttOf(segments: SegmentRow[], language: string | null): string {
  const cues = segments.map((s) => cueOf(s, language)).filter((c) => c?.text) as Array<
    NonNullable<ReturnType<typeof cueOf>>
  >
  return `WEBVTT\n\n${cues.map((c) => `${vttTime(c.start)} --> ${vttTime(c.end)}\n${c.text}\n`).join('\n')}`
}

/** A CSV field quoted when it must be (RFC 4180), and never read as a formula by a spreadsheet. */
function field(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvOf(segments: SegmentRow[], speakers: SpeakerRow[], language: string): string {
  const names = new Map(speakers.map((s) => [s.id, s.name]))
  const rows = [['speaker', 'start_time', 'end_time', 'transcription', 'translation']]
  for (const segment of segments) {
    const dub = segment.dubs[language]
    rows.push([
      names.get(segment.speaker_id) ?? '',
      (dub?.start_time ?? segment.start_time).toFixed(3),
      (dub?.end_time ?? segment.end_time).toFixed(3),
      segment.text,
      dub?.text ?? '',
    ])
  }
  return `${rows.map((r) => r.map(field).join(',')).join('\r\n')}\r\n`
}
