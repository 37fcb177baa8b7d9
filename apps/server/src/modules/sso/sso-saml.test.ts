import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inflateRawSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SignedXml } from 'xml-crypto'
import { startDnsServer } from '../../../test/helpers/dns-server.js'
import { createUser, type TestUser, workspaceIdOf } from '../../../test/helpers/factories.js'
import { setPlan } from '../../../test/helpers/plans.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { codeFor, enrolTwoFactor } from '../../../test/helpers/two-factor.js'

// SAML sign-in with responses made and signed here, as an identity provider would, with a key
// and certificate made by openssl: a good signature signs in; a tampered, unsigned, foreign-key
// or mismatched response is refused and creates nothing.

const DOMAIN = 'saml-corp.test'
const IDP_ENTITY = 'https://idp.saml-corp.test/metadata'
let keyDir: string
let key: string
let cert: string
let otherKey: string
let otherCert: string
let dns: Awaited<ReturnType<typeof startDnsServer>>
let t: TestApp
let admin: TestUser
let providerId: string
let spEntityId: string

function makeKeyPair(name: string) {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${name}`,
      '-keyout',
      join(keyDir, `${name}.key`),
      '-out',
      join(keyDir, `${name}.crt`),
    ],
    { stdio: 'ignore' },
  )
  return {
    key: readFileSync(join(keyDir, `${name}.key`), 'utf8'),
    cert: readFileSync(join(keyDir, `${name}.crt`), 'utf8'),
  }
}

/** Starts a sign-in; returns the RelayState and the id of the AuthnRequest sent to the provider. */
async function startSignIn(continueTo?: string) {
  const query = new URLSearchParams({
    provider_id: providerId,
    ...(continueTo ? { continue: continueTo } : {}),
  })
  const r = await t.app.inject({ method: 'GET', url: `/v1/sso/sign-in?${query}` })
  expect(r.statusCode).toBe(303)
  const location = new URL(r.headers.location as string)
  expect(location.origin + location.pathname).toBe('https://idp.saml-corp.test/sso')
  const request = inflateRawSync(
    Buffer.from(location.searchParams.get('SAMLRequest') ?? '', 'base64'),
  ).toString()
  const requestId = /ID="([^"]+)"/.exec(request)?.[1] ?? ''
  expect(request).toContain(
    `<saml:Issuer xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">${spEntityId}</saml:Issuer>`,
  )
  return { relayState: location.searchParams.get('RelayState') ?? '', requestId }
}

function samlResponse(o: { requestId: string; email: string; acs: string }) {
  const now = new Date()
  const later = new Date(now.getTime() + 5 * 60_000).toISOString()
  const before = new Date(now.getTime() - 60_000).toISOString()
  return `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_${randomUUID()}" Version="2.0" IssueInstant="${now.toISOString()}" Destination="${o.acs}" InResponseTo="${o.requestId}"><saml:Issuer>${IDP_ENTITY}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status><saml:Assertion ID="_${randomUUID()}" Version="2.0" IssueInstant="${now.toISOString()}"><saml:Issuer>${IDP_ENTITY}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${o.email}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${o.requestId}" NotOnOrAfter="${later}" Recipient="${o.acs}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${before}" NotOnOrAfter="${later}"><saml:AudienceRestriction><saml:Audience>${spEntityId}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="_s1"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement><saml:Attribute Name="email"><saml:AttributeValue>${o.email}</saml:AttributeValue></saml:Attribute><saml:Attribute Name="displayName"><saml:AttributeValue>Erin Corp</saml:AttributeValue></saml:Attribute></saml:AttributeStatement></saml:Assertion></samlp:Response>`
}

/** Signs the assertion (enveloped signature after its Issuer), as identity providers do. */
function sign(xml: string, privateKey: string, publicCert: string): string {
  const signer = new SignedXml({
    privateKey,
    publicCert,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  })
  signer.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/2001/10/xml-exc-c14n#',
    ],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  })
  signer.computeSignature(xml, {
    location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
  })
  return signer.getSignedXml()
}

function post(relayState: string, xml: string) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/sso/saml/acs',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      SAMLResponse: Buffer.from(xml).toString('base64'),
      RelayState: relayState,
    }).toString(),
  })
}

const errorOf = (r: { headers: Record<string, unknown> }) =>
  new URL(String(r.headers.location), 'http://x').searchParams.get('sso_error')

async function userCount(email: string) {
  const row = await t.database.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('email', '=', email)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

beforeAll(async () => {
  keyDir = mkdtempSync(join(tmpdir(), 'timbre-saml-'))
  ;({ key, cert } = makeKeyPair('idp'))
  ;({ key: otherKey, cert: otherCert } = makeKeyPair('attacker'))
  dns = await startDnsServer()
  t = await createTestApp({ env: { DNS_SERVER: dns.server } })
  admin = await createUser(t.app, t.database)
  await setPlan(t.database, admin.userId, { tier: 'growing_business' })
  const auth = { authorization: admin.auth.authorization }
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/identity-providers',
    headers: auth,
    payload: {
      type: 'saml',
      name: 'Corp SAML',
      entity_id: IDP_ENTITY,
      sso_url: 'https://idp.saml-corp.test/sso',
      certificates: [cert],
      domains: [DOMAIN],
    },
  })
  expect(created.statusCode).toBe(200)
  providerId = created.json().provider_id
  spEntityId = created.json().sp_entity_id
  expect(created.json().acs_url).toBe('http://timbre.test/v1/sso/saml/acs')
  // The provider's domain was added to the verified domains, pending: prove it over DNS.
  const domains = (await t.app.inject({ method: 'GET', url: '/v1/workspace/domains', headers: auth })).json()
    .domains
  expect(domains).toHaveLength(1)
  expect(domains[0].status).toBe('Pending')
  dns.txt.set(domains[0].verification_record.name, [domains[0].verification_record.value])
  const verified = await t.app.inject({
    method: 'POST',
    url: `/v1/workspace/domains/${domains[0].domain_id}/verify`,
    headers: auth,
  })
  expect(verified.json().status).toBe('Passed')
  await t.app.inject({
    method: 'PATCH',
    url: '/v1/workspace/sso-settings',
    headers: auth,
    payload: { user_auto_provisioning_enabled: true },
  })
}, 120_000)

afterAll(async () => {
  await t?.close()
  await dns?.close()
  rmSync(keyDir, { recursive: true, force: true })
})

describe('SAML sign-in', () => {
  const acs = 'http://timbre.test/v1/sso/saml/acs'

  it('serves the service provider metadata with the ACS URL', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/v1/sso/saml/${providerId}/metadata` })
    expect(r.statusCode).toBe(200)
    expect(r.body).toContain(`entityID="${spEntityId}"`)
    expect(r.body).toContain(`Location="${acs}"`)
  })

  it('refuses a response whose signed assertion was changed afterwards, creating nothing', async () => {
    const { relayState, requestId } = await startSignIn()
    const signed = sign(samlResponse({ requestId, email: `erin@${DOMAIN}`, acs }), key, cert)
    const tampered = signed.replaceAll(`erin@${DOMAIN}`, `mallory@${DOMAIN}`)
    const r = await post(relayState, tampered)
    expect(r.statusCode).toBe(303)
    expect(errorOf(r)).toBe('sso_sign_in_failed')
    expect(r.cookies.find((c) => c.name === 'timbre_session')).toBeUndefined()
    expect(await userCount(`mallory@${DOMAIN}`)).toBe(0)
    expect(await userCount(`erin@${DOMAIN}`)).toBe(0)
    const identities = await t.database.db.selectFrom('sso_identities').selectAll().execute()
    expect(identities).toEqual([])
  })

  it('refuses a response signed with a key the workspace did not configure', async () => {
    const { relayState, requestId } = await startSignIn()
    const r = await post(
      relayState,
      sign(samlResponse({ requestId, email: `mallory@${DOMAIN}`, acs }), otherKey, otherCert),
    )
    expect(errorOf(r)).toBe('sso_sign_in_failed')
    expect(await userCount(`mallory@${DOMAIN}`)).toBe(0)
  })

  it('refuses an unsigned response', async () => {
    const { relayState, requestId } = await startSignIn()
    const r = await post(relayState, samlResponse({ requestId, email: `mallory@${DOMAIN}`, acs }))
    expect(errorOf(r)).toBe('sso_sign_in_failed')
    expect(await userCount(`mallory@${DOMAIN}`)).toBe(0)
  })

  it('refuses a correctly signed response to another request', async () => {
    const { relayState } = await startSignIn()
    const r = await post(
      relayState,
      sign(samlResponse({ requestId: '_not-our-request', email: `mallory@${DOMAIN}`, acs }), key, cert),
    )
    expect(errorOf(r)).toBe('sso_sign_in_failed')
    expect(await userCount(`mallory@${DOMAIN}`)).toBe(0)
  })

  it('signs in with a correctly signed response, provisioning the member; a replay is refused', async () => {
    const { relayState, requestId } = await startSignIn()
    const xml = sign(samlResponse({ requestId, email: `erin@${DOMAIN}`, acs }), key, cert)
    const r = await post(relayState, xml)
    expect(r.statusCode).toBe(303)
    expect(r.headers.location).toBe('/')
    const cookie = r.cookies.find((c) => c.name === 'timbre_session')
    expect(cookie?.value).toBeTruthy()
    expect(cookie?.httpOnly).toBe(true)
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/refresh',
      headers: { cookie: `timbre_session=${cookie?.value}`, origin: 'http://timbre.test' },
      payload: {},
    })
    expect(refreshed.statusCode).toBe(200)
    const user = await t.database.db
      .selectFrom('users')
      .select(['id', 'first_name', 'workspace_id'])
      .where('email', '=', `erin@${DOMAIN}`)
      .executeTakeFirstOrThrow()
    expect(user.first_name).toBe('Erin Corp')
    expect(refreshed.json().user_id).toBe(user.id)
    const identity = await t.database.db.selectFrom('sso_identities').selectAll().executeTakeFirstOrThrow()
    expect(identity).toMatchObject({ provider_id: providerId, subject: `erin@${DOMAIN}`, user_id: user.id })

    const replay = await post(relayState, xml)
    expect(errorOf(replay)).toBe('sso_sign_in_expired')
    expect(await userCount(`erin@${DOMAIN}`)).toBe(1)
  })
})

/** A signed sign-in for `email` through the whole round trip; answers Timbre's last answer. */
async function signInAs(email: string, continueTo?: string) {
  const { relayState, requestId } = await startSignIn(continueTo)
  return post(
    relayState,
    sign(samlResponse({ requestId, email, acs: 'http://timbre.test/v1/sso/saml/acs' }), key, cert),
  )
}

/** Tokens for the session cookie a sign-in set, through the web app's usual refresh. */
async function tokensFrom(r: Awaited<ReturnType<typeof post>>) {
  const cookie = r.cookies.find((c) => c.name === 'timbre_session')
  expect(cookie?.value).toBeTruthy()
  const refreshed = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/refresh',
    headers: { cookie: `timbre_session=${cookie?.value}`, origin: 'http://timbre.test' },
    payload: {},
  })
  expect(refreshed.statusCode).toBe(200)
  return { authorization: `Bearer ${refreshed.json().access_token}` }
}

describe('an identity provider and the accounts it signs in', () => {
  beforeAll(async () => {
    // Seats for everyone this part signs in.
    await setPlan(t.database, admin.userId, { tier: 'enterprise' })
  })

  it('holds the session to its own workspace: the person’s other workspaces stay shut', async () => {
    // Someone at the verified domain who owns a workspace of their own (signed up with a password).
    const victim = await createUser(t.app, t.database, { email: `vic@${DOMAIN}` })
    const ownWorkspace = await workspaceIdOf(t.database.db, victim.userId)
    const adminWorkspace = await workspaceIdOf(t.database.db, admin.userId)
    await setPlan(t.database, victim.userId, { tier: 'pro' })
    const r = await signInAs(`vic@${DOMAIN}`)
    expect(r.statusCode).toBe(303)
    const auth = await tokensFrom(r)
    const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) })

    const switched = await as('POST', `/v1/workspaces/${ownWorkspace}/switch`)
    expect(switched.statusCode).toBe(403)
    expect(switched.json().detail.code).toBe('sso_session_workspace_only')
    // Whatever the account's current workspace says, this session acts in the provider's.
    await t.database.db
      .updateTable('users')
      .set({ workspace_id: ownWorkspace })
      .where('id', '=', victim.userId)
      .execute()
    const current = (await as('GET', '/v1/workspaces'))
      .json()
      .workspaces.find((w: { is_current: boolean }) => w.is_current)
    expect(current.workspace_id).toBe(adminWorkspace)
    // The billing of the person's own workspace is out of reach: here they are a member.
    expect((await as('POST', '/create-portal-session')).json().detail.code).toBe('not_billing_admin')
    expect((await as('GET', '/v1/billing/invoices')).statusCode).toBe(403)
    // A key made in this session belongs to the provider's workspace, not the person's own.
    const key = await as('POST', '/v1/user/api-keys', { name: 'from sso' })
    expect(key.statusCode).toBe(201)
    const row = await t.database.db
      .selectFrom('api_keys')
      .select('workspace_id')
      .where('id', '=', key.json().key_id)
      .executeTakeFirstOrThrow()
    expect(row.workspace_id).toBe(adminWorkspace)
    // The same person with their password opens their own workspace as before.
    const own = await t.app.inject({
      method: 'POST',
      url: `/v1/workspaces/${ownWorkspace}/switch`,
      headers: victim.auth,
    })
    expect(own.statusCode).toBe(200)
  })

  it('still asks an account with two-factor on for its code, then holds the session the same way', async () => {
    const victim = await createUser(t.app, t.database, { email: `tfa@${DOMAIN}` })
    const ownWorkspace = await workspaceIdOf(t.database.db, victim.userId)
    const { secret } = await enrolTwoFactor(t.app, victim)
    const r = await signInAs(`tfa@${DOMAIN}`, '/app/history')
    expect(r.statusCode).toBe(303)
    expect(r.cookies.find((c) => c.name === 'timbre_session')).toBeUndefined()
    const location = new URL(String(r.headers.location), 'http://timbre.test')
    expect(location.pathname).toBe('/sign-in')
    expect(location.searchParams.get('redirect')).toBe('/app/history')
    const mfaToken = new URLSearchParams(location.hash.slice(1)).get('mfa_token')
    expect(mfaToken).toBeTruthy()
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-in/code',
      payload: {
        mfa_token: mfaToken,
        code: String((Number(codeFor(secret)) + 1) % 1_000_000).padStart(6, '0'),
      },
    })
    expect(wrong.json().detail.code).toBe('incorrect_code')
    const done = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-in/code',
      // The next time step: the current one was used up when two-factor was turned on.
      payload: { mfa_token: mfaToken, code: codeFor(secret, 1) },
    })
    expect(done.statusCode).toBe(200)
    const auth = { authorization: `Bearer ${done.json().access_token}` }
    const switched = await t.app.inject({
      method: 'POST',
      url: `/v1/workspaces/${ownWorkspace}/switch`,
      headers: auth,
    })
    expect(switched.json().detail.code).toBe('sso_session_workspace_only')
  })
})

describe('where a sign-in returns to', () => {
  it('goes home instead of to a target a browser would read as another host', async () => {
    await createUser(t.app, t.database, { email: `ret@${DOMAIN}` })
    for (const target of [
      '/\t/evil.invalid/x',
      '/\n/evil.invalid/x',
      '/\\evil.invalid',
      '//evil.invalid/x',
    ]) {
      const r = await signInAs(`ret@${DOMAIN}`, target)
      expect(r.statusCode, JSON.stringify(target)).toBe(303)
      expect(r.headers.location, JSON.stringify(target)).toBe('/')
    }
    const kept = await signInAs(`ret@${DOMAIN}`, '/app/history?tab=1')
    expect(kept.headers.location).toBe('/app/history?tab=1')
  })
})
