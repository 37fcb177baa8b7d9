import { STUDIO_PUBLISHING_IMAGE_MAX_BYTES } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import { newId } from '../../../lib/ids.js'
import { sniffImage } from '../../../lib/image/image-sniff.js'
import type { FileStorage } from '../../../lib/storage.js'
import type { StoredImage } from './publishing.repository.js'

// The image of the publishing settings: JPEG, PNG or WebP (no SVG), at most 2 MB, recognised
// by its bytes, kept under a fresh key per upload.

const invalid = (message: string) => new AppError('validation_error', { message, param: 'image' })

export async function storePublishingImage(
  storage: FileStorage,
  workspaceId: string,
  projectId: string,
  data: Buffer,
): Promise<StoredImage> {
  if (data.length === 0) throw invalid('The image is empty.')
  if (data.length > STUDIO_PUBLISHING_IMAGE_MAX_BYTES)
    throw new AppError('payload_too_large', {
      message: `The publishing image may be at most ${STUDIO_PUBLISHING_IMAGE_MAX_BYTES / 1024 / 1024} MB.`,
    })
  const image = sniffImage(data)
  if (!image || image.kind === 'svg') throw invalid('The publishing image must be a JPEG, PNG or WebP image.')
  const key = `studio/${workspaceId}/${projectId}/publishing-image-${newId()}.${image.extension}`
  await storage.put(key, data)
  return { key, mime_type: image.mimeType }
}
