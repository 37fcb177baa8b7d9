// Speech to text: transcribing a file, and the workspace's stored transcripts.

import type { TranscriptExportFormat } from '@timbre/contract'
import { binary, client, settle } from '../../lib/api'
import type { ResponseJson } from '../../lib/api-types'

export type Transcript = ResponseJson<'/v1/speech-to-text/transcripts/{transcription_id}', 'get', 200>
export type TranscriptsPage = ResponseJson<'/v1/speech-to-text/transcripts', 'get', 200>
export type TranscriptSummary = TranscriptsPage['transcripts'][number]
export type TranscriptionJob = ResponseJson<'/v1/speech-to-text/jobs', 'get', 200>['jobs'][number]
export type SpeechToTextModel = ResponseJson<'/v1/speech-to-text/models', 'get', 200>['models'][number]

export interface TranscribeOptions {
  diarize: boolean
  /** null: the recogniser decides. */
  speakers: number | null
  tagAudioEvents: boolean
  modelId?: string
  /** ISO 639-1; null: the model identifies it (or assumes its one language). */
  languageCode?: string | null
}

function transcriptionForm(file: File, options: TranscribeOptions): FormData {
  const form = new FormData()
  form.set('file', file, file.name)
  form.set('model_id', options.modelId ?? 'scribe_v1')
  form.set('diarize', String(options.diarize))
  form.set('tag_audio_events', String(options.tagAudioEvents))
  if (options.speakers !== null) form.set('num_speakers', String(options.speakers))
  if (options.languageCode) form.set('language_code', options.languageCode)
  return form
}

/** POST /v1/speech-to-text (multipart): the transcript, stored in the workspace. */
export async function transcribe(
  file: File,
  options: TranscribeOptions,
  signal?: AbortSignal,
): Promise<Transcript> {
  const response = await binary('/v1/speech-to-text', {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: transcriptionForm(file, options),
    signal,
  })
  return (await response.json()) as Transcript
}

/**
 * POST /v1/speech-to-text with `webhook=true`: the file is transcribed in the background (at most
 * three of a workspace at once); the answer names the transcript it will become.
 */
export async function submitTranscription(file: File, options: TranscribeOptions): Promise<string> {
  const form = transcriptionForm(file, options)
  form.set('webhook', 'true')
  const response = await binary('/v1/speech-to-text', {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: form,
  })
  return ((await response.json()) as { transcription_id: string }).transcription_id
}

export const listTranscriptionJobs = (): Promise<TranscriptionJob[]> =>
  settle(client.GET('/v1/speech-to-text/jobs')).then((r) => r.jobs)

export const dismissTranscriptionJob = (id: string): Promise<unknown> =>
  settle(
    client.DELETE('/v1/speech-to-text/jobs/{transcription_id}', {
      params: { path: { transcription_id: id } },
    }),
  )

export const listSpeechToTextModels = (): Promise<SpeechToTextModel[]> =>
  settle(client.GET('/v1/speech-to-text/models')).then((r) => r.models)

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
