import type { ExportedFile } from './exports/export-transcript.js'
import type { TranscriptRow } from './speech-to-text.repository.js'
import type { ApiWord } from './transcript-words.js'

/** A transcript as the public API answers it. */
export interface TranscriptBody {
  language_code: string
  language_probability: number
  text: string
  words: ApiWord[]
  transcription_id: string
  audio_duration_secs: number
  additional_formats?: ExportedFile[]
}

export function transcriptBody(row: TranscriptRow): TranscriptBody {
  const words = (typeof row.words === 'string' ? JSON.parse(row.words) : row.words) as ApiWord[]
  return {
    language_code: row.language_code,
    language_probability: row.language_probability,
    text: row.text,
    words,
    transcription_id: row.id,
    audio_duration_secs: row.audio_duration_seconds,
  }
}
