import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { AppError } from '../../errors.js'
import { isRefusedAddress } from './address-rules.js'
import {
  hostOf,
  type OutboundErrors,
  type OutboundPolicy,
  parseOutboundUrl,
  WEBHOOK_ERRORS,
} from './outbound-policy.js'

export interface ResolvedTarget {
  url: URL
  /** The address the connection must go to: every address of the host was checked. */
  address: string
  family: 4 | 6
}

/**
 * Resolves the host and checks every address it has, so a name that points anywhere private is
 * refused; the caller then connects to the returned address and not to a second lookup's
 * answer, which a rebinding DNS server could have changed.
 */
export async function resolveOutboundTarget(
  raw: string,
  policy: OutboundPolicy,
  errors: OutboundErrors = WEBHOOK_ERRORS,
): Promise<ResolvedTarget> {
  const url = parseOutboundUrl(raw, policy, errors)
  const host = hostOf(url)
  const family = isIP(host)
  if (family === 4 || family === 6) return { url, address: host, family }
  let addresses: { address: string; family: number }[]
  try {
    addresses = await lookup(host, { all: true })
  } catch {
    throw new AppError(errors.unresolved)
  }
  const first = addresses[0]
  if (!first) throw new AppError(errors.unresolved)
  if (!policy.allowPrivateAddresses && addresses.some((a) => isRefusedAddress(a.address)))
    throw new AppError(errors.refused)
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 }
}
