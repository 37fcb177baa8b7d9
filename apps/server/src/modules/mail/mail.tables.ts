import type { Generated, Selectable } from 'kysely'
import type { NullableTimestamp, Timestamp } from '../../db/schema.js'

export interface OutboxMessagesTable {
  id: string
  to_address: string
  subject: string
  text_body: string
  html_body: string
  status: Generated<'pending' | 'sent' | 'local' | 'failed'>
  attempts: Generated<number>
  last_error: string | null
  created_at: Timestamp
  sent_at: NullableTimestamp
}

export type OutboxMessageRow = Selectable<OutboxMessagesTable>

// These tables join the one database type every query is checked against.
declare module '../../db/schema.js' {
  interface DB {
    outbox_messages: OutboxMessagesTable
  }
}
