import { STUDIO_COVER_IMAGE_MAX_BYTES } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import { sniffImage, svgProblem } from '../../lib/image/image-sniff.js'
import type { FileStorage } from '../../lib/storage.js'

// A project's cover image: checked by its bytes (JPEG, PNG, WebP, or a script-free SVG), kept
// in the file storage under a fresh key per upload, and served back from the project's own
// address so the same workspace and role checks apply as to the project.

export interface StoredCover {
  key: string
  mime_type: string
}

const invalid = (message: string) => new AppError('validation_error', { message, param: 'cover_image' })

/** The cover's bytes checked and stored; the caller records the returned key on the project. */
export async function storeCover(
  storage: FileStorage,
  workspaceId: string,
  projectId: string,
  data: Buffer,
): Promise<StoredCover> {
  if (data.length === 0) throw invalid('The cover image is empty.')
  if (data.length > STUDIO_COVER_IMAGE_MAX_BYTES)
    throw new AppError('payload_too_large', {
      message: `The cover image may be at most ${STUDIO_COVER_IMAGE_MAX_BYTES / 1024 / 1024} MB.`,
    })
  const image = sniffImage(data)
  if (!image) throw invalid('The cover image must be a JPEG, PNG, SVG or WebP image.')
  if (image.kind === 'svg') {
    const problem = svgProblem(data.toString('utf8'))
    if (problem) throw invalid(problem)
  }
  const key = `studio/${workspaceId}/${projectId}/cover-${newId()}.${image.extension}`
  await storage.put(key, data)
  return { key, mime_type: image.mimeType }
}

/** Where a project's cover is served, changing with every upload so caches never go stale. */
export function coverUrl(projectId: string, cover: StoredCover | null | undefined): string | null {
  if (!cover) return null
  const version = cover.key.slice(cover.key.lastIndexOf('/cover-') + 7, cover.key.lastIndexOf('.'))
  return `/v1/studio/projects/${projectId}/cover-image?v=${version}`
}
