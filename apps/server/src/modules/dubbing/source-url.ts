import { DUBBING_MAX_BYTES } from '@timbre/contract'
import { AppError } from '../../errors.js'
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
    const declared = Number(response.headers.get('content-length'))
    if (Number.isFinite(declared) && declared > DUBBING_MAX_BYTES)
      throw new AppError('dubbing_file_too_big', { param: 'source_url' })
    const parts: Buffer[] = []
    let total = 0
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      total += chunk.length
      if (total > DUBBING_MAX_BYTES) throw new AppError('dubbing_file_too_big', { param: 'source_url' })
      parts.push(Buffer.from(chunk))
    }
    const name = decodeURIComponent(new URL(url).pathname.split('/').pop() || 'media').slice(0, 255)
    return { data: Buffer.concat(parts), fileName: name }
  }
}
