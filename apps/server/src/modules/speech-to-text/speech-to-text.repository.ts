import { type Insertable, type Selectable, sql, type Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import type { SpeechToTextTranscriptsTable } from './speech-to-text.tables.js'

export type TranscriptRow = Selectable<SpeechToTextTranscriptsTable>
export type NewTranscript = Insertable<SpeechToTextTranscriptsTable>

/** How much of a transcript's text a list row carries. */
const LIST_TEXT_CHARS = 200

export function createTranscriptsRepository(db: Database) {
  return {
    /** Inserts within the charge's transaction when given, so a charge always has its transcript. */
    async insert(row: NewTranscript, trx?: Transaction<DB>): Promise<void> {
      await (trx ?? db).insertInto('speech_to_text_transcripts').values(row).execute()
    },

    async find(workspaceId: string, id: string): Promise<TranscriptRow | undefined> {
      return db
        .selectFrom('speech_to_text_transcripts')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
    },

    /** A page of the workspace's transcripts, newest first, after the one named (if any). */
    async list(workspaceId: string, options: { limit: number; after?: string | undefined }) {
      let query = db
        .selectFrom('speech_to_text_transcripts as t')
        .select([
          't.id',
          't.file_name',
          't.language_code',
          't.audio_duration_seconds',
          't.credits',
          't.created_at',
          // A list shows the start of the text; the whole transcript comes with the item.
          sql<string>`left(t.text, ${LIST_TEXT_CHARS})`.as('text_start'),
        ])
        .where('t.workspace_id', '=', workspaceId)
      if (options.after) {
        const after = await db
          .selectFrom('speech_to_text_transcripts')
          .select(['created_at', 'id'])
          .where('workspace_id', '=', workspaceId)
          .where('id', '=', options.after)
          .executeTakeFirst()
        if (!after) return undefined
        query = query.where((eb) =>
          eb.or([
            eb('t.created_at', '<', after.created_at),
            eb.and([eb('t.created_at', '=', after.created_at), eb('t.id', '<', after.id)]),
          ]),
        )
      }
      return query.orderBy('t.created_at', 'desc').orderBy('t.id', 'desc').limit(options.limit).execute()
    },

    async delete(workspaceId: string, id: string): Promise<boolean> {
      const row = await db
        .deleteFrom('speech_to_text_transcripts')
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst()
      return row !== undefined
    },
  }
}

export type TranscriptsRepository = ReturnType<typeof createTranscriptsRepository>
