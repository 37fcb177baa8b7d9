import { isIP } from 'node:net'
import type { ConsentLocation } from '@timbre/contract'
import geoip from 'geoip-lite'

/**
 * Where an address is, from the offline GeoLite2 database the geoip-lite package ships: no
 * outside service is asked. Private, loopback and unknown addresses have no location (the
 * implicit rules apply). The address is the peer's, or the client address a proxy the operator
 * trusts (TRUST_PROXY) reported; a client's own forwarding headers are never read here.
 */
export function locateAddress(address: string | null | undefined): ConsentLocation | null {
  if (!address) return null
  // An IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d.
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address
  if (isIP(plain) === 0) return null
  const found = geoip.lookup(plain)
  if (!found?.country) return null
  return {
    country: found.country.toUpperCase(),
    region: (found.region ?? '').toUpperCase(),
    city: found.city ?? '',
  }
}
