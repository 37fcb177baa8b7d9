import { isIP } from 'node:net'
import type { ErrorCode } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { isRefusedAddress } from './address-rules.js'

/** What the operator allows for calls this server makes to other servers. */
export interface OutboundPolicy {
  /**
   * Private, loopback, link-local and unique-local addresses may be reached (a receiver on the
   * operator's own network). Off by default.
   */
  allowPrivateAddresses: boolean
  /** Extra certificate authorities trusted for HTTPS peers (a private CA), PEM. */
  extraCa?: string | null | undefined
  /**
   * With private addresses allowed, a peer on this very machine (a loopback address or
   * `localhost`) may be spoken to over plain http://. Nothing else ever goes over plain HTTP.
   */
  plainHttpToLoopback?: boolean | undefined
}

/** The catalogue errors a caller wants for a URL it refuses, so each product speaks its own words. */
export interface OutboundErrors {
  invalid: ErrorCode
  refused: ErrorCode
  unresolved: ErrorCode
}

export const WEBHOOK_ERRORS: OutboundErrors = {
  invalid: 'webhook_url_invalid',
  refused: 'webhook_address_refused',
  unresolved: 'webhook_host_unresolved',
}

/** The host of a URL without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1')
}

function isLoopbackHost(host: string): boolean {
  if (host === 'localhost') return true
  return isIP(host) === 4 ? host.startsWith('127.') : host === '::1'
}

/**
 * An outbound URL as saved: HTTPS (or plain HTTP to this machine where the policy says so), a
 * host, no credentials in it, and no refused address literal. Host names are checked again
 * when resolved, before every connection.
 */
export function parseOutboundUrl(
  raw: string,
  policy: OutboundPolicy,
  errors: OutboundErrors = WEBHOOK_ERRORS,
): URL {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    throw new AppError(errors.invalid)
  }
  if (!url.hostname || url.username || url.password) throw new AppError(errors.invalid)
  const host = hostOf(url)
  const plainAllowed = policy.plainHttpToLoopback && policy.allowPrivateAddresses && isLoopbackHost(host)
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && plainAllowed))
    throw new AppError(errors.invalid)
  if (policy.allowPrivateAddresses) return url
  if (host === 'localhost' || (isIP(host) && isRefusedAddress(host))) throw new AppError(errors.refused)
  return url
}
