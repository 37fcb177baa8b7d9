import type { Timestamp } from '../../db/schema.js'

/** A sound effect (a history item) one user marked as a favourite. */
export interface SoundEffectFavouritesTable {
  user_id: string
  history_item_id: string
  workspace_id: string
  created_at: Timestamp
}

// These tables join the one database type every query is checked against.
declare module '../../db/schema.js' {
  interface DB {
    sound_effect_favourites: SoundEffectFavouritesTable
  }
}
