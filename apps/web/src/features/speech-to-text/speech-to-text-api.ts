// Speech to text: transcribing a file, and the workspace's stored transcripts.

import type { TranscriptExportFormat } from '@timbre/contract'
import { binary, client, settle } from '../../lib/api'
import type { ResponseJson } from '../../lib/api-types'

export type Transcript = ResponseJson<'/v1/speech-to-text/transcripts/{transcription_id}', 'get', 200>
export type TranscriptsPage = ResponseJson<'/v1/speech-to-text/transcripts', 'get', 200>
export type TranscriptSummary = TranscriptsPage['transcripts'][number]

export interface TranscribeOptions {
  diarize: boolean
  /** null: the recogniser decides. */
  speakers: number | null
  tagAudioEvents: boolean
}

/** POST /v1/speech-to-text (multipart): the transcript, stored in the workspace. */
export async function transcribe(
  file: File,
  options: TranscribeOptions,
  signal?: AbortSignal,
): Promise<Transcript> {
  const form = new FormData()
  form.set('file', file, file.name)
  form.set('model_id', 'scribe_v1')
  form.set('diarize', String(options.diarize))
  form.set('tag_audio_events', String(options.tagAudioEvents))
  if (options.speakers !== null) form.set('num_speakers', String(options.speakers))
  const response = await binary('/v1/speech-to-text', {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: form,
    signal,
  })
  return (await response.json()) as Transcript
}

export const listTranscripts = (after?: string): Promise<TranscriptsPage> =>
  settle(
    client.GET('/v1/speech-to-text/transcripts', {
      params: { query: { page_size: 20, ...(after ? { start_after_transcription_id: after } : {}) } },
    }),
  )

export const getTranscript = (id: string): Promise<Transcript> =>
  settle(
    client.GET('/v1/speech-to-text/transcripts/{transcription_id}', {
      params: { path: { transcription_id: id } },
    }),
  )

/** The file name a download answer names in its Content-Disposition, if any. */
function attachmentName(response: Response): string | null {
  const header = response.headers.get('content-disposition') ?? ''
  return /filename="([^"]+)"/.exec(header)?.[1] ?? null
}

/** GET /v1/speech-to-text/transcripts/{id}/export: a stored transcript as a file, with the exporter's default limits. */
export async function exportTranscript(
  id: string,
  format: TranscriptExportFormat,
): Promise<{ blob: Blob; fileName: string }> {
  const query = new URLSearchParams({ format })
  const response = await binary(`/v1/speech-to-text/transcripts/${encodeURIComponent(id)}/export?${query}`, {
    method: 'GET',
  })
  return { blob: await response.blob(), fileName: attachmentName(response) ?? `transcript-${id}.${format}` }
}

export const deleteTranscript = (id: string): Promise<unknown> =>
  settle(
    client.DELETE('/v1/speech-to-text/transcripts/{transcription_id}', {
      params: { path: { transcription_id: id } },
    }),
  )
