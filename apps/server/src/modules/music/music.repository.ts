import type { CompositionPlan, SongMetadata } from '@timbre/contract'
import type { Selectable, Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import type { MusicFinetunesTable, MusicSongsTable } from './music.tables.js'

export interface FinetuneFilter {
  visibility: 'private' | 'workspace' | undefined
  createdBy: 'self' | 'workspace' | undefined
  sort: 'created_at' | 'name'
  direction: 'asc' | 'desc'
  limit: number
  offset: number
}

export interface NewSong {
  id: string
  workspaceId: string
  userId: string | null
  source: 'prompt' | 'plan' | 'video' | 'upload'
  prompt: string | null
  plan: CompositionPlan | null
  seed: number | null
  instrumental: boolean
  metadata: SongMetadata
  lengthMs: number
  outputFormat: string
  fileKey: string | null
  audioSha256: string | null
  historyItemId: string | null
}

export type SongRow = Selectable<MusicSongsTable>
export type FinetuneRow = Selectable<MusicFinetunesTable>

export function createMusicRepository(db: Database) {
  return {
    async insertSong(song: NewSong, trx?: Transaction<DB>): Promise<void> {
      await (trx ?? db)
        .insertInto('music_songs')
        .values({
          id: song.id,
          workspace_id: song.workspaceId,
          user_id: song.userId,
          source: song.source,
          prompt: song.prompt,
          composition_plan: song.plan ? JSON.stringify(song.plan) : null,
          seed: song.seed,
          instrumental: song.instrumental,
          song_metadata: JSON.stringify(song.metadata),
          length_ms: song.lengthMs,
          output_format: song.outputFormat,
          file_key: song.fileKey,
          audio_sha256: song.audioSha256,
          history_item_id: song.historyItemId,
        })
        .execute()
    },

    async findSong(workspaceId: string, id: string): Promise<SongRow | undefined> {
      return db
        .selectFrom('music_songs')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
    },

    /** The workspace's song whose delivered audio has exactly these bytes. */
    async findSongByAudio(workspaceId: string, sha256: string): Promise<SongRow | undefined> {
      return db
        .selectFrom('music_songs')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('audio_sha256', '=', sha256)
        .orderBy('created_at', 'desc')
        .executeTakeFirst()
    },

    /** The workspace's newest songs first. */
    async listSongs(workspaceId: string, limit: number): Promise<SongRow[]> {
      return db
        .selectFrom('music_songs')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute()
    },

    /** Gives a song its share token once; the token already given wins a race. */
    async saveShare(
      workspaceId: string,
      id: string,
      share: { token: string; fileKey: string; contentType: string },
    ): Promise<string | null> {
      const updated = await db
        .updateTable('music_songs')
        .set({
          share_token: share.token,
          share_file_key: share.fileKey,
          share_content_type: share.contentType,
        })
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .where('share_token', 'is', null)
        .returning('share_token')
        .executeTakeFirst()
      if (updated?.share_token) return updated.share_token
      const row = await db
        .selectFrom('music_songs')
        .select('share_token')
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
      return row?.share_token ?? null
    },

    async findByShareToken(token: string): Promise<SongRow | undefined> {
      return db.selectFrom('music_songs').selectAll().where('share_token', '=', token).executeTakeFirst()
    },

    async insertFinetune(row: Omit<FinetuneRow, 'created_at'>): Promise<FinetuneRow> {
      return db
        .insertInto('music_finetunes')
        .values({ ...row, tags: JSON.stringify(row.tags), styles: JSON.stringify(row.styles) })
        .returningAll()
        .executeTakeFirstOrThrow()
    },

    /** A finetune the user may see: their own, or one shared with the workspace. */
    async findFinetune(workspaceId: string, userId: string, id: string): Promise<FinetuneRow | undefined> {
      return db
        .selectFrom('music_finetunes')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .where((eb) => eb.or([eb('visibility', '=', 'workspace'), eb('user_id', '=', userId)]))
        .executeTakeFirst()
    },

    /** The finetunes the user may see, filtered and sorted; one more than `limit` tells of a next page. */
    async listFinetunes(workspaceId: string, userId: string, filter: FinetuneFilter): Promise<FinetuneRow[]> {
      let query = db
        .selectFrom('music_finetunes')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where((eb) => eb.or([eb('visibility', '=', 'workspace'), eb('user_id', '=', userId)]))
      if (filter.visibility) query = query.where('visibility', '=', filter.visibility)
      if (filter.createdBy === 'self') query = query.where('user_id', '=', userId)
      if (filter.createdBy === 'workspace')
        query = query.where((eb) => eb.or([eb('user_id', '!=', userId), eb('user_id', 'is', null)]))
      return query
        .orderBy(filter.sort, filter.direction)
        .orderBy('id', filter.direction)
        .limit(filter.limit + 1)
        .offset(filter.offset)
        .execute()
    },

    async updateFinetune(
      id: string,
      patch: Partial<Pick<FinetuneRow, 'name' | 'primary_genre' | 'visibility'>> & { tags?: string[] },
    ): Promise<FinetuneRow> {
      const { tags, ...rest } = patch
      return db
        .updateTable('music_finetunes')
        .set({ ...rest, ...(tags ? { tags: JSON.stringify(tags) } : {}) })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
    },

    async deleteFinetune(id: string): Promise<void> {
      await db.deleteFrom('music_finetunes').where('id', '=', id).execute()
    },
  }
}

export type MusicRepository = ReturnType<typeof createMusicRepository>
