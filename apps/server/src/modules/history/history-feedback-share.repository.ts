import { sql } from 'kysely'
import type { Database } from '../../db/database.js'
import type { HistoryItemRow } from './history.tables.js'

/** An item's feedback and its share link, and what the shared page shows of its creator. */
export function createHistoryFeedbackShareRepository(db: Database) {
  return {
    /**
     * Writes feedback unless a reviewer already looked at the current one, in one statement
     * so a review landing at the same moment cannot be overwritten. Returns the row, or
     * undefined when the item is missing or its feedback is reviewed (the caller tells which).
     */
    async setFeedbackUnlessReviewed(
      workspaceId: string,
      id: string,
      feedback: unknown,
    ): Promise<HistoryItemRow | undefined> {
      return db
        .updateTable('history_items')
        .set({ feedback: JSON.stringify(feedback) })
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb('feedback', 'is', null),
            eb(sql`coalesce(feedback->>'review_status', 'not_reviewed')`, '=', 'not_reviewed'),
          ]),
        )
        .returningAll()
        .executeTakeFirst()
    },

    /**
     * Sets the share token when the item has none yet and returns the item's token either
     * way (two concurrent calls end with the same token). Undefined when the item is missing.
     */
    async ensureShareToken(workspaceId: string, id: string, candidate: string): Promise<string | undefined> {
      const updated = await db
        .updateTable('history_items')
        .set({ share_token: candidate })
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .where('share_token', 'is', null)
        .returning('share_token')
        .executeTakeFirst()
      if (updated?.share_token) return updated.share_token
      const row = await db
        .selectFrom('history_items')
        .select('share_token')
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
      return row?.share_token ?? undefined
    },

    async findByShareToken(token: string): Promise<HistoryItemRow | undefined> {
      return db.selectFrom('history_items').selectAll().where('share_token', '=', token).executeTakeFirst()
    },

    /** The name a share link shows for the item's creator (first name; null when not set). */
    async creatorFirstName(userId: string | null): Promise<string | null> {
      if (userId === null) return null
      const row = await db
        .selectFrom('users')
        .select('first_name')
        .where('id', '=', userId)
        .executeTakeFirst()
      return row?.first_name ?? null
    },
  }
}
