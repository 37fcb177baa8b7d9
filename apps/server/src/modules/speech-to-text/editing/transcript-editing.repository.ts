import type { Selectable } from 'kysely'
import type { Database } from '../../../db/database.js'
import type { ApiWord } from '../transcript-words.js'
import type { SpeechToTextTranscriptEditsTable } from './transcript-editing.tables.js'

export type TranscriptEditsRow = Selectable<SpeechToTextTranscriptEditsTable>

/** What a saved edit writes: the words and text of the transcript, and the editor's own state. */
export interface TranscriptChange {
  words: ApiWord[]
  text: string
  speakerNames: Record<string, string>
  segmentStarts: number[]
}

const json = (value: unknown) => JSON.stringify(value)

export function createTranscriptEditsRepository(db: Database) {
  return {
    /** Records the kept audio of a new transcript (its editor state starts at version 0). */
    async insertAudio(row: {
      transcriptId: string
      workspaceId: string
      key: string
      bytes: number
      peaks: number[]
    }) {
      await db
        .insertInto('speech_to_text_transcript_edits')
        .values({
          transcript_id: row.transcriptId,
          workspace_id: row.workspaceId,
          audio_key: row.key,
          audio_bytes: row.bytes,
          peaks: json(row.peaks),
        })
        .onConflict((oc) =>
          oc
            .column('transcript_id')
            .doUpdateSet({ audio_key: row.key, audio_bytes: row.bytes, peaks: json(row.peaks) }),
        )
        .execute()
    },

    /** The names the editor gave the transcript's speakers (none when it was never edited). */
    async speakerNames(workspaceId: string, transcriptId: string): Promise<Record<string, string>> {
      const row = await db
        .selectFrom('speech_to_text_transcript_edits')
        .select('speaker_names')
        .where('workspace_id', '=', workspaceId)
        .where('transcript_id', '=', transcriptId)
        .executeTakeFirst()
      const names =
        typeof row?.speaker_names === 'string' ? JSON.parse(row.speaker_names) : row?.speaker_names
      return names && typeof names === 'object' ? (names as Record<string, string>) : {}
    },

    /** The editor state of a copied transcript, as the original had it. */
    async insertCopy(row: {
      transcriptId: string
      workspaceId: string
      audioKey: string | null
      bytes: number
      peaks: number[]
      speakerNames: Record<string, string>
      segmentStarts: number[] | null
    }) {
      await db
        .insertInto('speech_to_text_transcript_edits')
        .values({
          transcript_id: row.transcriptId,
          workspace_id: row.workspaceId,
          audio_key: row.audioKey,
          audio_bytes: row.bytes,
          peaks: json(row.peaks),
          speaker_names: json(row.speakerNames),
          segment_starts: row.segmentStarts ? json(row.segmentStarts) : null,
          updated_at: new Date(),
        })
        .execute()
    },

    async find(workspaceId: string, transcriptId: string): Promise<TranscriptEditsRow | undefined> {
      return db
        .selectFrom('speech_to_text_transcript_edits')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('transcript_id', '=', transcriptId)
        .executeTakeFirst()
    },

    /**
     * Writes an edit made on `version`, raising it by one, in one transaction with the
     * transcript's words; false (nothing written) when someone saved another edit first.
     */
    async save(workspaceId: string, transcriptId: string, version: number, change: TranscriptChange) {
      return db.transaction().execute(async (trx) => {
        const state = {
          speaker_names: json(change.speakerNames),
          segment_starts: json(change.segmentStarts),
          updated_at: new Date(),
        }
        let saved = await trx
          .updateTable('speech_to_text_transcript_edits')
          .set((eb) => ({ ...state, version: eb('version', '+', 1) }))
          .where('workspace_id', '=', workspaceId)
          .where('transcript_id', '=', transcriptId)
          .where('version', '=', version)
          .returning('version')
          .executeTakeFirst()
        if (!saved && version === 0) {
          // A transcript made before the editor existed has no row yet: the first edit makes it.
          saved = await trx
            .insertInto('speech_to_text_transcript_edits')
            .values({ transcript_id: transcriptId, workspace_id: workspaceId, version: 1, ...state })
            .onConflict((oc) => oc.column('transcript_id').doNothing())
            .returning('version')
            .executeTakeFirst()
        }
        if (!saved) return null
        const updated = await trx
          .updateTable('speech_to_text_transcripts')
          .set({ words: json(change.words), text: change.text })
          .where('workspace_id', '=', workspaceId)
          .where('id', '=', transcriptId)
          .returning('id')
          .executeTakeFirst()
        // A transcript removed meanwhile has nothing to save into (its row went with it).
        return updated ? saved.version : null
      })
    },
  }
}

export type TranscriptEditsRepository = ReturnType<typeof createTranscriptEditsRepository>
