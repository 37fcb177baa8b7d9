import type { Insertable, Selectable, Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import type { SpeechToTextTranscriptsTable } from './speech-to-text.tables.js'

export type TranscriptRow = Selectable<SpeechToTextTranscriptsTable>
export type NewTranscript = Insertable<SpeechToTextTranscriptsTable>

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
