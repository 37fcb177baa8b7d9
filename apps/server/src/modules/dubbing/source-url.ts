import { DUBBING_MAX_BYTES } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { downloadedFile } from '../../platform/outbound/downloaded-file.js'
import { createCheckedFetch, type OutboundPolicy } from '../../platform/outbound/outbound.js'

// The file behind a dub's source_url: HTTPS only, never a private or special address unless the
// operator allows them, no redirects followed, and no more than the dub's size limit read.

const SOURCE_ERRORS = {
  invalid: 'source_url_invalid',
  refused: 'source_url_refused',
  unresolved: 'source_url_unresolved',
} as const

export function createSourceFetcher(policy: OutboundPolicy) {
  const checkedFetch = createCheckedFetch(policy, SOURCE_ERRORS, 60_000)
  return async (url: string): Promise<{ data: Buffer; fileName: string }> => {
    let response: Response
    try {
      response = await checkedFetch(url)
    } catch (error) {
      if (error instanceof AppError) throw error
      throw new AppError('dubbing_fetch_failed', { param: 'source_url' })
    }
    if (!response.ok || !response.body) throw new AppError('dubbing_fetch_failed', { param: 'source_url' })
    return downloadedFile(response, url, {
      maxBytes: DUBBING_MAX_BYTES,
      tooBig: () => new AppError('dubbing_file_too_big', { param: 'source_url' }),
      fallbackName: 'media',
    })
  }
}
