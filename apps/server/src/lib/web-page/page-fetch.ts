import { request } from 'node:https'
import { rootCertificates } from 'node:tls'
import { AUDIO_NATIVE_MAX_PAGE_BYTES } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { resolveWebhookTarget } from '../../modules/webhooks/webhook-address.js'

// Fetches an web page whose text is to be read aloud (an article player, a Studio project). The same outbound guard as webhooks decides where
// the server may connect: HTTPS only, and no private, loopback or link-local address (checked
// after DNS, and the connection goes to the checked address) unless the operator allows them.
// Redirects are followed a few times, each target checked again.

export interface OutboundOptions {
  allowPrivateAddresses: boolean
  /** Extra certificate authorities the operator trusts (a private CA). */
  extraCa: string | null
}

const MAX_REDIRECTS = 3
const FETCH_TIMEOUT_MS = 15_000

export interface FetchedPage {
  url: string
  html: string
}

function getOnce(
  raw: string,
  options: OutboundOptions,
): Promise<{ status: number; location?: string; body: Buffer }> {
  return resolveWebhookTarget(raw, options.allowPrivateAddresses).then(
    (target) =>
      new Promise((resolve, reject) => {
        const req = request(
          {
            method: 'GET',
            protocol: 'https:',
            hostname: target.url.hostname.replace(/^\[(.*)\]$/, '$1'),
            port: target.url.port || 443,
            path: `${target.url.pathname}${target.url.search}`,
            headers: { accept: 'text/html,text/plain;q=0.9', 'user-agent': 'Timbre-AudioNative/1' },
            lookup: (_host, opts, callback) => {
              if ((opts as { all?: boolean }).all) {
                ;(callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
                  { address: target.address, family: target.family },
                ])
              } else callback(null, target.address, target.family)
            },
            ca: options.extraCa ? [...rootCertificates, options.extraCa] : undefined,
            timeout: FETCH_TIMEOUT_MS,
            agent: false,
          },
          (res) => {
            const chunks: Buffer[] = []
            let size = 0
            res.on('data', (chunk: Buffer) => {
              size += chunk.length
              if (size > AUDIO_NATIVE_MAX_PAGE_BYTES) {
                req.destroy()
                reject(new AppError('payload_too_large', { message: 'The page is too large to read.' }))
                return
              }
              chunks.push(chunk)
            })
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                ...(res.headers.location ? { location: res.headers.location } : {}),
                body: Buffer.concat(chunks),
              }),
            )
            res.on('error', () => reject(new AppError('audio_native_url_unreachable', { param: 'url' })))
          },
        )
        req.on('timeout', () => req.destroy(new Error('timeout')))
        req.on('error', () => reject(new AppError('audio_native_url_unreachable', { param: 'url' })))
        req.end()
      }),
  )
}

/** The page at `url` (HTTPS, an allowed address), after at most a few checked redirects. */
export async function fetchPage(url: string, options: OutboundOptions): Promise<FetchedPage> {
  let current = url
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const answer = await getOnce(current, options)
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      current = new URL(answer.location, current).toString()
      continue
    }
    if (answer.status !== 200) {
      throw new AppError('audio_native_url_unreachable', {
        message: `The page could not be fetched (HTTP ${answer.status}).`,
        param: 'url',
      })
    }
    return { url: current, html: answer.body.toString('utf8') }
  }
  throw new AppError('audio_native_url_unreachable', {
    message: 'The page redirects too often.',
    param: 'url',
  })
}
