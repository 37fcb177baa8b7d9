import type { ColumnType, Generated, Insertable, Selectable } from 'kysely'
import type { Timestamp } from '../../db/schema.js'

export interface VoicesTable {
  id: string
  workspace_id: string | null
  owner_user_id: string | null
  /** premade | cloned | generated | professional */
  category: string
  name: string
  description: string | null
  labels: ColumnType<Record<string, string>, string, string>
  language: string | null
  definition: ColumnType<unknown, string, string>
  settings: ColumnType<unknown | null, string | null, string | null>
  verified_languages: ColumnType<unknown[], string | undefined, string>
  safety_control: string | null
  sharing: ColumnType<unknown | null, string | null, string | null>
  is_legacy: Generated<boolean>
  sort_order: Generated<number>
  created_at: Timestamp
  updated_at: Timestamp
}

/** One voice addition or sample edit: the monthly add/edit counter counts them. */
export interface VoiceAddEditsTable {
  id: string
  workspace_id: string
  voice_id: string
  /** add | edit */
  kind: string
  created_at: Timestamp
}

export interface VoiceSamplesTable {
  id: string
  voice_id: string
  file_name: string
  mime_type: string
  size_bytes: number
  hash: string
  storage_key: string
  duration_seconds: number | null
  created_at: Timestamp
}

export interface VoicePreviewsTable {
  voice_id: string
  language: string
  storage_key: string
  created_at: Timestamp
}

/** A named group of voices in a workspace; its creator is its admin. */
export interface VoiceCollectionsTable {
  id: string
  workspace_id: string
  owner_user_id: string
  title: string
  icon: string
  created_at: Timestamp
}

export interface VoiceCollectionVoicesTable {
  collection_id: string
  voice_id: string
  added_at: Timestamp
}

export type VoiceRow = Selectable<VoicesTable>
export type VoiceSampleRow = Selectable<VoiceSamplesTable>

// These tables join the one database type every query is checked against.
declare module '../../db/schema.js' {
  interface DB {
    voices: VoicesTable
    voice_samples: VoiceSamplesTable
    voice_add_edits: VoiceAddEditsTable
    voice_previews: VoicePreviewsTable
    voice_collections: VoiceCollectionsTable
    voice_collection_voices: VoiceCollectionVoicesTable
  }
}

/** A voice and a sample as they are inserted. */
export type NewVoice = Insertable<VoicesTable>
export type NewVoiceSample = Insertable<VoiceSamplesTable>

/** What a voice edit may change. */
export interface VoiceUpdate {
  name: string
  /** undefined keeps the current description; null clears it. */
  description?: string | null | undefined
  labels?: Record<string, string> | undefined
}
