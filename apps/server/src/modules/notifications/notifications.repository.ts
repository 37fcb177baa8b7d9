import type { Kysely } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import type { NotificationRow } from './notifications.tables.js'

export interface NewNotification {
  id: string
  userId: string
  kind: string
  severity: NotificationRow['severity']
  title: string
  description: string
  params: Record<string, string | number>
  needsAttention: boolean
  dedupeKey: string | null
}

export function createNotificationsRepository(db: Database) {
  return {
    /**
     * Inserts unless the user already has a notification with this dedupe key; true when inserted.
     * `executor` is a caller's transaction when the message belongs to a larger unit of work.
     */
    async insert(n: NewNotification, executor: Kysely<DB> = db): Promise<boolean> {
      const row = await executor
        .insertInto('notifications')
        .values({
          id: n.id,
          user_id: n.userId,
          kind: n.kind,
          severity: n.severity,
          title: n.title,
          description: n.description,
          params: JSON.stringify(n.params),
          needs_attention: n.needsAttention,
          dedupe_key: n.dedupeKey,
        })
        .onConflict((oc) =>
          oc.columns(['user_id', 'dedupe_key']).where('dedupe_key', 'is not', null).doNothing(),
        )
        .returning('id')
        .executeTakeFirst()
      return row !== undefined
    },
    listForUser(userId: string, limit: number, unreadOnly: boolean): Promise<NotificationRow[]> {
      let query = db.selectFrom('notifications').selectAll().where('user_id', '=', userId)
      if (unreadOnly) query = query.where('read_at', 'is', null)
      return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute()
    },
    async unreadCount(userId: string): Promise<number> {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },
    /** Scoped by owner: another user's message id is simply not found. */
    async markRead(userId: string, id: string): Promise<NotificationRow | undefined> {
      const found = await db
        .selectFrom('notifications')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst()
      if (!found || found.read_at) return found
      return db
        .updateTable('notifications')
        .set({ read_at: new Date() })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirst()
    },
    async markAllRead(userId: string): Promise<number> {
      const result = await db
        .updateTable('notifications')
        .set({ read_at: new Date() })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows)
    },
  }
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>
