import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'
import { AppError } from '../../errors.js'

// Addresses a webhook must never reach unless the operator allows them: they lead into the
// server's own network (metadata services, databases, the loopback interface).
const refused = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  refused.addSubnet(net, prefix, 'ipv4')
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  refused.addSubnet(net, prefix, 'ipv6')
}

/** True for private, loopback, link-local, unique-local and other non-public addresses. */
export function isRefusedAddress(address: string): boolean {
  const version = isIP(address)
  if (version === 4) return refused.check(address, 'ipv4')
  if (version !== 6) return true
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped?.[1]) return refused.check(mapped[1], 'ipv4')
  return refused.check(address, 'ipv6')
}

/** The host of a URL without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1')
}

/**
 * A webhook URL as saved: HTTPS, a host, and no refused address literal. Hostnames are checked
 * again when resolved, at save and at every delivery.
 */
export function parseWebhookUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new AppError('webhook_url_invalid')
  }
  if (url.protocol !== 'https:' || !url.hostname || url.username || url.password) {
    throw new AppError('webhook_url_invalid')
  }
  const host = hostOf(url)
  if (!allowPrivate && isIP(host) && isRefusedAddress(host)) {
    throw new AppError('webhook_address_refused')
  }
  return url
}

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
export async function resolveWebhookTarget(raw: string, allowPrivate: boolean): Promise<ResolvedTarget> {
  const url = parseWebhookUrl(raw, allowPrivate)
  const host = hostOf(url)
  const family = isIP(host)
  if (family === 4 || family === 6) return { url, address: host, family }
  let addresses: { address: string; family: number }[]
  try {
    addresses = await lookup(host, { all: true })
  } catch {
    throw new AppError('webhook_url_invalid')
  }
  if (addresses.length === 0) throw new AppError('webhook_url_invalid')
  if (!allowPrivate && addresses.some((a) => isRefusedAddress(a.address))) {
    throw new AppError('webhook_address_refused')
  }
  const first = addresses[0] as { address: string; family: number }
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 }
}
