import type { paths } from '@timbre/contract'
import { client, settle } from '../../lib/api'
import { toApiError } from '../../lib/api-error'

// Calls of the shared voice library, voice sharing, collections and accents.

export type SharedVoicesQuery = NonNullable<paths['/v1/shared-voices']['get']['parameters']['query']>
export type LibraryPage = paths['/v1/shared-voices']['get']['responses']['200']['content']['application/json']
export type LibraryVoice = LibraryPage['voices'][number]
export type SharingBody =
  paths['/v1/voices/{voice_id}/sharing']['post']['requestBody']['content']['application/json']
export type Collection =
  paths['/v1/voices/collections/{collection_id}']['get']['responses']['200']['content']['application/json']

export const listSharedVoices = (query: SharedVoicesQuery): Promise<LibraryPage> =>
  settle(client.GET('/v1/shared-voices', { params: { query } }))

export const addSharedVoice = (publicUserId: string, voiceId: string, newName: string) =>
  settle(
    client.POST('/v1/voices/add/{public_user_id}/{voice_id}', {
      params: { path: { public_user_id: publicUserId, voice_id: voiceId } },
      body: { new_name: newName },
    }),
  )

export const shareVoice = (voiceId: string, body: SharingBody) =>
  settle(client.POST('/v1/voices/{voice_id}/sharing', { params: { path: { voice_id: voiceId } }, body }))

export const listAccents = () => settle(client.GET('/v1/voices/accents', { params: { query: {} } }))

export const listCollections = () => settle(client.GET('/v1/voices/collections'))

export const createCollection = (title: string, icon: string) =>
  settle(client.POST('/v1/voices/collections', { body: { title, icon } }))

export const deleteCollection = (id: string) =>
  settle(client.DELETE('/v1/voices/collections/{collection_id}', { params: { path: { collection_id: id } } }))

export const addToCollection = (id: string, voiceId: string) =>
  settle(
    client.POST('/v1/voices/collections/{collection_id}/voice/{voice_id}', {
      params: { path: { collection_id: id, voice_id: voiceId } },
    }),
  )

export const removeFromCollection = (id: string, voiceId: string) =>
  settle(
    client.DELETE('/v1/voices/collections/{collection_id}/voice/{voice_id}', {
      params: { path: { collection_id: id, voice_id: voiceId } },
    }),
  )

export type IsolationJob =
  paths['/v1/audio-isolation/jobs/{job_id}']['get']['responses']['200']['content']['application/json']

/** POST /v1/audio-isolation/jobs (multipart `audio`): starts isolation as a background job. */
export async function startIsolationJob(file: File): Promise<IsolationJob> {
  const form = new FormData()
  form.append('audio', file)
  const response = await globalThis.fetch('/v1/audio-isolation/jobs', {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
  })
  const body: unknown = await response.json().catch(() => null)
  if (!response.ok) throw toApiError(response.status, body)
  return body as IsolationJob
}

export const isolationJob = (id: string): Promise<IsolationJob> =>
  settle(client.GET('/v1/audio-isolation/jobs/{job_id}', { params: { path: { job_id: id } } }))
