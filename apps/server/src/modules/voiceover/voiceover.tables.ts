import type { Generated } from 'kysely'
import type { Timestamp } from '../../db/schema.js'

// Row types of the Voiceover Studio tables (times in whole milliseconds).

export interface VoiceoverProjectsTable {
  id: string
  workspace_id: string
  created_by: string
  name: string
  /** The timeline's length: the media's, or chosen when there is none. */
  duration_ms: number
  media_key: string | null
  media_kind: 'audio' | 'video' | null
  media_mime: string | null
  media_file_name: string | null
  media_duration_ms: number | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface VoiceoverTracksTable {
  id: string
  project_id: string
  type: 'voiceover_speaker' | 'sfx' | 'foreground' | 'dubbed_speaker'
  name: string
  voice_id: string | null
  /** The target language of a dubbed speaker track. */
  language: string | null
  muted: Generated<boolean>
  position: number
  created_at: Timestamp
}

export interface VoiceoverClipsTable {
  id: string
  project_id: string
  track_id: string
  kind: 'speech' | 'sound_effect' | 'media'
  start_ms: number
  end_ms: number
  /** Where a media clip starts in the media. */
  source_start_ms: Generated<number>
  /** A speech clip's text, or a sound effect's prompt. */
  text: string | null
  voice_id: string | null
  audio_key: string | null
  audio_ms: number | null
  history_item_id: string | null
  created_at: Timestamp
}

export interface VoiceoverRendersTable {
  id: string
  project_id: string
  workspace_id: string
  status: 'queued' | 'running' | 'done' | 'failed'
  progress: Generated<number>
  /** The run that holds a running row (its heartbeat is updated_at). */
  worker_token: Generated<string | null>
  audio_key: string | null
  video_key: string | null
  duration_ms: number | null
  error_code: string | null
  error_message: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

// These tables join the one database type every query is checked against.
declare module '../../db/schema.js' {
  interface DB {
    voiceover_projects: VoiceoverProjectsTable
    voiceover_tracks: VoiceoverTracksTable
    voiceover_clips: VoiceoverClipsTable
    voiceover_renders: VoiceoverRendersTable
  }
}
