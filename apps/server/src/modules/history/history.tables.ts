import type { ColumnType, Selectable } from 'kysely'
import type { BigIntColumn, Timestamp } from '../../db/schema.js'

export interface HistoryItemsTable {
  id: string
  workspace_id: string
  user_id: string | null
  api_key_id: string | null
  request_id: string
  voice_id: string
  voice_name: string
  voice_category: string
  model_id: string
  text: string
  dialogue: ColumnType<unknown | null, string | null, string | null>
  settings: ColumnType<unknown | null, string | null, string | null>
  source: string
  output_format: string
  content_type: string
  storage_key: string
  size_bytes: number
  duration_seconds: number
  character_count_change_from: BigIntColumn
  character_count_change_to: BigIntColumn
  alignment: ColumnType<unknown | null, string | null, string | null>
  feedback: ColumnType<unknown | null, string | null, string | null>
  share_token: string | null
  created_at: Timestamp
}

export type HistoryItemRow = Selectable<HistoryItemsTable>

// These tables join the one database type every query is checked against.
declare module '../../db/schema.js' {
  interface DB {
    history_items: HistoryItemsTable
  }
}
