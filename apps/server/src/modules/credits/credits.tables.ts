import type { ColumnType, Generated } from 'kysely'
import type { BigIntColumn, NullableTimestamp, Timestamp } from '../../db/schema.js'

export interface CreditLedgerTable {
  id: string
  workspace_id: string
  user_id: string | null
  api_key_id: string | null
  request_id: string
  /** tts | dialogue | ... */
  kind: string
  characters: BigIntColumn
  state: 'reserved' | 'charged' | 'released'
  history_item_id: string | null
  request_hash: string | null
  created_at: Timestamp
  settled_at: NullableTimestamp
  /** The process generating against this reservation, and until when its lease holds. */
  owner_id: string | null
  lease_expires_at: NullableTimestamp
  /** Credits due for the audio the client has received so far. */
  delivered_characters: Generated<number>
  /** Groups the reservations of one generation (the pieces of a WebSocket session). */
  recording_id: string | null
  /** The history item to write with the settlement, kept once its audio is stored. */
  history_draft: ColumnType<unknown | null, string | null | undefined, string | null>
}

// These tables join the one database type every query is checked against.
declare module '../../db/schema.js' {
  interface DB {
    credit_ledger: CreditLedgerTable
  }
}
