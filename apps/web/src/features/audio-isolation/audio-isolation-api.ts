// Voice isolation and its history.
import { binary, client, settle } from '../../lib/api'
import type { IsolationPage } from '../../lib/api-types'

/** POST /v1/audio-isolation/stream (multipart `audio`): the isolated voice as MP3, streamed. */
export const isolateAudio = (file: File, signal?: AbortSignal): Promise<Response> => {
  const form = new FormData()
  form.set('audio', file, file.name)
  return binary('/v1/audio-isolation/stream', { method: 'POST', body: form, signal })
}

/** GET /v1/audio-isolation/history: the workspace's isolated recordings, newest first. */
export const listIsolations = (): Promise<IsolationPage> =>
  settle(client.GET('/v1/audio-isolation/history', { params: { query: { page_size: 50 } } }))

/** The audio of an isolated recording. */
export const isolationAudio = (id: string): Promise<Response> =>
  binary(`/v1/audio-isolation/history/${encodeURIComponent(id)}/audio`, { method: 'GET' })

/** DELETE /v1/audio-isolation/history/{id}. */
export const deleteIsolation = (id: string): Promise<unknown> =>
  settle(
    client.DELETE('/v1/audio-isolation/history/{history_item_id}', {
      params: { path: { history_item_id: id } },
    }),
  )
