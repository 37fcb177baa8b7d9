import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import type { ProjectRow, TimelineStore } from './voiceover.repository.js'
import type { VoiceoverDeps } from './voiceover-deps.js'
import { projectView, renderView } from './voiceover-views.js'

// A workspace's voiceover project, read whole or changed under its lock.

export function checkLanguage(deps: VoiceoverDeps, language: string): void {
  if (!deps.languages.includes(language))
    throw new AppError('validation_error', {
      message: `'${language.slice(0, 16)}' is not a language a dubbed track can speak; use one of: ${deps.languages.join(', ')}.`,
      param: 'language',
    })
}

export async function project(
  deps: VoiceoverDeps,
  principal: Principal,
  projectId: string,
): Promise<ProjectRow> {
  const { repository } = deps
  const row = await repository.find(principal.workspaceId, projectId)
  if (!row) throw new AppError('voiceover_project_not_found', { param: 'project_id' })
  return row
}

export async function full(deps: VoiceoverDeps, row: ProjectRow) {
  const { repository } = deps
  const [tracks, clips, latest] = await Promise.all([
    repository.tracks(row.id),
    repository.clips(row.id),
    repository.renders.latest(row.id),
  ])
  const render = latest ? renderView(latest, deps.renderStale(latest.updated_at, latest.status)) : null
  return projectView(row, tracks, clips, render)
}

export async function locked<T>(
  deps: VoiceoverDeps,
  principal: Principal,
  projectId: string,
  work: (store: TimelineStore, project: ProjectRow) => Promise<T>,
): Promise<T> {
  const { repository } = deps
  const done = await repository.locked(principal.workspaceId, projectId, work)
  if (!done) throw new AppError('voiceover_project_not_found', { param: 'project_id' })
  return done.result
}
