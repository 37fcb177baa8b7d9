import type { TranscriptExportOptions } from '@timbre/contract'
import PDFDocument from 'pdfkit'
import type { Cue } from './cues.js'
import { fontRuns, STANDARD_FONT, unicodeFonts } from './pdf-fonts.js'
import { speakerOf } from './segments.js'
import { wholeSeconds } from './timecode.js'

// The PDF export: an A4 document with a title and one paragraph per segment, each under a grey
// line with its start time and speaker when asked for. Text outside Windows-1252 is drawn with
// an embedded Unicode font (see pdf-fonts.ts).

const BODY_SIZE = 11
const HEAD_SIZE = 9

export async function toPdf(
  transcriptionId: string,
  cues: readonly Cue[],
  options: TranscriptExportOptions,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `Transcript ${transcriptionId}`, Creator: 'Timbre' },
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve)
    doc.on('error', reject)
  })
  const fonts = unicodeFonts()
  const write = (text: string, size: number, color: string) => {
    const runs = fontRuns(text, fonts)
    doc.fontSize(size).fillColor(color)
    runs.forEach((run, i) => {
      doc.font(run.font).text(run.text, { continued: i < runs.length - 1 })
    })
  }
  write('Transcript', 18, '#000000')
  doc.moveDown(0.5)
  for (const cue of cues) {
    const head = [
      options.include_timestamps && cue.start !== null ? wholeSeconds(cue.start) : '',
      options.include_speakers && cue.speaker ? speakerOf(cue) : '',
    ]
      .filter(Boolean)
      .join('  ')
    if (head) write(head, HEAD_SIZE, '#666666')
    write(cue.text, BODY_SIZE, '#000000')
    doc.moveDown(0.6)
  }
  doc.font(STANDARD_FONT).end()
  await ended
  return Buffer.concat(chunks)
}
