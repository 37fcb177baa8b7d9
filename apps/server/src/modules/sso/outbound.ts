import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { isIP } from 'node:net'
import type { Agent, fetch as UndiciFetch } from 'undici'
import { AppError } from '../../errors.js'
import { isRefusedAddress } from '../webhooks/webhook-address.js'

/**
 * What the operator allows for calls to identity providers. By default only HTTPS to public
 * addresses. With `allowPrivateAddresses` (SSO_ALLOW_PRIVATE_ADDRESSES) an identity provider on
 * the operator's own network is reachable, and a provider on this very machine may be spoken to
 * over plain http:// when its host is a loopback address or `localhost` (an identity provider
 * running beside Timbre on a laptop or in the tests). Nothing else ever goes over plain HTTP.
 */
export interface OutboundPolicy {
  allowPrivateAddresses: boolean
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1')
}

function isLoopbackHost(host: string): boolean {
  if (host === 'localhost') return true
  return isIP(host) === 4 ? host.startsWith('127.') : host === '::1'
}

/** Parses an identity provider's URL as saved; a refused URL is a validation error. */
export function parseProviderUrl(raw: string, policy: OutboundPolicy): URL {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    throw new AppError('sso_url_invalid')
  }
  if (!url.hostname || url.username || url.password) throw new AppError('sso_url_invalid')
  const host = hostOf(url)
  const plainAllowed = policy.allowPrivateAddresses && isLoopbackHost(host)
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && plainAllowed))
    throw new AppError('sso_url_invalid')
  if (!policy.allowPrivateAddresses && (host === 'localhost' || (isIP(host) && isRefusedAddress(host))))
    throw new AppError('sso_address_refused')
  return url
}

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void

/**
 * A DNS lookup for outgoing connections that refuses a host when any of its addresses is
 * private, loopback or link-local (unless the policy allows them): the check happens where the
 * connection is made, so a name re-pointed between two lookups cannot slip through.
 */
export function createCheckedLookup(policy: OutboundPolicy) {
  return (
    hostname: string,
    options: { all?: boolean; family?: number | string },
    callback: LookupCallback,
  ) => {
    dnsLookup(
      hostname,
      { family: options.family === 6 ? 6 : options.family === 4 ? 4 : 0, all: true },
      (error, addresses) => {
        if (error) return callback(error, '', 4)
        const list = addresses as LookupAddress[]
        if (list.length === 0) return callback(new Error(`no address for ${hostname}`), '', 4)
        if (!policy.allowPrivateAddresses && list.some((a) => isRefusedAddress(a.address)))
          return callback(new Error(`refused address for ${hostname}`), '', 4)
        if (options.all) return callback(null, list)
        const first = list[0] as LookupAddress
        callback(null, first.address, first.family)
      },
    )
  }
}

/**
 * A fetch for identity providers: every address a host resolves to is checked when the
 * connection is made (so a name re-pointed at a private address between two lookups is still
 * refused), and plain HTTP is refused except where the policy allows it.
 */
export function createOutboundFetch(policy: OutboundPolicy, timeoutMs = 10_000) {
  // undici is loaded with the first call to an identity provider, not at start.
  let client: Promise<{ agent: Agent; undiciFetch: typeof UndiciFetch }> | undefined
  const connect = () =>
    import('undici').then(({ Agent, fetch }) => ({
      agent: new Agent({ connect: { timeout: timeoutMs, lookup: createCheckedLookup(policy) } }),
      undiciFetch: fetch,
    }))
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input.toString())
    parseProviderUrl(url.toString(), policy)
    const host = hostOf(url)
    if (!policy.allowPrivateAddresses && isIP(host) && isRefusedAddress(host))
      throw new Error('refused address')
    client ??= connect()
    const { agent, undiciFetch } = await client
    const response = await undiciFetch(url, {
      ...(init as object),
      dispatcher: agent,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    } as Parameters<typeof UndiciFetch>[1])
    return response as unknown as Response
  }
}

export type OutboundFetch = ReturnType<typeof createOutboundFetch>
