import { AppError } from '../../../errors.js'
import { newId } from '../../../lib/ids.js'
import {
  deleteVersionFiles,
  ensureRow,
  fingerprint,
  hasText,
  type PublishingDeps,
  requireEditable,
  requireProject,
  view,
  type Workspace,
} from './publishing-deps.js'
import { storePublishingImage } from './publishing-image.js'

// What the publisher does with a project's publication: read its state, publish (or update)
// it as a job, take it down, and set or read its publishing image.

export async function status(deps: PublishingDeps, principal: Workspace, projectId: string) {
  const project = await requireProject(deps, principal, projectId)
  return view(deps, project, await deps.publications.find(project.id))
}

export async function publish(
  deps: PublishingDeps,
  principal: Workspace,
  projectId: string,
  options: { full_access?: boolean | undefined },
) {
  const project = await requireEditable(deps, principal, projectId)
  const chapters = await deps.studio.listChapters(project.id)
  // Checked here for a clear answer; the job checks again with the audio in hand.
  for (const chapter of chapters.filter(hasText)) {
    if (chapter.conversion_state !== 'converted')
      throw new AppError('studio_publish_not_converted', {
        message: `Convert the chapter “${chapter.name}” before publishing: every chapter must be converted.`,
      })
  }
  if (!chapters.some(hasText))
    throw new AppError('studio_publish_not_converted', {
      message: 'The project has no text to publish: add chapters and convert them first.',
    })
  const row = await ensureRow(deps, project)
  const runId = newId()
  const started = await deps.publications.start(
    project.id,
    {
      runId,
      state: row.published ? 'updating' : 'publishing',
      fingerprint: fingerprint(project, chapters, row.image),
      fullAccess: options.full_access ?? row.full_access,
    },
    (trx) => deps.queue.send('studio.publish', { projectId: project.id, runId }, { trx }),
  )
  if (!started) throw new AppError('studio_publish_running')
  return view(deps, project, await deps.publications.find(project.id))
}

export async function unpublish(deps: PublishingDeps, principal: Workspace, projectId: string) {
  const project = await requireEditable(deps, principal, projectId)
  const row = await deps.publications.find(project.id)
  if (!row?.published) throw new AppError('studio_not_published')
  await deleteVersionFiles(deps, await deps.publications.unpublish(project.id))
  return view(deps, project, await deps.publications.find(project.id))
}

export async function setImage(
  deps: PublishingDeps,
  principal: Workspace,
  projectId: string,
  data: Buffer | null,
) {
  const project = await requireEditable(deps, principal, projectId)
  await ensureRow(deps, project)
  const image = data && (await storePublishingImage(deps.storage, project.workspace_id, project.id, data))
  const earlier = await deps.publications.setImage(project.id, image)
  if (earlier) await deps.storage.delete(earlier.key)
  return view(deps, project, await deps.publications.find(project.id))
}

export async function readImage(deps: PublishingDeps, principal: Workspace, projectId: string) {
  const project = await requireProject(deps, principal, projectId)
  const image = (await deps.publications.find(project.id))?.image
  const data = image && (await deps.storage.get(image.key))
  if (!image || !data) throw new AppError('not_found', { message: 'This project has no publishing image.' })
  return { data, mimeType: image.mime_type }
}
