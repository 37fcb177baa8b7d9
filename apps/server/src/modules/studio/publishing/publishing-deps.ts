import { createHash, randomBytes } from 'node:crypto'
import { STUDIO_PUBLISH_PREVIEW_SECONDS, type StudioPublishingState } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import type { JobQueue } from '../../../jobs/queue.js'
import type { FileStorage } from '../../../lib/storage.js'
import { checkPermission, type Principal } from '../../../plugins/auth.js'
import type { ConversionRepository } from '../conversion/conversion.repository.js'
import type { ConversionService } from '../conversion/conversion.service.js'
import type { ChapterRow, ProjectRow, StudioRepository } from '../studio.repository.js'
import type { StudioAccess } from '../studio.service.js'
import type { StoredBlock } from '../studio-content.js'
import type {
  PublicationRow,
  PublishedVersion,
  PublishingRepository,
  StoredImage,
} from './publishing.repository.js'

/** What the publishing use cases work with; the service file composes them over one set. */
export interface PublishingDeps {
  publications: PublishingRepository
  studio: StudioRepository
  conversions: ConversionRepository
  conversion: ConversionService
  storage: FileStorage
  queue: JobQueue
  access?: StudioAccess | undefined
  log?: (message: string, details: object) => void
}

export type Workspace = Pick<Principal, 'workspaceId' | 'userId'> & Partial<Pick<Principal, 'workspace'>>

/** A chapter with something to read aloud (empty chapters are left out of the book). */
export const hasText = (chapter: ChapterRow) =>
  (chapter.blocks as StoredBlock[]).some((b) => b.nodes.some((n) => n.text.trim() !== ''))

/** What the public page would show from the project as it is now: any change alters it. */
export function fingerprint(project: ProjectRow, chapters: ChapterRow[], image: StoredImage | null): string {
  const content = {
    name: project.name,
    metadata: project.metadata,
    voices: [project.default_title_voice_id, project.default_paragraph_voice_id],
    image: image?.key ?? null,
    chapters: chapters.map((c) => ({
      id: c.id,
      name: c.name,
      blocks: c.blocks,
      converted: c.last_conversion_at?.toISOString() ?? null,
    })),
  }
  return createHash('sha256').update(JSON.stringify(content)).digest('base64url')
}

export async function requireProject(
  deps: PublishingDeps,
  workspace: Workspace,
  projectId: string,
): Promise<ProjectRow> {
  // Publishing is a Studio feature: the Studio product and the publishing guard both apply.
  if (workspace.workspace) checkPermission(workspace as Principal, 'projects')
  const project = await deps.studio.findProject(workspace.workspaceId, projectId)
  if (!project) throw new AppError('project_not_found')
  return project
}

export async function requireEditable(
  deps: PublishingDeps,
  workspace: Workspace,
  projectId: string,
): Promise<ProjectRow> {
  const project = await requireProject(deps, workspace, projectId)
  await deps.access?.requireEditor(workspace, { id: project.id, createdBy: project.created_by })
  return project
}

function stateOf(row: PublicationRow | undefined, current: string): StudioPublishingState {
  if (!row) return 'draft'
  if (row.state === 'publishing' || row.state === 'updating') return row.state
  if (row.published && row.published_fingerprint === current) return 'published'
  return 'draft'
}

export async function view(deps: PublishingDeps, project: ProjectRow, row: PublicationRow | undefined) {
  const chapters = await deps.studio.listChapters(project.id)
  const current = fingerprint(project, chapters, row?.image ?? null)
  const published = Boolean(row?.published)
  return {
    project_id: project.id,
    state: stateOf(row, current),
    progress: row?.state === 'publishing' || row?.state === 'updating' ? row.progress : null,
    /** Where the public page is while a version is published (root-relative). */
    public_path: published && row ? `/listen/${row.slug}` : null,
    is_published: published,
    has_unpublished_changes: published && row?.published_fingerprint !== current,
    published_at_unix: row?.published_at ? Math.floor(row.published_at.getTime() / 1000) : null,
    full_access: row?.full_access ?? false,
    preview_seconds: STUDIO_PUBLISH_PREVIEW_SECONDS,
    has_image: Boolean(row?.image),
    last_error: row?.last_error ?? null,
  }
}

export async function ensureRow(deps: PublishingDeps, project: ProjectRow): Promise<PublicationRow> {
  return deps.publications.ensure(project.id, project.workspace_id, randomBytes(12).toString('base64url'))
}

export async function deleteVersionFiles(
  deps: PublishingDeps,
  version: PublishedVersion | null | undefined,
): Promise<void> {
  if (!version) return
  const keys = new Set(version.chapters.flatMap((c) => [c.full_key, c.preview_key]))
  if (version.image) keys.add(version.image.key)
  for (const key of keys) await deps.storage.delete(key)
}
