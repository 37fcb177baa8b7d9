import type { components } from '@timbre/contract'
import { client, settle } from '../../lib/api'
import { toApiError } from '../../lib/api-error'

// The Voiceover Studio calls: projects, tracks, clips and renders.

export type VoiceoverProject = components['schemas']['VoiceoverProject']
export type VoiceoverTrack = components['schemas']['VoiceoverTrack']
export type VoiceoverClip = components['schemas']['VoiceoverClip']
export type VoiceoverRender = components['schemas']['VoiceoverRender']
export type TrackType = VoiceoverTrack['type']
export type ClipKind = VoiceoverClip['kind']

const project = (id: string) => ({ params: { path: { project_id: id } } })

export const listVoiceoverProjects = () => settle(client.GET('/v1/voiceover/projects'))
export const getVoiceoverProject = (id: string) =>
  settle(client.GET('/v1/voiceover/projects/{project_id}', project(id)))
export const deleteVoiceoverProject = (id: string) =>
  settle(client.DELETE('/v1/voiceover/projects/{project_id}', project(id)))

/** Multipart: the media file goes up with the name. */
export async function createVoiceoverProject(input: {
  name: string
  durationSeconds: number | null
  file: File | null
}): Promise<VoiceoverProject> {
  const form = new FormData()
  form.append('name', input.name)
  if (input.durationSeconds !== null) form.append('duration_seconds', String(input.durationSeconds))
  if (input.file) form.append('file', input.file)
  const response = await fetch('/v1/voiceover/projects', {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  })
  const body = await response.json().catch(() => null)
  if (!response.ok) throw toApiError(response.status, body)
  return body as VoiceoverProject
}

export const addVoiceoverTrack = (id: string, body: { type: TrackType; language?: string | null }) =>
  settle(client.POST('/v1/voiceover/projects/{project_id}/tracks', { ...project(id), body }))

export const updateVoiceoverTrack = (
  id: string,
  trackId: string,
  body: { muted?: boolean; name?: string; voice_id?: string; language?: string },
) =>
  settle(
    client.PATCH('/v1/voiceover/projects/{project_id}/tracks/{track_id}', {
      params: { path: { project_id: id, track_id: trackId } },
      body,
    }),
  )

export const deleteVoiceoverTrack = (id: string, trackId: string) =>
  settle(
    client.DELETE('/v1/voiceover/projects/{project_id}/tracks/{track_id}', {
      params: { path: { project_id: id, track_id: trackId } },
    }),
  )

export type AddClipBody = {
  track_id: string
  kind: ClipKind
  start_seconds: number
  end_seconds?: number
  text?: string
  prompt?: string
}

export const addVoiceoverClip = (id: string, body: AddClipBody) =>
  settle(client.POST('/v1/voiceover/projects/{project_id}/clips', { ...project(id), body }))

export type UpdateClipBody = {
  track_id?: string
  start_seconds?: number
  end_seconds?: number
  text?: string
  prompt?: string
}

export const updateVoiceoverClip = (id: string, clipId: string, body: UpdateClipBody) =>
  settle(
    client.PATCH('/v1/voiceover/projects/{project_id}/clips/{clip_id}', {
      params: { path: { project_id: id, clip_id: clipId } },
      body,
    }),
  )

export const splitVoiceoverClip = (id: string, clipId: string, at: number) =>
  settle(
    client.POST('/v1/voiceover/projects/{project_id}/clips/{clip_id}/split', {
      params: { path: { project_id: id, clip_id: clipId } },
      body: { at_seconds: at },
    }),
  )

export const deleteVoiceoverClip = (id: string, clipId: string) =>
  settle(
    client.DELETE('/v1/voiceover/projects/{project_id}/clips/{clip_id}', {
      params: { path: { project_id: id, clip_id: clipId } },
    }),
  )

export const startVoiceoverRender = (id: string) =>
  settle(client.POST('/v1/voiceover/projects/{project_id}/render', project(id)))

export const getVoiceoverRender = (id: string, renderId: string) =>
  settle(
    client.GET('/v1/voiceover/projects/{project_id}/renders/{render_id}', {
      params: { path: { project_id: id, render_id: renderId } },
    }),
  )

export const renderFileUrl = (id: string, renderId: string, which: 'audio' | 'video') =>
  `/v1/voiceover/projects/${encodeURIComponent(id)}/renders/${encodeURIComponent(renderId)}/${which}`
export const mediaUrl = (id: string) => `/v1/voiceover/projects/${encodeURIComponent(id)}/media`
