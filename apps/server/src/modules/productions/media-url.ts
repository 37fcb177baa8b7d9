import { AppError } from '../../errors.js'
import { downloadedFile } from '../../platform/outbound/downloaded-file.js'
import { createCheckedFetch, type OutboundPolicy } from '../../platform/outbound/outbound.js'
import { PRODUCTION_MEDIA_MAX_BYTES } from './task-form.js'

// The media behind an order's media_url: HTTPS only, never a private or special address unless
// the operator allows them, no redirects followed, and no more than an uploaded file may be.

const MEDIA_URL_ERRORS = {
  invalid: 'production_media_url_invalid',
  refused: 'production_media_url_refused',
  unresolved: 'production_media_url_unresolved',
} as const

export type MediaFetcher = (url: string) => Promise<{ data: Buffer; fileName: string }>

export function createMediaFetcher(policy: OutboundPolicy): MediaFetcher {
  const checkedFetch = createCheckedFetch(policy, MEDIA_URL_ERRORS, 60_000)
  const failed = () => new AppError('production_media_url_failed', { param: 'media_url' })
  return async (url) => {
    let response: Response
    try {
      response = await checkedFetch(url)
    } catch (error) {
      if (error instanceof AppError) throw error
      // A literal private address is refused before any connection is made.
      if (error instanceof Error && /refused address/.test(error.message))
        throw new AppError('production_media_url_refused', { param: 'media_url' })
      throw failed()
    }
    if (!response.ok || !response.body) throw failed()
    return downloadedFile(response, url, {
      maxBytes: PRODUCTION_MEDIA_MAX_BYTES,
      tooBig: () => new AppError('production_media_too_long', { param: 'media_url' }),
      fallbackName: 'media',
    })
  }
}
