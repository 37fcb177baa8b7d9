import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

// Which addresses an outbound call may reach. Only public unicast addresses: private,
// loopback, link-local, unique-local, multicast, reserved and documentation ranges lead into the
// server's own network (metadata services, databases, the loopback interface) or nowhere.
// An IPv6 address that carries an IPv4 address inside it (IPv4-mapped, IPv4-compatible,
// NAT64, 6to4, Teredo) is judged by the IPv4 address it carries, since that is where the
// packets end up on a host with the matching translation.

type IPv6 = ipaddr.IPv6

function ipv4From(high: number, low: number): string {
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`
}

function isRefusedIpv4(address: string): boolean {
  return ipaddr.IPv4.parse(address).range() !== 'unicast'
}

/** The IPv4 addresses an IPv6 address carries, or null when it carries none. */
export function embeddedIpv4(address: IPv6): string[] | null {
  const p = address.parts as [number, number, number, number, number, number, number, number]
  const range = address.range()
  // ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (translated) and 64:ff9b::a.b.c.d (NAT64).
  if (range === 'ipv4Mapped' || range === 'rfc6145') return [ipv4From(p[6], p[7])]
  if (range === 'rfc6052' && p[2] === 0) return [ipv4From(p[6], p[7])]
  // ::a.b.c.d (IPv4-compatible, deprecated but still routed by some stacks); :: and ::1 are not.
  if (p.slice(0, 6).every((x) => x === 0) && (p[6] !== 0 || p[7] > 1)) return [ipv4From(p[6], p[7])]
  // 2002:AABB:CCDD::/48 (6to4) carries the relay's IPv4 address in its second and third groups.
  if (range === '6to4') return [ipv4From(p[1], p[2])]
  // 2001:0:SSSS:SSSS:...:CCCC:CCCC (Teredo): the server, and the client with every bit inverted.
  if (p[0] === 0x2001 && p[1] === 0) return [ipv4From(p[2], p[3]), ipv4From(~p[6] & 0xffff, ~p[7] & 0xffff)]
  return null
}

/** True for every address an outbound call must not reach unless the operator allows it. */
export function isRefusedAddress(raw: string): boolean {
  const address = raw.replace(/^\[(.*)\]$/, '$1')
  const version = isIP(address)
  if (version === 4) return isRefusedIpv4(address)
  if (version !== 6) return true
  let parsed: IPv6
  try {
    parsed = ipaddr.IPv6.parse(address)
  } catch {
    return true
  }
  const carried = embeddedIpv4(parsed)
  if (carried) return carried.some(isRefusedIpv4)
  // 64:ff9b:1::/48 is NAT64 for a site's own networks: private by definition.
  return parsed.range() !== 'unicast'
}
