import type { ColumnType } from 'kysely'
import type { NullableTimestamp, Timestamp } from '../../db/schema.js'

/** A pronunciation dictionary; its rules live in versions. */
export interface PronunciationDictionariesTable {
  id: string
  workspace_id: string
  name: string
  description: string | null
  created_by: string
  created_at: Timestamp
  archived_at: NullableTimestamp
  latest_version_id: string
  latest_version_rules_num: number
}

/** One immutable set of rules of a dictionary (JSON array of rules in API form). */
export interface PronunciationDictionaryVersionsTable {
  id: string
  dictionary_id: string
  version_number: number
  rules: ColumnType<unknown[], string, string>
  rules_num: number
  created_by: string
  created_at: Timestamp
}

/** The dictionaries a workspace applies, in order, when a request names none. */
export interface WorkspacePronunciationDefaultsTable {
  workspace_id: string
  position: number
  dictionary_id: string
  version_id: string | null
}

// These tables join the one database type every query is checked against.
declare module '../../db/schema.js' {
  interface DB {
    pronunciation_dictionaries: PronunciationDictionariesTable
    pronunciation_dictionary_versions: PronunciationDictionaryVersionsTable
    workspace_pronunciation_defaults: WorkspacePronunciationDefaultsTable
  }
}
