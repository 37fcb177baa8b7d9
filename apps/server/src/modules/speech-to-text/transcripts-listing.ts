import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import type { TranscriptsRepository } from './speech-to-text.repository.js'

export interface TranscriptsQuery {
  page_size: number
  start_after_transcription_id?: string | undefined
}

/** A page of the workspace's transcripts, newest first; a cursor of another workspace is unknown. */
export async function listTranscripts(
  repository: TranscriptsRepository,
  principal: Principal,
  query: TranscriptsQuery,
) {
  const rows = await repository.list(principal.workspaceId, {
    limit: query.page_size + 1,
    after: query.start_after_transcription_id,
  })
  if (!rows) throw new AppError('transcript_not_found', { param: 'start_after_transcription_id' })
  const page = rows.slice(0, query.page_size)
  return {
    transcripts: page.map((r) => ({
      transcription_id: r.id,
      file_name: r.file_name,
      language_code: r.language_code,
      audio_duration_secs: r.audio_duration_seconds,
      credits: r.credits,
      created_at_unix: Math.floor(r.created_at.getTime() / 1000),
      text_start: r.text_start,
    })),
    has_more: rows.length > query.page_size,
    last_transcription_id: page[page.length - 1]?.id ?? null,
  }
}
