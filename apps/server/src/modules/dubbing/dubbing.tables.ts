import type { DubState } from '@timbre/contract'
import type { Generated, JSONColumnType } from 'kysely'
import type { NullableTimestamp, Timestamp } from '../../db/schema.js'

/** The options a dub was asked for, as the public API names them. */
export interface DubOptions {
  num_speakers: number | null
  watermark: boolean
  highest_resolution: boolean
  drop_background_audio: boolean
  use_profanity_filter: boolean
  dubbing_studio: boolean
  disable_voice_cloning: boolean
  /** The dubbed range within the file, in seconds. */
  start_time: number
  end_time: number
}

/** One render of a language: the exported file, or why it is not there. */
export interface StoredRender {
  id: string
  version: number
  type: string
  status: 'processing' | 'complete' | 'failed'
  key: string | null
  content_type: string | null
}

/** A segment's dub in one language. */
export interface StoredSegmentDub {
  text: string
  start_time: number
  end_time: number
  /** The clip as 48 kHz mono WAV, once voiced. */
  audio_key: string | null
  /** The text or times changed since the clip was voiced. */
  audio_stale: boolean
  /** Where the translation came from: a provider, or 'manual'. */
  provider: string
}

export interface DubbingDubsTable {
  id: string
  workspace_id: string
  user_id: string
  api_key_id: string | null
  request_id: string
  name: string
  status: DubState
  progress: Generated<number>
  progress_message: string | null
  worker_token: Generated<string | null>
  error_code: string | null
  error_message: string | null
  source_lang: string
  target_languages: JSONColumnType<string[], string, string>
  options: JSONColumnType<DubOptions, string, string>
  media_key: string
  media_content_type: string
  media_file_name: string
  is_video: boolean
  /** Seconds of the dubbed range. */
  duration_seconds: number
  /** The background bed (48 kHz mono WAV) once separated. */
  background_key: string | null
  credits: Generated<number>
  free_edits_used: Generated<number>
  version: Generated<number>
  renders: JSONColumnType<Record<string, StoredRender>, string, string>
  editor_token: string | null
  editor_until: NullableTimestamp
  created_at: Timestamp
  updated_at: Timestamp
}

export interface DubbingSpeakersTable {
  id: string
  dub_id: string
  name: string
  position: number
  /** The voice each target language speaks this speaker in: a voice id, or a clone's definition. */
  voices: JSONColumnType<Record<string, unknown>, string, string>
  /** The speaker's measured voice (pitch, range, pace), for clones and similar voices. */
  features: JSONColumnType<Record<string, number> | null, string | null, string | null>
  created_at: Timestamp
}

export interface DubbingSegmentsTable {
  id: string
  dub_id: string
  speaker_id: string
  start_time: number
  end_time: number
  text: string
  words: JSONColumnType<Array<{ text: string; start: number; end: number }>, string, string>
  dubs: JSONColumnType<Record<string, StoredSegmentDub>, string, string>
  created_at: Timestamp
}

// These tables join the one database type every query is checked against.
declare module '../../db/schema.js' {
  interface DB {
    dubbing_dubs: DubbingDubsTable
    dubbing_speakers: DubbingSpeakersTable
    dubbing_segments: DubbingSegmentsTable
  }
}
