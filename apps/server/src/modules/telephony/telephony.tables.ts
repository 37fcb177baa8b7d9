import type { ColumnType } from 'kysely'
import type { Timestamp } from '../../db/schema.js'

type Json<T = unknown> = ColumnType<T, string, string>
type NullableJson<T = unknown> = ColumnType<T | null, string | null | undefined, string | null>

export interface ConvaiPhoneNumbersTable {
  id: string
  workspace_id: string
  created_by: string
  provider: string
  phone_number: string
  label: string
  agent_id: string | null
  supports_inbound: boolean
  supports_outbound: boolean
  /** The provider settings that are not secret (Twilio account SID, trunk address, transport...). */
  config: Json<Record<string, unknown>>
  /** The Twilio auth token or the SIP trunk passwords, sealed. */
  secrets_sealed: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface ConvaiBatchCallsTable {
  id: string
  workspace_id: string
  created_by: string
  name: string
  agent_id: string
  agent_name: string
  phone_number_id: string
  phone_provider: string
  scheduled_at: Timestamp
  timezone: string | null
  concurrency: number
  retry_count: ColumnType<number, number | undefined, number>
  /** pending (scheduled), queued, running (held by a dispatch run), in_progress, completed, failed, cancelled. */
  status: string
  progress: ColumnType<number, number | undefined, number>
  worker_token: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface ConvaiBatchRecipientsTable {
  id: string
  batch_id: string
  position: number
  phone_number: string
  client_data: NullableJson<Record<string, unknown>>
  status: string
  call_sid: string | null
  /** The conversation the recipient's call became (a SIP call's, once answered). */
  conversation_id: ColumnType<string | null, string | null | undefined, string | null>
  error: string | null
  attempts: ColumnType<number, number | undefined, number>
  created_at: Timestamp
  updated_at: Timestamp
}

declare module '../../db/schema.js' {
  interface DB {
    convai_phone_numbers: ConvaiPhoneNumbersTable
    convai_batch_calls: ConvaiBatchCallsTable
    convai_batch_recipients: ConvaiBatchRecipientsTable
  }
}
