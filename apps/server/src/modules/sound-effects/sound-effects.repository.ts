import { sql } from 'kysely'
import type { Database } from '../../db/database.js'

// Favourite sound effects of each user: rows pointing at the workspace's sound-effect history
// items. A favourite whose history item is deleted disappears from the list with it.

export interface FavouriteRow {
  history_item_id: string
  text: string
  created_at: Date
  favourited_at: Date
}

export function createSoundEffectsRepository(db: Database) {
  return {
    /** Whether the workspace has a sound-effect history item with this id. */
    async isSoundEffect(workspaceId: string, historyItemId: string): Promise<boolean> {
      const row = await db
        .selectFrom('history_items')
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', historyItemId)
        .where('source', '=', 'SFX')
        .executeTakeFirst()
      return row !== undefined
    },

    async add(userId: string, workspaceId: string, historyItemId: string): Promise<void> {
      await db
        .insertInto('sound_effect_favourites')
        .values({ user_id: userId, workspace_id: workspaceId, history_item_id: historyItemId })
        .onConflict((oc) => oc.columns(['user_id', 'history_item_id']).doNothing())
        .execute()
    },

    async remove(userId: string, historyItemId: string): Promise<void> {
      await db
        .deleteFrom('sound_effect_favourites')
        .where('user_id', '=', userId)
        .where('history_item_id', '=', historyItemId)
        .execute()
    },

    async list(userId: string, workspaceId: string): Promise<FavouriteRow[]> {
      return db
        .selectFrom('sound_effect_favourites as f')
        .innerJoin('history_items as h', (join) =>
          join.onRef('h.id', '=', 'f.history_item_id').on('h.workspace_id', '=', workspaceId),
        )
        .select(['f.history_item_id', 'h.text', 'h.created_at', sql<Date>`f.created_at`.as('favourited_at')])
        .where('f.user_id', '=', userId)
        .where('f.workspace_id', '=', workspaceId)
        .orderBy('f.created_at', 'desc')
        .limit(500)
        .execute()
    },
  }
}

export type SoundEffectsRepository = ReturnType<typeof createSoundEffectsRepository>
