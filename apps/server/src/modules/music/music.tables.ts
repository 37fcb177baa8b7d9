import type { Generated } from 'kysely'
import type { BigIntColumn, Timestamp } from '../../db/schema.js'

/**
 * A song of a workspace. A composed one keeps its plan and seed (rendering them again gives the
 * same notes, so its stems are never stored); an uploaded one keeps its file.
 */
export interface MusicSongsTable {
  id: string
  workspace_id: string
  user_id: string | null
  /** prompt, plan, video or upload. */
  source: string
  prompt: string | null
  composition_plan: unknown
  seed: BigIntColumn | null
  instrumental: boolean
  song_metadata: unknown
  length_ms: number
  output_format: string
  file_key: string | null
  audio_sha256: string | null
  history_item_id: string | null
  /** The song's share link token, and the audio its public page plays. */
  share_token: Generated<string | null>
  share_file_key: Generated<string | null>
  share_content_type: Generated<string | null>
  created_at: Timestamp
}

/** A saved style profile, learned from reference tracks: the styles it adds to a prompt. */
export interface MusicFinetunesTable {
  id: string
  workspace_id: string
  user_id: string | null
  name: string
  primary_genre: string
  tags: unknown
  visibility: string
  model_id: string
  styles: unknown
  created_at: Timestamp
}

// These tables join the one database type every query is checked against.
declare module '../../db/schema.js' {
  interface DB {
    music_songs: MusicSongsTable
    music_finetunes: MusicFinetunesTable
  }
}
