import type { Generated, Selectable } from 'kysely'
import type { BigIntColumn, NullableTimestamp, Timestamp } from '../../db/schema.js'

export interface ApiKeysTable {
  id: string
  user_id: string
  workspace_id: string
  name: string
  key_hash: string
  hint: string
  permissions: string[] | null
  character_limit: number | null
  character_count: BigIntColumn
  is_disabled: Generated<boolean>
  created_at: Timestamp
  last_used_at: NullableTimestamp
}

export type ApiKeyRow = Selectable<ApiKeysTable>

// These tables join the one database type every query is checked against.
declare module '../../db/schema.js' {
  interface DB {
    api_keys: ApiKeysTable
  }
}
