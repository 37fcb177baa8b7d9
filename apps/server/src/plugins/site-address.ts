import type { Locale } from '@timbre/contract'
import type { FastifyRequest } from 'fastify'
import { AppError } from '../errors.js'
import { requestLocale } from '../lib/html/request-locale.js'

// The address of the site, for links in mail and for the Origin a browser write must carry.
// With PUBLIC_URL set it is that URL's origin. Without it the operator declared no canonical
// address, so the site is whatever host the request reached (a laptop opened at its LAN
// address works on first run); the Host header is the client's word for that.

/** The site as one request sees it: what the account flows need to build and check links. */
export interface SiteContext {
  origin: string
  reachedHost: string
  /** The locale the request's Accept-Language picks (emails to people with no saved locale). */
  locale: Locale
  isSiteUrl(url: URL): boolean
  wrongAddress(openedAt: string): AppError | null
}

export interface SiteAddress {
  contextFor(request: FastifyRequest): SiteContext
  /** scheme://host[:port] that links in mail lead to, for this request. */
  originFor(request: FastifyRequest): string
  /** The host (and port) this request reached, from the Host header or a trusted proxy. */
  reachedHost(request: FastifyRequest): string
  /** True when a URL is a page of this site for this request. */
  isSiteUrl(url: URL, request: FastifyRequest): boolean
  /** Refuses a request whose Origin header is missing or names another site. */
  assertAllowedOrigin(request: FastifyRequest): void
  /** The error for a page opened at an address other than PUBLIC_URL; null without PUBLIC_URL. */
  wrongAddress(openedAt: string): AppError | null
}

export function createSiteAddress(config: { publicUrl: string; publicUrlConfigured: boolean }): SiteAddress {
  const canonical = config.publicUrlConfigured ? new URL(config.publicUrl).origin : null

  const reachedHost = (request: FastifyRequest) => (request.host ?? '').toLowerCase()
  const originFor = (request: FastifyRequest) => canonical ?? `${request.protocol}://${reachedHost(request)}`

  function isSiteUrl(url: URL, request: FastifyRequest): boolean {
    if (canonical) return url.origin === canonical
    // One port serves one scheme, so the host alone names this site; comparing the scheme would
    // refuse a TLS proxy in front that the operator did not declare with TRUST_PROXY.
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === reachedHost(request)
  }

  function wrongAddress(openedAt: string): AppError | null {
    if (!canonical) return null
    return new AppError('wrong_site_address', {
      message: `This page was opened at ${openedAt}, but Timbre is configured to be reached at ${canonical} (PUBLIC_URL). Open Timbre at that address.`,
    })
  }

  function assertAllowedOrigin(request: FastifyRequest): void {
    const header = request.headers.origin
    let origin: URL | null = null
    try {
      origin = header && header !== 'null' ? new URL(header) : null
    } catch {
      origin = null
    }
    if (!origin) {
      throw new AppError('cross_site_request', {
        message:
          'This request was refused: a change made with the session cookie must come from a Timbre page (the Origin header is missing).',
      })
    }
    if (isSiteUrl(origin, request)) return
    // The person's own browser on this server, under another address than PUBLIC_URL.
    if (origin.host === reachedHost(request))
      throw wrongAddress(origin.origin) ?? new AppError('cross_site_request')
    throw new AppError('cross_site_request')
  }

  function contextFor(request: FastifyRequest): SiteContext {
    return {
      origin: originFor(request),
      reachedHost: reachedHost(request),
      locale: requestLocale(request.headers['accept-language']),
      isSiteUrl: (url) => isSiteUrl(url, request),
      wrongAddress,
    }
  }

  return { contextFor, originFor, reachedHost, isSiteUrl, assertAllowedOrigin, wrongAddress }
}
