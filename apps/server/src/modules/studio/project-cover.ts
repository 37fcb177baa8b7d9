import { AppError } from '../../errors.js'
import { requireEditableProject, requireProject } from './project-access.js'
import type { Workspace } from './project-rules.js'
import { type StoredCover, storeCover } from './studio-cover.js'
import type { StudioDeps } from './studio-deps.js'
import { type ProjectMetadata, projectView } from './studio-views.js'

/** Replaces (or, without an image, removes) the project's cover. */
export async function setCover(
  deps: StudioDeps,
  principal: Workspace,
  projectId: string,
  cover: Buffer | null,
) {
  const { repository } = deps
  const project = await requireEditableProject(deps, principal, projectId)
  const earlier = (project.metadata as ProjectMetadata).cover_image
  const stored: StoredCover | null =
    cover && (await storeCover(deps.storage, principal.workspaceId, project.id, cover))
  const metadata: ProjectMetadata = { ...(project.metadata as ProjectMetadata), cover_image: stored }
  await repository.updateProject(principal.workspaceId, projectId, {
    metadata: metadata as Record<string, unknown>,
  })
  if (earlier) await deps.storage.delete(earlier.key)
  return { project: projectView(await requireProject(deps, principal, projectId)) }
}

/** The cover's bytes and type; not found when the project has none. */
export async function readCover(deps: StudioDeps, principal: Workspace, projectId: string) {
  const project = await requireProject(deps, principal, projectId)
  const cover = (project.metadata as ProjectMetadata).cover_image
  const data = cover && (await deps.storage.get(cover.key))
  if (!cover || !data) throw new AppError('not_found', { message: 'This project has no cover image.' })
  return { data, mimeType: cover.mime_type }
}

/**
 * Chapters with muted tracks. Studio chapters here are single-track narration with no
 * mute control, so after the project check the answer is always that none are muted.
 */
export async function mutedTracks(deps: StudioDeps, principal: Workspace, projectId: string) {
  await requireProject(deps, principal, projectId)
  return { chapter_ids: [] as string[] }
}
