// The workspace's voices: list, details, edits, instant clones, deletion.
import { binary, client, settle } from '../../lib/api'
import type { AddedVoice, Voice, VoiceEdit, VoicePage, VoiceQuery } from '../../lib/api-types'

export const listVoices = (query: VoiceQuery): Promise<VoicePage> =>
  settle(client.GET('/v2/voices', { params: { query } }))
export const getVoice = (voiceId: string): Promise<Voice> =>
  settle(client.GET('/v1/voices/{voice_id}', { params: { path: { voice_id: voiceId } } }))
export const deleteVoice = (voiceId: string): Promise<{ status: 'ok' }> =>
  settle(client.DELETE('/v1/voices/{voice_id}', { params: { path: { voice_id: voiceId } } }))

/**
 * POST /v1/voices/{voice_id}/edit: a multipart form, as the public API takes it. The
 * description is sent as an empty string when missing, the labels as JSON.
 */
export async function editVoice(voiceId: string, edit: VoiceEdit): Promise<{ status: 'ok' }> {
  const form = new FormData()
  form.set('name', edit.name)
  form.set('description', edit.description ?? '')
  form.set('labels', JSON.stringify(edit.labels))
  form.set('remove_background_noise', JSON.stringify(false))
  const response = await binary(`/v1/voices/${encodeURIComponent(voiceId)}/edit`, {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: form,
  })
  return (await response.json()) as { status: 'ok' }
}

/** Instant voice cloning: the samples and the voice's name, description and labels as multipart. */
export async function addVoice(input: {
  name: string
  description: string
  files: File[]
  removeBackgroundNoise: boolean
}): Promise<AddedVoice> {
  const form = new FormData()
  form.set('name', input.name)
  if (input.description) form.set('description', input.description)
  for (const file of input.files) form.append('files', file, file.name)
  form.set('remove_background_noise', JSON.stringify(input.removeBackgroundNoise))
  const response = await binary('/v1/voices/add', {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: form,
  })
  return (await response.json()) as AddedVoice
}
