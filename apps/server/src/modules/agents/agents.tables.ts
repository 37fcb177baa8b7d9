import type { ColumnType } from 'kysely'
import type { NullableTimestamp, Timestamp } from '../../db/schema.js'

type Json<T = unknown> = ColumnType<T, string, string>
type NullableJson<T = unknown> = ColumnType<T | null, string | null | undefined, string | null>

export interface ConvaiAgentsTable {
  id: string
  workspace_id: string
  created_by: string
  name: string
  tags: Json<string[]>
  conversation_config: Json<Record<string, unknown>>
  platform_settings: Json<Record<string, unknown>>
  workflow: NullableJson<Record<string, unknown>>
  archived: ColumnType<boolean, boolean | undefined, boolean>
  last_call_at: NullableTimestamp
  created_at: Timestamp
  updated_at: Timestamp
}

export interface ConvaiToolsTable {
  id: string
  workspace_id: string
  created_by: string
  name: string
  type: string
  tool_config: Json<Record<string, unknown>>
  response_mocks: NullableJson<unknown[]>
  total_calls: ColumnType<number, number | undefined, number>
  total_latency_ms: ColumnType<number, number | undefined, number>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface ConvaiMcpServersTable {
  id: string
  workspace_id: string
  created_by: string
  config: Json<Record<string, unknown>>
  created_at: Timestamp
}

export interface ConvaiSettingsTable {
  workspace_id: string
  settings: Json<Record<string, unknown>>
  updated_at: Timestamp
}

export interface ConvaiConversationsTable {
  id: string
  workspace_id: string
  agent_id: string
  user_id: string | null
  status: string
  mode: string
  transcript: ColumnType<unknown[], string | undefined, string>
  metadata: ColumnType<Record<string, unknown>, string | undefined, string>
  client_data: NullableJson<Record<string, unknown>>
  analysis: NullableJson<Record<string, unknown>>
  feedback: string | null
  audio_key: string | null
  started_at: Timestamp
  ended_at: NullableTimestamp
  heartbeat_at: Timestamp
  /** When the post-call analysis and webhook were done (null until then). */
  post_call_at: NullableTimestamp
  /** The branch and version of the agent the conversation ran. */
  branch_id: ColumnType<string | null, string | null | undefined, string | null>
  version_id: ColumnType<string | null, string | null | undefined, string | null>
}

// These tables join the one database type every query is checked against.
declare module '../../db/schema.js' {
  interface DB {
    convai_agents: ConvaiAgentsTable
    convai_tools: ConvaiToolsTable
    convai_mcp_servers: ConvaiMcpServersTable
    convai_settings: ConvaiSettingsTable
    convai_conversations: ConvaiConversationsTable
  }
}
