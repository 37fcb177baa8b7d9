import type { Generated } from 'kysely'
import type { Timestamp } from '../../../db/schema.js'

/** The editor's state of one transcript: its kept audio, waveform, version, names and segments. */
export interface SpeechToTextTranscriptEditsTable {
  transcript_id: string
  workspace_id: string
  /** The file storage key of the transcript's audio; null when it was not kept. */
  audio_key: string | null
  audio_bytes: Generated<number>
  /** Waveform bars, 0 to 100, evenly over the audio. */
  peaks: Generated<unknown>
  /** Raised by every saved edit; a save names the version it was made on. */
  version: Generated<number>
  /** Display names by speaker id (`speaker_0`: "Ann"). */
  speaker_names: Generated<unknown>
  /** Indices into the word list where segments start; null until an edit draws them. */
  segment_starts: unknown
  updated_at: Timestamp
}

// This table joins the one database type every query is checked against.
declare module '../../../db/schema.js' {
  interface DB {
    speech_to_text_transcript_edits: SpeechToTextTranscriptEditsTable
  }
}
