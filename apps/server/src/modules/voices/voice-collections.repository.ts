import { type Selectable, sql } from 'kysely'
import type { Database } from '../../db/database.js'
import type { VoiceCollectionsTable } from './voices.tables.js'

// SQL of voice collections: a workspace's named sets of voices.

export type CollectionRow = Selectable<VoiceCollectionsTable>

export function createVoiceCollectionsRepository(db: Database) {
  return {
    async collections(workspaceId: string): Promise<Array<CollectionRow & { voice_ids: string[] }>> {
      const rows = await db
        .selectFrom('voice_collections')
        .selectAll('voice_collections')
        .select(
          sql<string[]>`coalesce((select array_agg(cv.voice_id order by cv.added_at)
            from voice_collection_voices cv where cv.collection_id = voice_collections.id), '{}')`.as(
            'voice_ids',
          ),
        )
        .where('workspace_id', '=', workspaceId)
        .orderBy('title')
        .orderBy('id')
        .execute()
      return rows
    },

    async collection(
      workspaceId: string,
      id: string,
    ): Promise<(CollectionRow & { voice_ids: string[] }) | undefined> {
      return db
        .selectFrom('voice_collections')
        .selectAll('voice_collections')
        .select(
          sql<string[]>`coalesce((select array_agg(cv.voice_id order by cv.added_at)
            from voice_collection_voices cv where cv.collection_id = voice_collections.id), '{}')`.as(
            'voice_ids',
          ),
        )
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
    },

    async countCollections(workspaceId: string): Promise<number> {
      const row = await db
        .selectFrom('voice_collections')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },

    async createCollection(row: Omit<CollectionRow, 'created_at'>): Promise<void> {
      await db.insertInto('voice_collections').values(row).execute()
    },

    async updateCollection(workspaceId: string, id: string, patch: { title?: string; icon?: string }) {
      if (!Object.keys(patch).length) return
      await db
        .updateTable('voice_collections')
        .set(patch)
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .execute()
    },

    async deleteCollection(workspaceId: string, id: string): Promise<void> {
      await db
        .deleteFrom('voice_collections')
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .execute()
    },

    async addToCollection(collectionId: string, voiceId: string): Promise<void> {
      await db
        .insertInto('voice_collection_voices')
        .values({ collection_id: collectionId, voice_id: voiceId })
        .onConflict((oc) => oc.columns(['collection_id', 'voice_id']).doNothing())
        .execute()
    },

    async removeFromCollection(collectionId: string, voiceId: string): Promise<void> {
      await db
        .deleteFrom('voice_collection_voices')
        .where('collection_id', '=', collectionId)
        .where('voice_id', '=', voiceId)
        .execute()
    },

    /** The voices in one collection of the workspace; null when the workspace has no such collection. */
    async voiceIdsOf(workspaceId: string, collectionId: string): Promise<string[] | null> {
      const found = await db
        .selectFrom('voice_collections')
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', collectionId)
        .executeTakeFirst()
      if (!found) return null
      const rows = await db
        .selectFrom('voice_collection_voices')
        .select('voice_id')
        .where('collection_id', '=', collectionId)
        .execute()
      return rows.map((r) => r.voice_id)
    },

    /** The collections of a workspace each voice is in (the voice view's collection_ids). */
    async collectionIdsOf(workspaceId: string, voiceIds: readonly string[]): Promise<Map<string, string[]>> {
      const map = new Map<string, string[]>()
      if (!voiceIds.length) return map
      const rows = await db
        .selectFrom('voice_collection_voices as cv')
        .innerJoin('voice_collections as c', 'c.id', 'cv.collection_id')
        .select(['cv.voice_id', 'cv.collection_id'])
        .where('c.workspace_id', '=', workspaceId)
        .where('cv.voice_id', 'in', voiceIds)
        .execute()
      for (const r of rows) map.set(r.voice_id, [...(map.get(r.voice_id) ?? []), r.collection_id])
      return map
    },
  }
}
