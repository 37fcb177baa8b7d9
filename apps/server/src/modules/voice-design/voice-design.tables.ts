import type { ColumnType, Generated } from 'kysely'
import type { Timestamp } from '../../db/schema.js'

/** A voice design or remix preview, kept for a limited time. */
export interface GeneratedVoicePreviewsTable {
  id: string
  workspace_id: string
  user_id: string | null
  source_voice_id: string | null
  description: string
  text: string
  language: string
  definition: ColumnType<unknown, string, string>
  media_type: string
  storage_key: string
  duration_seconds: number
  created_at: Generated<Timestamp>
  expires_at: Timestamp
}

// These tables join the one database type every query is checked against.
declare module '../../db/schema.js' {
  interface DB {
    generated_voice_previews: GeneratedVoicePreviewsTable
  }
}
