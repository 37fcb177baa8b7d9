import fc from 'fast-check'
import ipaddr from 'ipaddr.js'
import { describe, expect, it } from 'vitest'
import { isRefusedAddress } from './address-rules.js'
import { parseOutboundUrl, WEBHOOK_ERRORS } from './outbound-policy.js'

// The address rules every outbound call obeys, on literal addresses (no network needed).

const strict = { allowPrivateAddresses: false }

/** An IPv4 address in a refused range, as four octets. */
const refusedIpv4 = fc.oneof(
  fc.tuple(fc.constant(127), fc.nat(255), fc.nat(255), fc.nat(255)),
  fc.tuple(fc.constant(10), fc.nat(255), fc.nat(255), fc.nat(255)),
  fc.tuple(fc.constant(192), fc.constant(168), fc.nat(255), fc.nat(255)),
  fc.tuple(fc.constant(169), fc.constant(254), fc.nat(255), fc.nat(255)),
  fc.tuple(fc.constant(172), fc.integer({ min: 16, max: 31 }), fc.nat(255), fc.nat(255)),
  fc.tuple(fc.constant(0), fc.nat(255), fc.nat(255), fc.nat(255)),
)

const hex = (a: number, b: number) => ((a << 8) | b).toString(16)

/** Every IPv6 form that carries the IPv4 address [a, b, c, d]. */
function carriers([a, b, c, d]: [number, number, number, number]): string[] {
  const high = hex(a, b)
  const low = hex(c, d)
  const inverted = (x: number) => (~x & 0xffff).toString(16)
  return [
    `::ffff:${a}.${b}.${c}.${d}`,
    `::ffff:${high}:${low}`,
    `::${high}:${low}`,
    `::ffff:0:${high}:${low}`,
    `64:ff9b::${high}:${low}`,
    `2002:${high}:${low}::1`,
    `2001:0:4136:e378:8000:63bf:${inverted((a << 8) | b)}:${inverted((c << 8) | d)}`,
  ]
}

describe('outbound address rules', () => {
  it('refuse the IPv6 forms that carry a refused IPv4 address', () => {
    fc.assert(
      fc.property(refusedIpv4, (octets) => {
        for (const form of carriers(octets)) expect(isRefusedAddress(form), form).toBe(true)
      }),
    )
  })

  it('refuse them as URL hosts, in the form the URL parser normalises them to', () => {
    for (const url of [
      'https://[::7f00:1]/',
      'https://[64:ff9b::7f00:1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[2002:a00:1::]/',
      'https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/',
    ]) {
      expect(() => parseOutboundUrl(url, strict), url).toThrow(/private, loopback/)
    }
  })

  it('let the same forms through when they carry a public address', () => {
    for (const form of carriers([8, 8, 8, 8])) expect(isRefusedAddress(form), form).toBe(false)
    expect(isRefusedAddress('2606:4700:4700::1111')).toBe(false)
    expect(isRefusedAddress('93.184.216.34')).toBe(false)
  })

  it('refuse every IPv4 address outside the public unicast space, and nothing inside it', () => {
    fc.assert(
      fc.property(fc.ipV4(), (address) => {
        const publicUnicast = ipaddr.IPv4.parse(address).range() === 'unicast'
        expect(isRefusedAddress(address)).toBe(!publicUnicast)
      }),
    )
  })

  it('refuse local IPv6 ranges and anything that is not an address', () => {
    for (const address of ['::', '::1', 'fe80::1', 'fd12::1', 'ff02::1', '64:ff9b:1::1', 'localhost', ''])
      expect(isRefusedAddress(address), address).toBe(true)
  })

  it('allow private addresses only when the operator says so', () => {
    const allowing = { allowPrivateAddresses: true }
    expect(parseOutboundUrl('https://[::7f00:1]/', allowing).hostname).toBe('[::7f00:1]')
    expect(() => parseOutboundUrl('http://127.0.0.1/', allowing, WEBHOOK_ERRORS)).toThrow(/valid HTTPS URL/)
  })
})
