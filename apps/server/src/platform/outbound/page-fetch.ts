import { AUDIO_NATIVE_MAX_PAGE_BYTES } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { sendOutbound } from './https-request.js'
import type { OutboundPolicy } from './outbound-policy.js'
import { resolveOutboundTarget } from './resolve-target.js'

// Fetches a web page whose text is to be read aloud (an article player, a Studio project, a
// podcast source) under the outbound rules: HTTPS only, and no private address unless the
// operator allows them. Redirects are followed a few times, each target checked again.

const MAX_REDIRECTS = 3
const FETCH_TIMEOUT_MS = 15_000

export interface FetchedPage {
  url: string
  html: string
}

const unreachable = (message?: string) =>
  new AppError('audio_native_url_unreachable', { param: 'url', ...(message ? { message } : {}) })

/** The page at `url` (HTTPS, an allowed address), after at most a few checked redirects. */
export async function fetchPage(url: string, policy: OutboundPolicy): Promise<FetchedPage> {
  let current = url
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const target = await resolveOutboundTarget(current, { ...policy, plainHttpToLoopback: false })
    const answer = await sendOutbound(target, {
      method: 'GET',
      headers: { accept: 'text/html,text/plain;q=0.9', 'user-agent': 'Timbre-AudioNative/1' },
      extraCa: policy.extraCa,
      timeoutMs: FETCH_TIMEOUT_MS,
      maxBodyBytes: AUDIO_NATIVE_MAX_PAGE_BYTES,
      overflow: 'fail',
    })
    if (answer.tooLarge)
      throw new AppError('payload_too_large', { message: 'The page is too large to read.' })
    if (answer.status === null) throw unreachable()
    const location = answer.headers.location
    if (answer.status >= 300 && answer.status < 400 && location) {
      current = new URL(location, current).toString()
      continue
    }
    if (answer.status !== 200) throw unreachable(`The page could not be fetched (HTTP ${answer.status}).`)
    return { url: current, html: answer.body.toString('utf8') }
  }
  throw unreachable('The page redirects too often.')
}
