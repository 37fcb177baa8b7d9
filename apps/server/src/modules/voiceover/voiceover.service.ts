import type { VoiceoverTrackType } from '@timbre/contract'
import type { FileStorage } from '../../lib/storage.js'
import { bindUseCases } from '../../platform/use-cases.js'
import type { Principal } from '../../plugins/auth.js'
import { full, locked, project } from './project-access.js'
import type { ProjectRow, TimelineStore, VoiceoverRepository } from './voiceover.repository.js'
import { create, get, list, media, remove, update } from './voiceover-projects.js'
import { addTrack, deleteTrack, updateTrack } from './voiceover-tracks.js'

// Voiceover projects and their tracks. A project with media starts with a foreground track that
// holds the whole media as one clip; its timeline is as long as the media. Without media the
// timeline has a chosen length.

export const mediaKey = (workspaceId: string, projectId: string) =>
  `voiceover/${workspaceId}/${projectId}/media`

export const TRACK_NAMES: Record<VoiceoverTrackType, string> = {
  voiceover_speaker: 'Speaker',
  sfx: 'Sound effects',
  foreground: 'Foreground',
  dubbed_speaker: 'Dubbed speaker',
}

export interface VoiceoverDeps {
  repository: VoiceoverRepository
  storage: FileStorage
  defaultVoiceId: string
  /** Refuses a voice the workspace cannot use (404), before anything is written. */
  checkVoice: (workspaceId: string, voiceId: string) => Promise<void>
  /** The language codes a dubbed speaker track may speak. */
  languages: readonly string[]
  /** Whether a render row's worker is gone (no heartbeat for a while). */
  renderStale: (updatedAt: Date, status: string) => boolean
}

/** Voiceover projects and tracks: each use case in its own file, bound to what they share. */
export function createVoiceoverService(deps: VoiceoverDeps) {
  const { repository } = deps
  return {
    ...bindUseCases(deps, {
      project,
      full,
      list,
      get,
      create,
      update,
      remove,
      media,
      addTrack,
      updateTrack,
      deleteTrack,
    }),
    /** Runs `work` on the project's timeline under its lock (generic, so bound by hand). */
    locked: <T>(
      principal: Principal,
      projectId: string,
      work: (store: TimelineStore, project: ProjectRow) => Promise<T>,
    ): Promise<T> => locked(deps, principal, projectId, work),
    /** The tracks and clips as they are now (outside any lock). */
    contents: (row: ProjectRow) => Promise.all([repository.tracks(row.id), repository.clips(row.id)]),
  }
}

export type VoiceoverService = ReturnType<typeof createVoiceoverService>
