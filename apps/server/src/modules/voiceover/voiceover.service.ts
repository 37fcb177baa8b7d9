import { bindUseCases } from '../../platform/use-cases.js'
import type { Principal } from '../../plugins/auth.js'
import { full, locked, project } from './project-access.js'
import type { ProjectRow, TimelineStore } from './voiceover.repository.js'
import type { VoiceoverDeps } from './voiceover-deps.js'
import { create, get, list, media, remove, update } from './voiceover-projects.js'
import { addTrack, deleteTrack, updateTrack } from './voiceover-tracks.js'

export * from './voiceover-deps.js'

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
