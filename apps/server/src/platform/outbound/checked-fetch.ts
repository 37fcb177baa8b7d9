import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { isIP } from 'node:net'
import { rootCertificates } from 'node:tls'
import type { Agent, fetch as UndiciFetch } from 'undici'
import { isRefusedAddress } from './address-rules.js'
import { hostOf, type OutboundErrors, type OutboundPolicy, parseOutboundUrl } from './outbound-policy.js'

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void

/**
 * A DNS lookup for outgoing connections that refuses a host when any of its addresses is
 * refused (unless the policy allows them): the check happens where the connection is made, so
 * a name re-pointed between two lookups cannot slip through.
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
        const first = list[0]
        if (!first) return callback(new Error(`no address for ${hostname}`), '', 4)
        if (!policy.allowPrivateAddresses && list.some((a) => isRefusedAddress(a.address)))
          return callback(new Error(`refused address for ${hostname}`), '', 4)
        if (options.all) return callback(null, list)
        callback(null, first.address, first.family)
      },
    )
  }
}

/**
 * A fetch (for libraries that take one, such as the OpenID Connect client) under the outbound
 * rules: the URL is checked as saved ones are, every address a host resolves to is checked when
 * the connection is made, and redirects are not followed.
 */
export function createCheckedFetch(policy: OutboundPolicy, errors: OutboundErrors, timeoutMs = 10_000) {
  // undici is loaded with the first call, not at start.
  let client: Promise<{ agent: Agent; undiciFetch: typeof UndiciFetch }> | undefined
  const connect = () =>
    import('undici').then(({ Agent, fetch }) => ({
      agent: new Agent({
        connect: {
          timeout: timeoutMs,
          lookup: createCheckedLookup(policy),
          ...(policy.extraCa ? { ca: [...rootCertificates, policy.extraCa] } : {}),
        },
      }),
      undiciFetch: fetch,
    }))
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input.toString())
    parseOutboundUrl(url.toString(), policy, errors)
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

export type CheckedFetch = ReturnType<typeof createCheckedFetch>
