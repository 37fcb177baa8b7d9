import type { ColumnType, Generated } from 'kysely'
import type { Timestamp } from '../../db/schema.js'

/** An Audio Native player of one article page: appearance, allowlist, content, state, audio. */
export interface AudioNativeProjectsTable {
  id: string
  workspace_id: string
  created_by: string
  name: string
  title: string
  author: string
  image: string
  small: boolean
  text_color: string
  background_color: string
  sessionization: number
  voice_id: string
  model_id: string
  apply_text_normalization: string
  dictionary_locators: ColumnType<
    Array<{ pronunciation_dictionary_id: string; version_id: string | null }>,
    string,
    string
  >
  allowed_urls: ColumnType<string[], string, string>
  content_selector: string | null
  page_url: string | null
  content_text: string
  status: string
  progress: Generated<number>
  /** The conversion run that holds the project while it is publishing (its heartbeat is updated_at). */
  worker_token: Generated<string | null>
  error_code: string | null
  error_message: string | null
  audio_key: string | null
  audio_content_type: string | null
  audio_version: Generated<number>
  api_key_id: string | null
  created_at: Timestamp
  updated_at: Timestamp
  /** Whether the pending conversion goes live when it ends. */
  auto_publish: Generated<boolean>
  /** Converted audio of the current content awaiting a publish call (state `converted`). */
  pending_audio_key: string | null
  pending_content_type: string | null
  /** The content version whose audio (`audio_key`) is live. */
  published_version: number | null
}

/** One play of an Audio Native player, on the page that played it. */
export interface AudioNativePlaysTable {
  id: string
  project_id: string
  page_url: string
  created_at: Timestamp
  /** The anonymous listener session the player made (no personal data). */
  session_id: string | null
}

// These tables join the one database type every query is checked against.
declare module '../../db/schema.js' {
  interface DB {
    audio_native_projects: AudioNativeProjectsTable
    audio_native_plays: AudioNativePlaysTable
  }
}
