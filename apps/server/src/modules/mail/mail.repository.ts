import type { Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import { newId } from '../../lib/ids.js'
import type { OutboxMessageRow } from './mail.tables.js'

export interface OutgoingEmail {
  to: string
  subject: string
  text: string
  html: string
}

export const REDACTED_BODY = '(Delivered by SMTP; the content is not kept.)'

export function createMailRepository(db: Database) {
  return {
    async insert(trx: Transaction<DB>, email: OutgoingEmail): Promise<string> {
      const id = newId()
      await trx
        .insertInto('outbox_messages')
        .values({
          id,
          to_address: email.to,
          subject: email.subject,
          text_body: email.text,
          html_body: email.html,
        })
        .execute()
      return id
    },
    find(id: string): Promise<OutboxMessageRow | undefined> {
      return db.selectFrom('outbox_messages').selectAll().where('id', '=', id).executeTakeFirst()
    },
    /** Kept in the outbox for the local mailbox: the body stays readable there. */
    async markKeptLocally(id: string): Promise<void> {
      await db
        .updateTable('outbox_messages')
        .set((eb) => ({
          status: 'local',
          sent_at: new Date(),
          attempts: eb('attempts', '+', 1),
          last_error: null,
        }))
        .where('id', '=', id)
        .execute()
    },
    /**
     * Handed to the SMTP server: the body holds one-time sign-in and reset links, so it is
     * wiped; the row keeps only who, what subject and when.
     */
    async markSent(id: string): Promise<void> {
      await db
        .updateTable('outbox_messages')
        .set((eb) => ({
          status: 'sent',
          sent_at: new Date(),
          attempts: eb('attempts', '+', 1),
          last_error: null,
          text_body: REDACTED_BODY,
          html_body: '',
        }))
        .where('id', '=', id)
        .execute()
    },
    async markAttemptFailed(id: string, error: string): Promise<void> {
      await db
        .updateTable('outbox_messages')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: error.slice(0, 1000) }))
        .where('id', '=', id)
        .execute()
    },
    listLocal(limit: number): Promise<OutboxMessageRow[]> {
      return db
        .selectFrom('outbox_messages')
        .selectAll()
        .where('status', '=', 'local')
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute()
    },
  }
}

export type MailRepository = ReturnType<typeof createMailRepository>
