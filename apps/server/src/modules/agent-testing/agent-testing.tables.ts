import type { ColumnType } from 'kysely'
import type { Timestamp } from '../../db/schema.js'

type Json<T = unknown> = ColumnType<T, string, string>
type NullableJson<T = unknown> = ColumnType<T | null, string | null | undefined, string | null>

export interface ConvaiTestFoldersTable {
  id: string
  workspace_id: string
  created_by: string
  parent_id: string | null
  name: string
  created_at: Timestamp
  updated_at: Timestamp
}

export interface ConvaiTestsTable {
  id: string
  workspace_id: string
  created_by: string
  folder_id: string | null
  name: string
  type: string
  /** The test as the API takes it (snake_case), without its name, type and folder. */
  definition: Json<Record<string, unknown>>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface ConvaiTestInvocationsTable {
  id: string
  workspace_id: string
  created_by: string
  agent_id: string
  branch_id: string | null
  folder_id: string | null
  repeat_count: ColumnType<number, number | undefined, number>
  config_override: NullableJson<Record<string, unknown>>
  /** queued, running (held by a job run), done or cancelled. */
  status: string
  progress: ColumnType<number, number | undefined, number>
  worker_token: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface ConvaiTestRunsTable {
  id: string
  invocation_id: string
  position: number
  test_id: string
  test_name: string
  test_type: string
  /** The test as it was when the run was asked for. */
  test_info: Json<Record<string, unknown>>
  root_folder_id: string | null
  root_folder_name: string | null
  status: string
  agent_responses: NullableJson<unknown[]>
  condition_result: NullableJson<Record<string, unknown>>
  updated_at: Timestamp
}

declare module '../../db/schema.js' {
  interface DB {
    convai_test_folders: ConvaiTestFoldersTable
    convai_tests: ConvaiTestsTable
    convai_test_invocations: ConvaiTestInvocationsTable
    convai_test_runs: ConvaiTestRunsTable
  }
}
