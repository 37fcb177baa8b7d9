// Dubbing: new dubs, the workspace's dubs, one dub as an editable resource, edits, re-dubs and
// exports.

import type { DubbingExportFormat } from '@timbre/contract'
import { binary, client, JSON_HEADERS, settle } from '../../lib/api'
import type { ResponseJson } from '../../lib/api-types'

export type DubsPage = ResponseJson<'/v1/dubbing', 'get', 200>
export type Dub = ResponseJson<'/v1/dubbing/{dubbing_id}', 'get', 200> & {
  progress: number
  progress_message: string | null
  refunded: boolean
  credits: number
}

export interface SegmentDub {
  start_time: number
  end_time: number
  text: string
  audio_stale: boolean
  translation_provider: string
  media_ref?: { url: string }
}

export interface DubResource {
  id: string
  version: number
  source_language: string
  target_languages: string[]
  speaker_tracks: Record<
    string,
    { id: string; speaker_name: string; voices: Record<string, string>; segments: string[] }
  >
  speaker_segments: Record<
    string,
    { id: string; start_time: number; end_time: number; text: string; dubs: Record<string, SegmentDub> }
  >
}

export interface NewDub {
  file: File
  name: string
  targetLang: string
  numSpeakers: number | null
  watermark: boolean
  dropBackground: boolean
  disableVoiceCloning: boolean
}

/** POST /v1/dubbing (multipart): the new dub's id; the dub runs as a job. */
export async function createDub(
  input: NewDub,
): Promise<{ dubbing_id: string; expected_duration_sec: number }> {
  const form = new FormData()
  form.set('file', input.file, input.file.name)
  if (input.name.trim()) form.set('name', input.name.trim())
  form.set('source_lang', 'en')
  form.set('target_lang', input.targetLang)
  if (input.numSpeakers !== null) form.set('num_speakers', String(input.numSpeakers))
  form.set('watermark', String(input.watermark))
  form.set('drop_background_audio', String(input.dropBackground))
  form.set('disable_voice_cloning', String(input.disableVoiceCloning))
  const response = await binary('/v1/dubbing', {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: form,
  })
  return (await response.json()) as { dubbing_id: string; expected_duration_sec: number }
}

export const listDubs = (cursor?: string): Promise<DubsPage> =>
  settle(client.GET('/v1/dubbing', { params: { query: { page_size: 20, ...(cursor ? { cursor } : {}) } } }))

export const getDub = async (id: string): Promise<Dub> =>
  (await settle(client.GET('/v1/dubbing/{dubbing_id}', { params: { path: { dubbing_id: id } } }))) as Dub

export const deleteDub = (id: string) =>
  settle(client.DELETE('/v1/dubbing/{dubbing_id}', { params: { path: { dubbing_id: id } } }))

async function json<T>(url: string, method: string, body?: unknown): Promise<T> {
  const response = await binary(url, {
    method,
    headers: { ...JSON_HEADERS, accept: 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  })
  return (await response.json()) as T
}

const resource = (id: string) => `/v1/dubbing/resource/${encodeURIComponent(id)}`

export const getResource = (id: string) => json<DubResource>(resource(id), 'GET')

export const updateSegment = (
  id: string,
  segmentId: string,
  language: string,
  patch: { start_time?: number; end_time?: number; text?: string },
) =>
  json<{ version: number }>(
    `${resource(id)}/segment/${encodeURIComponent(segmentId)}/${language}`,
    'PATCH',
    patch,
  )

export const redubSegments = (id: string, segments: string[], languages: string[]) =>
  json<{ version: number }>(`${resource(id)}/dub`, 'POST', { segments, languages })

export const retranslateSegments = (id: string, segments: string[], languages: string[]) =>
  json<{ version: number }>(`${resource(id)}/translate`, 'POST', { segments, languages })

export const holdEditor = (id: string, session: string) =>
  json<{ held_until: string }>(`${resource(id)}/editor`, 'PUT', { session_id: session })

export const releaseEditor = (id: string, session: string) =>
  json<{ status: string }>(`${resource(id)}/editor`, 'DELETE', { session_id: session })

/** The file name a download answer names in its Content-Disposition, if any. */
function attachmentName(response: Response): string | null {
  return /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? null
}

/** GET /v1/dubbing/{id}/export/{language}?format=...: a language as a file. */
export async function exportDub(
  id: string,
  language: string,
  format: DubbingExportFormat,
): Promise<{ blob: Blob; fileName: string }> {
  const response = await binary(
    `/v1/dubbing/${encodeURIComponent(id)}/export/${language}?${new URLSearchParams({ format })}`,
    { method: 'GET' },
  )
  return { blob: await response.blob(), fileName: attachmentName(response) ?? `dub-${language}.${format}` }
}
