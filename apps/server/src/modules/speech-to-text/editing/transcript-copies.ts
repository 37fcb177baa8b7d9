import { newId } from '../../../lib/ids.js'
import type { FileStorage } from '../../../lib/storage.js'
import { readExportQuery } from '../exports/export-options.js'
import { exportBytes } from '../exports/export-transcript.js'
import type { TranscriptsRepository } from '../speech-to-text.repository.js'
import { transcriptBody } from '../transcript-body.js'
import { transcriptAudioKey } from './transcript-audio.js'
import type { TranscriptEditsRepository } from './transcript-editing.repository.js'

// What other domains may do with a stored transcript without a caller of its workspace: read its
// summary, copy it (words, editor state and kept audio) into another workspace as a working
// copy, read its kept audio and waveform, and write it out as a text or subtitle file.

export interface TranscriptCopiesDeps {
  transcripts: TranscriptsRepository
  edits: TranscriptEditsRepository
  storage: FileStorage
}

export interface TranscriptSummary {
  transcriptId: string
  fileName: string
  languageCode: string
  durationSeconds: number
  text: string
}

const parsed = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value)

export function createTranscriptCopies(deps: TranscriptCopiesDeps) {
  return {
    async summary(workspaceId: string, transcriptId: string): Promise<TranscriptSummary | null> {
      const row = await deps.transcripts.find(workspaceId, transcriptId)
      if (!row) return null
      return {
        transcriptId: row.id,
        fileName: row.file_name,
        languageCode: row.language_code,
        durationSeconds: row.audio_duration_seconds,
        text: row.text,
      }
    },

    /** A new transcript in `toWorkspaceId` with the words, segments, names and audio of the original. */
    async copy(input: {
      fromWorkspaceId: string
      transcriptId: string
      toWorkspaceId: string
      toUserId: string
      fileName: string
    }): Promise<string | null> {
      const row = await deps.transcripts.find(input.fromWorkspaceId, input.transcriptId)
      if (!row) return null
      const edits = await deps.edits.find(input.fromWorkspaceId, input.transcriptId)
      const id = newId()
      await deps.transcripts.insert({
        ...row,
        id,
        workspace_id: input.toWorkspaceId,
        user_id: input.toUserId,
        request_id: `copy:${row.id}:${id}`,
        file_name: input.fileName,
        words: JSON.stringify(parsed(row.words)),
        credits: 0,
        created_at: new Date(),
      })
      const audio = edits?.audio_key ? await deps.storage.get(edits.audio_key) : null
      const key = transcriptAudioKey(input.toWorkspaceId, id)
      if (audio) await deps.storage.put(key, audio)
      await deps.edits.insertCopy({
        transcriptId: id,
        workspaceId: input.toWorkspaceId,
        audioKey: audio ? key : null,
        bytes: audio?.length ?? 0,
        peaks: (parsed(edits?.peaks) as number[] | undefined) ?? [],
        speakerNames: (parsed(edits?.speaker_names) as Record<string, string> | undefined) ?? {},
        segmentStarts: (parsed(edits?.segment_starts) as number[] | null | undefined) ?? null,
      })
      return id
    },

    /** Removes a working copy and its kept audio. */
    async remove(workspaceId: string, transcriptId: string): Promise<void> {
      await deps.transcripts.delete(workspaceId, transcriptId)
      await deps.storage.delete(transcriptAudioKey(workspaceId, transcriptId)).catch(() => undefined)
    },

    /** The editor's version of a transcript (0 before its first edit); null when it is gone. */
    async version(workspaceId: string, transcriptId: string): Promise<number | null> {
      if (!(await deps.transcripts.find(workspaceId, transcriptId))) return null
      return (await deps.edits.find(workspaceId, transcriptId))?.version ?? 0
    },

    /** The kept audio (MP3) and its waveform bars; null when none was kept. */
    async audio(workspaceId: string, transcriptId: string) {
      const edits = await deps.edits.find(workspaceId, transcriptId)
      if (!edits?.audio_key) return null
      const bytes = await deps.storage.get(edits.audio_key)
      if (!bytes) return null
      return { bytes, peaks: (parsed(edits.peaks) as number[] | undefined) ?? [] }
    },

    /** The transcript as a text or subtitle file (UTF-8); null when it is gone. */
    async file(workspaceId: string, transcriptId: string, format: 'txt' | 'srt' | 'vtt') {
      const row = await deps.transcripts.find(workspaceId, transcriptId)
      if (!row) return null
      const bytes = await exportBytes(transcriptBody(row), readExportQuery({ format }))
      return 'text' in bytes ? bytes.text : bytes.binary.toString('utf8')
    },
  }
}

export type TranscriptCopies = ReturnType<typeof createTranscriptCopies>
