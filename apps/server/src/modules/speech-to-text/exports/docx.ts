import type { TranscriptExportOptions } from '@timbre/contract'
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx'
import type { Cue } from './cues.js'
import { speakerOf } from './segments.js'
import { wholeSeconds } from './timecode.js'

// The Word (DOCX) export: a title and one paragraph per segment, opening with its start time
// (grey) and speaker (bold) when asked for.

export async function toDocx(cues: readonly Cue[], options: TranscriptExportOptions): Promise<Buffer> {
  const paragraphs = cues.map((cue) => {
    const runs: TextRun[] = []
    if (options.include_timestamps && cue.start !== null)
      runs.push(new TextRun({ text: `${wholeSeconds(cue.start)} `, color: '666666' }))
    if (options.include_speakers && cue.speaker)
      runs.push(new TextRun({ text: `${speakerOf(cue)}: `, bold: true }))
    runs.push(new TextRun(cue.text))
    return new Paragraph({ children: runs, spacing: { after: 160 } })
  })
  const document = new Document({
    creator: 'Timbre',
    title: 'Transcript',
    sections: [
      { children: [new Paragraph({ text: 'Transcript', heading: HeadingLevel.HEADING_1 }), ...paragraphs] },
    ],
  })
  return Buffer.from(await Packer.toBuffer(document))
}
