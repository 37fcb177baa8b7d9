import type { Timestamp } from '../../db/schema.js'

/** One finished transcription of a workspace: its text, timed words and charge. */
export interface SpeechToTextTranscriptsTable {
  id: string
  workspace_id: string
  user_id: string | null
  request_id: string
  model_id: string
  file_name: string
  language_code: string
  language_probability: number
  text: string
  /** The response's words (with speakers, log probabilities and characters) as JSON. */
  words: unknown
  audio_duration_seconds: number
  credits: number
  created_at: Timestamp
}

// This table joins the one database type every query is checked against.
declare module '../../db/schema.js' {
  interface DB {
    speech_to_text_transcripts: SpeechToTextTranscriptsTable
  }
}
