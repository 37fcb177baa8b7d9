// Casting a Studio project: its cast, detection, applying voices, one member's voice.
import type { components } from '@timbre/contract'
import { client, settle } from '../../lib/api'

export type StudioCast = components['schemas']['StudioCast']
export type StudioCastApplied = components['schemas']['StudioCastApplied']

const projectPath = (id: string) => ({ params: { path: { project_id: id } } })

export const getStudioCast = (projectId: string): Promise<StudioCast> =>
  settle(client.GET('/v1/studio/projects/{project_id}/cast', projectPath(projectId)))
export const detectStudioCast = (projectId: string): Promise<StudioCast> =>
  settle(client.POST('/v1/studio/projects/{project_id}/cast/detect', projectPath(projectId)))
export const applyStudioCast = (
  projectId: string,
  body: { narrator_voice_id: string; characters: Array<{ character_id: string; voice_id: string | null }> },
): Promise<StudioCastApplied> =>
  settle(client.POST('/v1/studio/projects/{project_id}/cast', { ...projectPath(projectId), body }))
export const setStudioCastVoice = (
  projectId: string,
  characterId: string,
  voiceId: string | null,
): Promise<StudioCastApplied> =>
  settle(
    client.POST('/v1/studio/projects/{project_id}/cast/{character_id}', {
      params: { path: { project_id: projectId, character_id: characterId } },
      body: { voice_id: voiceId },
    }),
  )
