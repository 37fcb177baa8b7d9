import type { ColumnType, Generated } from 'kysely'
import type { NullableTimestamp, Timestamp } from '../../db/schema.js'

/** A Studio project: its metadata (title, author, ISBN, audience...) is one JSON object. */
export interface StudioProjectsTable {
  id: string
  workspace_id: string
  created_by: string
  name: string
  metadata: ColumnType<Record<string, unknown>, string, string>
  default_title_voice_id: string
  default_paragraph_voice_id: string
  default_model_id: string
  source_type: string
  state: Generated<string>
  version: Generated<number>
  created_at: Timestamp
  updated_at: Timestamp
  last_conversion_at: NullableTimestamp
  /** The project's pronunciation dictionaries (locators), applied in order to every block. */
  pronunciation_dictionary_locators: ColumnType<unknown[], string | undefined, string>
  /** Where each conversion's result is posted (HTTPS, checked as webhooks are). */
  callback_url: string | null
}

/** A chapter of a Studio project: its blocks in order, as JSON. */
export interface StudioChaptersTable {
  id: string
  project_id: string
  position: number
  name: string
  blocks: ColumnType<unknown[], string, string>
  state: Generated<string>
  conversion_progress: number | null
  last_conversion_error: string | null
  last_conversion_at: NullableTimestamp
  /** not_converted | queued | converting | converted | failed */
  conversion_state: Generated<string>
  version: Generated<number>
  created_at: Timestamp
  updated_at: Timestamp
}

// These tables join the one database type every query is checked against.
declare module '../../db/schema.js' {
  interface DB {
    studio_projects: StudioProjectsTable
    studio_chapters: StudioChaptersTable
  }
}
