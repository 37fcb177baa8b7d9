import type { TranscriptExportFormat } from '@timbre/contract'
import { toDocx } from './docx.js'
import type { ExportRequest } from './export-options.js'
import { toHtml } from './html.js'
import { toPdf } from './pdf.js'
import { toPlainText } from './plain-text.js'
import { toSegmentedJson } from './segmented-json.js'
import { type ExportTranscript, segmentsOf } from './segments.js'
import { toSrt, toVtt } from './subtitles.js'

// One export of a transcript, in the shape of the public API's `additional_formats` entries:
// text formats as UTF-8 text, DOCX and PDF base64-encoded.

export interface ExportedFile {
  requested_format: TranscriptExportFormat
  file_extension: string
  content_type: string
  is_base64_encoded: boolean
  content: string
}

/** The file extension and media type of each format. */
export const EXPORT_FILE_TYPES: Record<TranscriptExportFormat, { extension: string; contentType: string }> = {
  srt: { extension: 'srt', contentType: 'application/x-subrip' },
  vtt: { extension: 'vtt', contentType: 'text/vtt' },
  txt: { extension: 'txt', contentType: 'text/plain' },
  segmented_json: { extension: 'json', contentType: 'application/json' },
  html: { extension: 'html', contentType: 'text/html' },
  docx: {
    extension: 'docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  pdf: { extension: 'pdf', contentType: 'application/pdf' },
}

/** The export's bytes: text formats in UTF-8. Subtitles of an untimed transcript are refused. */
export async function exportBytes(
  transcript: ExportTranscript,
  request: ExportRequest,
): Promise<{ text: string } | { binary: Buffer }> {
  const { format, options } = request
  const cues = segmentsOf(transcript, format, options)
  switch (format) {
    case 'srt':
      return { text: toSrt(cues, options) }
    case 'vtt':
      return { text: toVtt(cues, options) }
    case 'txt':
      return { text: toPlainText(cues, options) }
    case 'segmented_json':
      return { text: toSegmentedJson(transcript, cues, options) }
    case 'html':
      return { text: toHtml(transcript, cues, options) }
    case 'docx':
      return { binary: await toDocx(cues, options) }
    case 'pdf':
      return { binary: await toPdf(transcript.transcription_id, cues, options) }
  }
}

export async function exportTranscript(
  transcript: ExportTranscript,
  request: ExportRequest,
): Promise<ExportedFile> {
  const bytes = await exportBytes(transcript, request)
  const type = EXPORT_FILE_TYPES[request.format]
  return {
    requested_format: request.format,
    file_extension: type.extension,
    content_type: type.contentType,
    is_base64_encoded: 'binary' in bytes,
    content: 'binary' in bytes ? bytes.binary.toString('base64') : bytes.text,
  }
}
