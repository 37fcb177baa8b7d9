import type { AddressInfo } from 'node:net'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDnsServer } from '../../../test/helpers/dns-server.js'
import { createUser, type TestUser, workspaceIdOf } from '../../../test/helpers/factories.js'
import { createHttpBrowser } from '../../../test/helpers/http-browser.js'
import { type OidcAccount, startOidcServer } from '../../../test/helpers/oidc-server.js'
import { setPlan } from '../../../test/helpers/plans.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { codeFor, enrolTwoFactor } from '../../../test/helpers/two-factor.js'
import { parseProviderUrl } from './provider-url.js'

// Single sign-on against real peers: an OpenID Connect provider (oidc-provider) and a DNS
// server started here, Timbre listening on a real port, and the browser's redirects followed
// with real HTTP requests. The operator allows private addresses (the provider is on 127.0.0.1).

const DOMAIN = 'acme-sso.test'
let dns: Awaited<ReturnType<typeof startDnsServer>>
let idp: Awaited<ReturnType<typeof startOidcServer>>
let t: TestApp
let origin: string
let owner: TestUser
let member: TestUser
let outsider: TestUser
let workspaceId: string
const accounts = new Map<string, OidcAccount>()

const call = (user: TestUser, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: user.auth, ...(payload ? { payload } : {}) })
const code = (r: LightMyRequestResponse) => r.json().detail?.code as string

async function addMember(user: TestUser) {
  await t.database.db
    .insertInto('workspace_members')
    .values({ workspace_id: workspaceId, user_id: user.userId, role: 'member' })
    .execute()
  await t.database.db
    .updateTable('users')
    .set({ workspace_id: workspaceId })
    .where('id', '=', user.userId)
    .execute()
  // A fresh token so the principal names the new workspace.
  const r = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/sign-in',
    payload: { email: user.email, password: user.password },
  })
  user.auth = { authorization: `Bearer ${r.json().access_token}` }
}

/** Runs the whole browser round trip and returns the hops, ending at Timbre's last redirect. */
async function signInThroughProvider(email: string, login: string, continueTo?: string) {
  const browser = createHttpBrowser()
  const found = await t.app.inject({
    method: 'GET',
    url: `/v1/find-sso-provider?email=${encodeURIComponent(email)}`,
  })
  expect(found.statusCode).toBe(200)
  const toTimbreEnd = (url: URL) => url.origin === origin && !url.pathname.startsWith('/v1/')
  const start = new URL(found.json().sign_in_url, origin)
  if (continueTo) start.searchParams.set('continue', continueTo)
  let hops = await browser.follow('GET', start, undefined, toTimbreEnd)
  // The provider's login form, then its consent form: submitted as a person would.
  for (let step = 0; step < 3; step += 1) {
    const page = hops.at(-1)
    if (page?.status !== 200) break
    const action = /action="([^"]+)"/.exec(page.text)?.[1]
    const prompt = /name="prompt" value="([^"]+)"/.exec(page.text)?.[1]
    if (!action || !prompt) break
    const form = new URLSearchParams({ prompt })
    if (prompt === 'login') {
      form.set('login', login)
      form.set('password', 'any password')
    }
    hops = await browser.follow('POST', new URL(action.replaceAll('&amp;', '&'), page.url), form, toTimbreEnd)
  }
  return { hops, browser }
}

beforeAll(async () => {
  dns = await startDnsServer()
  t = await createTestApp({
    env: { PUBLIC_URL: undefined, SSO_ALLOW_PRIVATE_ADDRESSES: 'true', DNS_SERVER: dns.server },
  })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  idp = await startOidcServer({
    clientId: 'timbre',
    clientSecret: 'a-client-secret-for-tests',
    redirectUris: [`${origin}/v1/sso/oidc/callback`],
    accounts,
  })
  owner = await createUser(t.app, t.database)
  member = await createUser(t.app, t.database)
  outsider = await createUser(t.app, t.database)
  workspaceId = await workspaceIdOf(t.database.db, owner.userId)
  await addMember(member)
}, 120_000)

afterAll(async () => {
  await t?.close()
  await idp?.close()
  await dns?.close()
})

describe('domain verification by DNS TXT record', () => {
  let domainId: string
  let record: { name: string; value: string }

  it('adds a domain as Pending and names the TXT record to add', async () => {
    const r = await call(owner, 'POST', '/v1/workspace/domains', { domain: `${DOMAIN.toUpperCase()}.` })
    expect(r.statusCode).toBe(200)
    const body = r.json()
    expect(body.domain).toBe(DOMAIN)
    expect(body.status).toBe('Pending')
    expect(body.verification_record.type).toBe('TXT')
    expect(body.verification_record.name).toBe(`_timbre-verification.${DOMAIN}`)
    expect(body.verification_record.value).toMatch(/^timbre-verification=.{20,}$/)
    domainId = body.domain_id
    record = body.verification_record
    const again = await call(owner, 'POST', '/v1/workspace/domains', { domain: DOMAIN })
    expect(code(again)).toBe('domain_exists')
  })

  it('refuses invalid domains', async () => {
    for (const domain of ['not a domain', 'localhost', '-bad.example', 'a..b.com', '']) {
      const r = await call(owner, 'POST', '/v1/workspace/domains', { domain })
      expect(r.statusCode, domain).toBe(422)
      expect(code(r)).toBe('sso_domain_invalid')
    }
  })

  it('stays Pending with guidance while the record is missing or different', async () => {
    const missing = await call(owner, 'POST', `/v1/workspace/domains/${domainId}/verify`)
    expect(missing.json().status).toBe('Pending')
    expect(missing.json().guidance.code).toBe('dns_record_missing')
    expect(missing.json().guidance.message).toContain(record.name)
    expect(missing.json().guidance.message).toContain('24 hours')
    dns.txt.set(record.name, ['timbre-verification=someone-elses-code'])
    const wrong = await call(owner, 'POST', `/v1/workspace/domains/${domainId}/verify`)
    expect(wrong.json().status).toBe('Pending')
    expect(wrong.json().guidance.code).toBe('dns_value_mismatch')
  })

  it('is Unknown when the resolver fails', async () => {
    dns.failing.add(record.name)
    const r = await call(owner, 'POST', `/v1/workspace/domains/${domainId}/verify`)
    dns.failing.delete(record.name)
    expect(r.json().status).toBe('Unknown')
    expect(r.json().guidance.code).toBe('dns_lookup_failed')
  })

  it('passes when the TXT record matches, and no other workspace can prove it again', async () => {
    dns.txt.set(record.name, ['v=spf1 -all', record.value])
    const r = await call(owner, 'POST', `/v1/workspace/domains/${domainId}/verify`)
    expect(r.json().status).toBe('Passed')
    expect(r.json().guidance).toBeNull()
    expect(r.json().verified_at_unix).toBeGreaterThan(0)
    const list = await call(owner, 'GET', '/v1/workspace/domains')
    expect(list.json().domains.map((d: { status: string }) => d.status)).toEqual(['Passed'])

    const theirs = await call(outsider, 'POST', '/v1/workspace/domains', { domain: DOMAIN })
    expect(theirs.statusCode).toBe(200)
    const theirRecord = theirs.json().verification_record
    dns.txt.set(theirRecord.name, [record.value, theirRecord.value])
    const taken = await call(outsider, 'POST', `/v1/workspace/domains/${theirs.json().domain_id}/verify`)
    expect(code(taken)).toBe('domain_taken')
    dns.txt.set(record.name, [record.value])
  })
})

describe('identity providers', () => {
  let providerId: string

  it('validates the provider: HTTPS URL, certificates with markers, valid domains', async () => {
    const saml = (extra: object) =>
      call(owner, 'POST', '/v1/identity-providers', {
        type: 'saml',
        entity_id: 'https://idp.example/entity',
        sso_url: 'https://idp.example/sso',
        certificates: ['-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----'],
        domains: [DOMAIN],
        ...extra,
      })
    expect(code(await saml({ sso_url: 'ftp://idp.example/sso' }))).toBe('sso_url_invalid')
    expect(code(await saml({ sso_url: 'http://idp.example/sso' }))).toBe('sso_url_invalid')
    expect(code(await saml({ certificates: [] }))).toBe('sso_certificate_invalid')
    expect(code(await saml({ certificates: ['MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA'] }))).toBe(
      'sso_certificate_invalid',
    )
    // Markers around something that is not a certificate.
    expect(code(await saml({}))).toBe('sso_certificate_invalid')
    expect(code(await saml({ domains: [] }))).toBe('sso_domain_invalid')
    expect(code(await saml({ domains: [DOMAIN, 'not_a_domain'] }))).toBe('sso_domain_invalid')
    const list = await call(owner, 'GET', '/v1/identity-providers')
    expect(list.json().identity_providers).toEqual([])
  })

  it('refuses plain HTTP and private addresses unless the operator allows them', () => {
    const strict = { allowPrivateAddresses: false }
    const allowing = { allowPrivateAddresses: true }
    expect(() => parseProviderUrl('http://127.0.0.1:8080', strict)).toThrow(/valid HTTPS URL/)
    for (const url of [
      'https://10.0.0.1',
      'https://127.0.0.1',
      'https://169.254.169.254',
      'https://[::1]',
      'https://localhost',
    ])
      expect(() => parseProviderUrl(url, strict), url).toThrow(/private, loopback/)
    expect(parseProviderUrl('https://idp.example.com', strict).host).toBe('idp.example.com')
    expect(parseProviderUrl('http://127.0.0.1:8080', allowing).port).toBe('8080')
    expect(parseProviderUrl('https://10.0.0.1', allowing).host).toBe('10.0.0.1')
    // The allowance covers plain HTTP on this machine only.
    expect(() => parseProviderUrl('http://10.0.0.1', allowing)).toThrow(/valid HTTPS URL/)
  })

  it('saves an OIDC provider after discovery, with the secret encrypted at rest', async () => {
    const unreachable = await call(owner, 'POST', '/v1/identity-providers', {
      type: 'oidc',
      issuer: 'http://127.0.0.1:1',
      client_id: 'timbre',
      client_secret: 'x',
      domains: [DOMAIN],
    })
    expect(code(unreachable)).toBe('sso_provider_unreachable')
    const r = await call(owner, 'POST', '/v1/identity-providers', {
      type: 'oidc',
      name: 'Acme login',
      issuer: idp.issuer,
      client_id: 'timbre',
      client_secret: 'a-client-secret-for-tests',
      domains: [DOMAIN],
    })
    expect(r.statusCode).toBe(200)
    expect(r.json()).toMatchObject({
      type: 'oidc',
      name: 'Acme login',
      issuer: idp.issuer,
      client_id: 'timbre',
      has_client_secret: true,
      domains: [DOMAIN],
    })
    expect(r.json().redirect_uri).toMatch(/\/v1\/sso\/oidc\/callback$/)
    expect(JSON.stringify(r.json())).not.toContain('a-client-secret-for-tests')
    providerId = r.json().provider_id
    const row = await t.database.db
      .selectFrom('sso_identity_providers')
      .select('client_secret_sealed')
      .where('id', '=', providerId)
      .executeTakeFirstOrThrow()
    expect(row.client_secret_sealed).toMatch(/^v1\./)
    expect(row.client_secret_sealed).not.toContain('a-client-secret')
    const second = await call(owner, 'POST', '/v1/identity-providers', {
      type: 'oidc',
      issuer: idp.issuer,
      client_id: 'timbre',
      client_secret: 'x',
      domains: [DOMAIN],
    })
    expect(code(second)).toBe('identity_provider_exists')
  })

  it('refuses every admin call to a member (403, nothing changed)', async () => {
    const calls: [string, string, object?][] = [
      ['GET', '/v1/identity-providers'],
      [
        'POST',
        '/v1/identity-providers',
        { type: 'oidc', issuer: idp.issuer, client_id: 'a', client_secret: 'b', domains: [DOMAIN] },
      ],
      ['GET', `/v1/identity-providers/${providerId}`],
      ['PATCH', `/v1/identity-providers/${providerId}`, { name: 'Mine', domains: ['evil.example'] }],
      ['DELETE', `/v1/identity-providers/${providerId}`],
      ['GET', '/v1/workspace/domains'],
      ['POST', '/v1/workspace/domains', { domain: 'member.example' }],
      [
        'POST',
        `/v1/workspace/domains/${(await call(owner, 'GET', '/v1/workspace/domains')).json().domains[0].domain_id}/verify`,
      ],
      [
        'DELETE',
        `/v1/workspace/domains/${(await call(owner, 'GET', '/v1/workspace/domains')).json().domains[0].domain_id}`,
      ],
      ['GET', '/v1/workspace/sso-settings'],
      ['PATCH', '/v1/workspace/sso-settings', { user_auto_provisioning_enabled: true }],
    ]
    for (const [method, url, body] of calls) {
      const r = await call(member, method, url, body)
      expect(r.statusCode, `${method} ${url}`).toBe(403)
      expect(code(r)).toBe('workspace_admin_required')
    }
    const provider = await call(owner, 'GET', `/v1/identity-providers/${providerId}`)
    expect(provider.json().name).toBe('Acme login')
    expect(provider.json().domains).toEqual([DOMAIN])
    expect((await call(owner, 'GET', '/v1/workspace/domains')).json().domains).toHaveLength(1)
    expect(
      (await call(owner, 'GET', '/v1/workspace/sso-settings')).json().user_auto_provisioning.enabled,
    ).toBe(false)
  })

  it("answers 404 for another workspace's provider and domains", async () => {
    for (const [method, url, body] of [
      ['GET', `/v1/identity-providers/${providerId}`],
      ['PATCH', `/v1/identity-providers/${providerId}`, { domains: ['x.example'] }],
      ['DELETE', `/v1/identity-providers/${providerId}`],
    ] as [string, string, object?][]) {
      const r = await call(outsider, method, url, body)
      expect(r.statusCode, `${method} ${url}`).toBe(404)
      expect(code(r)).toBe('identity_provider_not_found')
    }
    const ownerDomain = (await call(owner, 'GET', '/v1/workspace/domains')).json().domains[0].domain_id
    expect(code(await call(outsider, 'POST', `/v1/workspace/domains/${ownerDomain}/verify`))).toBe(
      'domain_not_found',
    )
    expect(code(await call(outsider, 'DELETE', `/v1/workspace/domains/${ownerDomain}`))).toBe(
      'domain_not_found',
    )
    expect((await call(outsider, 'GET', '/v1/identity-providers')).json().identity_providers).toEqual([])
  })
})

describe('signing in through the OpenID Connect provider', () => {
  it('finds the provider by the email domain, and nothing for other domains', async () => {
    const found = await t.app.inject({ method: 'GET', url: `/v1/find-sso-provider?email=bob@${DOMAIN}` })
    expect(found.statusCode).toBe(200)
    expect(found.json()).toMatchObject({ type: 'oidc', name: 'Acme login', sso_required: false })
    const none = await t.app.inject({
      method: 'GET',
      url: '/v1/find-sso-provider?email=bob@elsewhere.example',
    })
    expect(none.statusCode).toBe(404)
    expect(code(none)).toBe('sso_provider_not_found')
  })

  it('refuses a new user while auto provisioning is off, and creates nothing', async () => {
    accounts.set('carol', {
      sub: 'carol-sub',
      email: `carol@${DOMAIN}`,
      email_verified: true,
      name: 'Carol Acme',
    })
    const { hops } = await signInThroughProvider(`carol@${DOMAIN}`, 'carol')
    const last = hops.at(-1)
    expect(last?.url.pathname).toBe('/sign-in')
    expect(last?.url.searchParams.get('sso_error')).toBe('sso_user_not_provisioned')
    const user = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', `carol@${DOMAIN}`)
      .executeTakeFirst()
    expect(user).toBeUndefined()
  })

  it('auto-provisions a new user from the verified domain as a member, signed in', async () => {
    const on = await call(owner, 'PATCH', '/v1/workspace/sso-settings', {
      user_auto_provisioning_enabled: true,
    })
    expect(on.json().user_auto_provisioning).toMatchObject({
      enabled: true,
      enabled_by_user_email: owner.email,
    })
    expect(on.json().user_auto_provisioning.enabled_at_unix).toBeGreaterThan(0)
    // The free plan's one seat is taken: a provisioned member needs a seat like an invite does.
    const full = await signInThroughProvider(`carol@${DOMAIN}`, 'carol')
    expect(full.hops.at(-1)?.url.searchParams.get('sso_error')).toBe('seat_limit_reached')
    expect(
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', `carol@${DOMAIN}`)
        .executeTakeFirst(),
    ).toBeUndefined()
    await setPlan(t.database, owner.userId, { tier: 'growing_business' })
    const { hops, browser } = await signInThroughProvider(`carol@${DOMAIN}`, 'carol')
    const callback = hops.find((h) => h.url.pathname === '/v1/sso/oidc/callback')
    expect(callback?.url.searchParams.get('code')).toBeTruthy()
    expect(callback?.status).toBe(303)
    expect(hops.at(-1)?.url.toString()).toBe(`${origin}/`)
    const session = browser.cookie(new URL(origin).host, 'timbre_session')
    expect(session).toBeTruthy()
    // The web app's usual refresh turns the cookie into tokens.
    const refreshed = await fetch(`${origin}/v1/auth/refresh`, {
      method: 'POST',
      headers: { cookie: `timbre_session=${session}`, origin, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(refreshed.status).toBe(200)
    const tokens = (await refreshed.json()) as { access_token: string }
    const me = await t.app.inject({
      method: 'GET',
      url: '/v1/user',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    })
    expect(me.json().email ?? me.json().subscription).toBeTruthy()
    const user = await t.database.db
      .selectFrom('users')
      .select(['id', 'workspace_id', 'email_verified_at', 'first_name'])
      .where('email', '=', `carol@${DOMAIN}`)
      .executeTakeFirstOrThrow()
    expect(user.workspace_id).toBe(workspaceId)
    expect(user.email_verified_at).not.toBeNull()
    const membership = await t.database.db
      .selectFrom('workspace_members')
      .select(['role', 'state'])
      .where('workspace_id', '=', workspaceId)
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(membership).toEqual({ role: 'member', state: 'enabled' })
    // The same person again: the same account, no second one.
    await signInThroughProvider(`carol@${DOMAIN}`, 'carol')
    const count = await t.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', `carol@${DOMAIN}`)
      .executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(1)
  })

  it('refuses an identity whose email the provider did not verify', async () => {
    accounts.set('dave', { sub: 'dave-sub', email: `dave@${DOMAIN}`, email_verified: false })
    const { hops } = await signInThroughProvider(`dave@${DOMAIN}`, 'dave')
    expect(hops.at(-1)?.url.searchParams.get('sso_error')).toBe('sso_domain_not_verified')
  })

  it('refuses a replayed callback (state used once)', async () => {
    const { hops } = await signInThroughProvider(`carol@${DOMAIN}`, 'carol')
    const callback = hops.find((h) => h.url.pathname === '/v1/sso/oidc/callback')
    const replay = await fetch(callback?.url as URL, { redirect: 'manual' })
    expect(new URL(replay.headers.get('location') ?? '', origin).searchParams.get('sso_error')).toBe(
      'sso_sign_in_expired',
    )
  })
})

describe('an OpenID Connect sign-in of an account with a workspace of its own', () => {
  it('asks for the second factor and holds the session to the provider’s workspace', async () => {
    await setPlan(t.database, owner.userId, { tier: 'enterprise' })
    const frank = await createUser(t.app, t.database, { email: `frank@${DOMAIN}` })
    const ownWorkspace = await workspaceIdOf(t.database.db, frank.userId)
    const { secret } = await enrolTwoFactor(t.app, frank)
    accounts.set('frank', { sub: 'frank-sub', email: `frank@${DOMAIN}`, email_verified: true })
    const { hops, browser } = await signInThroughProvider(`frank@${DOMAIN}`, 'frank', '/app/history')
    const last = hops.at(-1)
    expect(last?.url.pathname).toBe('/sign-in')
    expect(last?.url.searchParams.get('redirect')).toBe('/app/history')
    expect(browser.cookie(new URL(origin).host, 'timbre_session')).toBeUndefined()
    const mfaToken = new URLSearchParams(last?.url.hash.slice(1)).get('mfa_token')
    const done = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-in/code',
      payload: { mfa_token: mfaToken, code: codeFor(secret, 1) },
    })
    expect(done.statusCode).toBe(200)
    const auth = { authorization: `Bearer ${done.json().access_token}` }
    const switched = await t.app.inject({
      method: 'POST',
      url: `/v1/workspaces/${ownWorkspace}/switch`,
      headers: auth,
    })
    expect([switched.statusCode, switched.json().detail.code]).toEqual([403, 'sso_session_workspace_only'])
  })

  it('returns home, not to a target a browser reads as another host', async () => {
    accounts.set('gina', { sub: 'gina-sub', email: `gina@${DOMAIN}`, email_verified: true })
    for (const target of ['/\t/evil.invalid/x', '/\n/evil.invalid/x']) {
      const { hops } = await signInThroughProvider(`gina@${DOMAIN}`, 'gina', target)
      const callback = hops.find((h) => h.url.pathname === '/v1/sso/oidc/callback')
      expect([callback?.status, callback?.location], JSON.stringify(target)).toEqual([303, '/'])
    }
  })
})

describe('requiring single sign-on', () => {
  it('refuses email and password for members once SSO is required; the owner keeps it', async () => {
    const before = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-in',
      payload: { email: member.email, password: member.password },
    })
    expect(before.statusCode).toBe(200)
    const on = await call(owner, 'PATCH', '/v1/workspace/sso-settings', { sso_required: true })
    expect(on.json().sso_required).toBe(true)
    const refused = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-in',
      payload: { email: member.email, password: member.password },
    })
    expect(refused.statusCode).toBe(403)
    expect(code(refused)).toBe('email_password_disallowed')
    // A wrong password still says only that the credentials are wrong.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-in',
      payload: { email: member.email, password: 'not the password 1' },
    })
    expect(code(wrong)).toBe('invalid_credentials')
    const ownerIn = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-in',
      payload: { email: owner.email, password: owner.password },
    })
    expect(ownerIn.statusCode).toBe(200)
    const outsiderIn = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-in',
      payload: { email: outsider.email, password: outsider.password },
    })
    expect(outsiderIn.statusCode).toBe(200)
    const found = await t.app.inject({ method: 'GET', url: `/v1/find-sso-provider?email=x@${DOMAIN}` })
    expect(found.json().sso_required).toBe(true)
  })

  it('lifts the requirement when the provider is deleted', async () => {
    const providers = (await call(owner, 'GET', '/v1/identity-providers')).json().identity_providers
    const r = await call(owner, 'DELETE', `/v1/identity-providers/${providers[0].provider_id}`)
    expect(r.statusCode).toBe(204)
    expect((await call(owner, 'GET', '/v1/workspace/sso-settings')).json().sso_required).toBe(false)
    const back = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-in',
      payload: { email: member.email, password: member.password },
    })
    expect(back.statusCode).toBe(200)
    expect(code(await call(owner, 'PATCH', '/v1/workspace/sso-settings', { sso_required: true }))).toBe(
      'sso_requires_identity_provider',
    )
  })
})
