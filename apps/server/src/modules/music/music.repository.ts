import type { CompositionPlan, SongMetadata } from '@timbre/contract'
import type { Selectable, Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import type { MusicFinetunesTable, MusicSongsTable } from './music.tables.js'

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

    async insertFinetune(row: Omit<FinetuneRow, 'created_at'>): Promise<FinetuneRow> {
      return db
        .insertInto('music_finetunes')
        .values({ ...row, tags: JSON.stringify(row.tags), styles: JSON.stringify(row.styles) })
        .returningAll()
        .executeTakeFirstOrThrow()
    },

    async findFinetune(workspaceId: string, id: string): Promise<FinetuneRow | undefined> {
      return db
        .selectFrom('music_finetunes')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
    },

    async listFinetunes(workspaceId: string): Promise<FinetuneRow[]> {
      return db
        .selectFrom('music_finetunes')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .orderBy('created_at', 'desc')
        .execute()
    },
  }
}

export type MusicRepository = ReturnType<typeof createMusicRepository>
