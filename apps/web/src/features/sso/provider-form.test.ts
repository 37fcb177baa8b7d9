import { describe, expect, it } from 'vitest'
import { draftFrom, formFrom, splitCertificates, splitDomains } from './provider-form'

describe('identity provider form', () => {
  it('splits domains on commas, spaces and new lines', () => {
    expect(splitDomains(' acme.com, corp.acme.com\nexample.org  ')).toEqual([
      'acme.com',
      'corp.acme.com',
      'example.org',
    ])
    expect(splitDomains('  ')).toEqual([])
  })

  it('splits pasted PEM certificates, and keeps anything else for the server to refuse', () => {
    const one = '-----BEGIN CERTIFICATE-----\nAAA\n-----END CERTIFICATE-----'
    const two = '-----BEGIN CERTIFICATE-----\nBBB\n-----END CERTIFICATE-----'
    expect(splitCertificates(`${one}\n\n${two}\n`)).toEqual([one, two])
    expect(splitCertificates('not a certificate')).toEqual(['not a certificate'])
    expect(splitCertificates('')).toEqual([])
  })

  it('sends only the fields of the chosen type, and no empty secret', () => {
    const oidc = formFrom({
      ...draftFrom(null),
      issuer: ' https://id.acme.com ',
      clientId: 'c',
      domains: 'acme.com',
    })
    expect(oidc).toEqual({
      type: 'oidc',
      name: undefined,
      issuer: 'https://id.acme.com',
      client_id: 'c',
      domains: ['acme.com'],
    })
    const saml = formFrom({
      ...draftFrom(null),
      type: 'saml',
      entityId: 'e',
      ssoUrl: 'https://x',
      domains: 'a.com',
    })
    expect(saml).toMatchObject({ type: 'saml', entity_id: 'e', sso_url: 'https://x', certificates: [] })
    expect('client_secret' in saml).toBe(false)
  })
})
