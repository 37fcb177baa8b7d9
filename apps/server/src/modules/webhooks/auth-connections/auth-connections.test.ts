import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TLSSocket } from 'node:tls'
import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, joinWorkspaceOf, type TestUser } from '../../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js'

// Webhook authentication against real peers started here: an HTTPS OAuth2 token endpoint
// (client-credentials grant), a receiver that checks the bearer token, and a receiver that
// demands a client certificate signed by a certificate authority made with openssl.

interface Hit {
  path: string
  headers: Record<string, string | string[] | undefined>
  body: string
  peer?: string
}

let dir: string
const pem = (name: string) => readFileSync(join(dir, name), 'utf8')
const servers: Server[] = []
const tokenRequests: { body: string; authorization?: string | undefined }[] = []
const hits: Hit[] = []
let tokenPort: number
let bearerPort: number
let mtlsPort: number
let t: TestApp
let strict: TestApp
let owner: TestUser
let member: TestUser
let outsider: TestUser
let strictOwner: TestUser
const PASSPHRASE = 'correct horse battery staple'

function openssl(...args: string[]) {
  execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' })
}

/** A CA, a server certificate for 127.0.0.1 and a client certificate whose key has a passphrase. */
function makeCertificates() {
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=Test CA',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
  )
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=127.0.0.1',
    '-keyout',
    'server.key',
    '-out',
    'server.csr',
  )
  writeFileSync(join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n')
  openssl(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-days',
    '1',
    '-extfile',
    'server.ext',
    '-out',
    'server.pem',
  )
  openssl(
    'genpkey',
    '-algorithm',
    'RSA',
    '-pkeyopt',
    'rsa_keygen_bits:2048',
    '-aes-256-cbc',
    '-pass',
    `pass:${PASSPHRASE}`,
    '-out',
    'client.key',
  )
  openssl(
    'req',
    '-new',
    '-key',
    'client.key',
    '-passin',
    `pass:${PASSPHRASE}`,
    '-subj',
    '/CN=timbre-webhooks',
    '-out',
    'client.csr',
  )
  openssl(
    'x509',
    '-req',
    '-in',
    'client.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-days',
    '1',
    '-out',
    'client.pem',
  )
  // A second client certificate from a CA the receiver does not trust.
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=stranger',
    '-keyout',
    'stranger.key',
    '-out',
    'stranger.pem',
  )
}

function collect(req: import('node:http').IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
  })
}

async function listen(server: Server): Promise<number> {
  servers.push(server)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return (server.address() as AddressInfo).port
}

function call(app: TestApp, user: TestUser, method: string, url: string, payload?: object) {
  return app.app.inject({ method: method as 'GET', url, headers: user.auth, ...(payload ? { payload } : {}) })
}
const code = (r: LightMyRequestResponse) => r.json().detail?.code as string

async function waitFor<T>(what: string, fn: () => Promise<T | undefined | null | false>, ms = 60_000) {
  const end = Date.now() + ms
  for (;;) {
    const value = await fn()
    if (value) return value
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

async function deliveredOrFailed(app: TestApp, user: TestUser, webhookId: string) {
  return waitFor('the delivery outcome', async () => {
    const r = (await call(app, user, 'GET', `/v1/workspace/webhooks/${webhookId}/deliveries`)).json()
    const d = r.deliveries[0]
    return d && (d.status === 'delivered' || d.status === 'failed') ? d : null
  })
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'timbre-auth-conn-'))
  makeCertificates()
  const tls = { key: pem('server.key'), cert: pem('server.pem') }

  tokenPort = await listen(
    createServer(tls, async (req, res) => {
      const body = await collect(req)
      tokenRequests.push({ body, authorization: req.headers.authorization })
      const form = new URLSearchParams(body)
      const basic = req.headers.authorization?.startsWith('Basic ')
        ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString('utf8')
        : null
      const okCredentials =
        form.get('grant_type') === 'client_credentials' &&
        ((form.get('client_id') === 'timbre' && form.get('client_secret') === 's3cret') ||
          basic === 'timbre:s3cret')
      res.setHeader('content-type', 'application/json')
      if (!okCredentials) {
        res.statusCode = 401
        res.end('{"error":"invalid_client"}')
        return
      }
      res.end(
        JSON.stringify({
          access_token: `tok-${tokenRequests.length}`,
          token_type: 'Bearer',
          expires_in: 3600,
        }),
      )
    }),
  )
  bearerPort = await listen(
    createServer(tls, async (req, res) => {
      hits.push({ path: req.url ?? '', headers: req.headers, body: await collect(req) })
      res.statusCode = req.headers.authorization?.startsWith('Bearer tok-') ? 200 : 401
      res.end('{}')
    }),
  )
  mtlsPort = await listen(
    createServer(
      { ...tls, ca: pem('ca.pem'), requestCert: true, rejectUnauthorized: true },
      async (req, res) => {
        const peer = (req.socket as TLSSocket).getPeerCertificate()
        hits.push({
          path: req.url ?? '',
          headers: req.headers,
          body: await collect(req),
          peer: String(peer.subject?.CN),
        })
        res.end('{}')
      },
    ),
  )

  writeFileSync(join(dir, 'trust.pem'), pem('ca.pem'))
  ;[t, strict] = await Promise.all([
    createTestApp({
      env: { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true', WEBHOOK_CA_FILE: join(dir, 'trust.pem') },
    }),
    createTestApp(),
  ])
  owner = await createUser(t.app, t.database)
  member = await createUser(t.app, t.database)
  outsider = await createUser(t.app, t.database)
  await joinWorkspaceOf(t.database.db, owner, member)
  strictOwner = await createUser(strict.app, strict.database)
}, 120_000)

afterAll(async () => {
  await Promise.all([t?.close(), strict?.close()])
  for (const s of servers) {
    s.closeAllConnections()
    await new Promise((r) => s.close(r))
  }
  rmSync(dir, { recursive: true, force: true })
})

const oauth2 = (overrides: Record<string, unknown> = {}) => ({
  auth_type: 'oauth2_client_credentials',
  name: 'Token service',
  provider: 'custom',
  client_id: 'timbre',
  client_secret: 's3cret',
  token_url: `https://127.0.0.1:${tokenPort}/token`,
  scopes: ['webhooks.write'],
  ...overrides,
})

describe('OAuth2 client-credentials webhooks', () => {
  it('fetch a token from the HTTPS token URL, send it as a bearer, and reuse it until it expires', async () => {
    const connection = await call(t, owner, 'POST', '/v1/workspace/auth-connections', oauth2())
    expect(connection.statusCode).toBe(200)
    const { id } = connection.json()
    expect(connection.json()).toMatchObject({
      auth_type: 'oauth2_client_credentials',
      client_id: 'timbre',
      status: 'active',
    })
    // The secret is sealed at rest and never returned.
    const row = await t.database.db
      .selectFrom('auth_connections')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row.credentials_sealed).not.toContain('s3cret')
    expect(
      JSON.stringify((await call(t, owner, 'GET', '/v1/workspace/auth-connections')).json()),
    ).not.toContain('s3cret')

    const webhook = await call(t, owner, 'POST', '/v1/workspace/webhooks', {
      settings: {
        auth_type: 'oauth2',
        name: 'Bearer',
        webhook_url: `https://127.0.0.1:${bearerPort}/bearer`,
        auth_connection_id: id,
      },
    })
    expect(webhook.statusCode).toBe(200)
    const { webhook_id } = webhook.json()
    const before = tokenRequests.length
    for (let i = 0; i < 2; i++) {
      await call(t, owner, 'POST', `/v1/workspace/webhooks/${webhook_id}/test`)
    }
    await waitFor('two deliveries', async () => hits.filter((h) => h.path === '/bearer').length >= 2)
    const bearerHits = hits.filter((h) => h.path === '/bearer')
    expect(bearerHits.map((h) => h.headers.authorization)).toEqual([
      `Bearer tok-${before + 1}`,
      `Bearer tok-${before + 1}`,
    ])
    // One token for both deliveries: cached until it expires.
    expect(tokenRequests.length).toBe(before + 1)
    const sent = new URLSearchParams(tokenRequests[before]?.body)
    expect(sent.get('grant_type')).toBe('client_credentials')
    expect(sent.get('scope')).toBe('webhooks.write')
    // Still signed with the webhook's own secret as well.
    expect(bearerHits[0]?.headers['elevenlabs-signature']).toMatch(/^t=\d+,v0=[0-9a-f]{64}$/)
    expect((await call(t, owner, 'GET', '/v1/workspace/webhooks')).json().webhooks).toContainEqual(
      expect.objectContaining({ webhook_id, auth_type: 'oauth2', auth_connection_id: id }),
    )

    // A changed secret is a new connection version: the cached token is dropped and the
    // wrong secret now fails the delivery, marking the connection.
    const patched = await call(t, owner, 'PATCH', `/v1/workspace/auth-connections/${id}`, {
      auth_type: 'oauth2_client_credentials',
      client_secret: 'wrong',
    })
    expect(patched.statusCode).toBe(200)
    await call(t, owner, 'POST', `/v1/workspace/webhooks/${webhook_id}/test`)
    const failed = await deliveredOrFailed(t, owner, webhook_id)
    expect(failed.status).toBe('failed')
    expect(failed.error).toMatch(/token URL answered 401/)
    const listed = (await call(t, owner, 'GET', '/v1/workspace/auth-connections')).json().auth_connections
    expect(listed.find((c: { id: string }) => c.id === id)).toMatchObject({ status: 'refresh_failed' })

    // In use: it cannot be deleted until the webhook is gone.
    const inUse = await call(t, owner, 'DELETE', `/v1/workspace/auth-connections/${id}`)
    expect(inUse.statusCode).toBe(409)
    expect(code(inUse)).toBe('auth_connection_in_use')
    await call(t, owner, 'DELETE', `/v1/workspace/webhooks/${webhook_id}`)
    expect((await call(t, owner, 'DELETE', `/v1/workspace/auth-connections/${id}`)).statusCode).toBe(200)
  })

  it('send the client credentials as HTTP Basic when asked', async () => {
    const connection = await call(
      t,
      owner,
      'POST',
      '/v1/workspace/auth-connections',
      oauth2({ basic_auth_in_header: true, scopes: [] }),
    )
    const webhook = await call(t, owner, 'POST', '/v1/workspace/webhooks', {
      settings: {
        auth_type: 'oauth2',
        name: 'Basic',
        webhook_url: `https://127.0.0.1:${bearerPort}/basic`,
        auth_connection_id: connection.json().id,
      },
    })
    const before = tokenRequests.length
    await call(t, owner, 'POST', `/v1/workspace/webhooks/${webhook.json().webhook_id}/test`)
    const d = await deliveredOrFailed(t, owner, webhook.json().webhook_id)
    expect(d.status).toBe('delivered')
    const request = tokenRequests[before]
    expect(request?.authorization).toBe(`Basic ${Buffer.from('timbre:s3cret').toString('base64')}`)
    expect(new URLSearchParams(request?.body).get('client_secret')).toBeNull()
  })

  it('hold the token URL to HTTPS and public addresses unless the operator allows them', async () => {
    const http = await call(
      strict,
      strictOwner,
      'POST',
      '/v1/workspace/auth-connections',
      oauth2({ token_url: 'http://example.com/token' }),
    )
    expect(http.statusCode).toBe(422)
    expect(http.json().detail.message).toBe('Please enter a valid HTTPS URL')
    for (const token_url of [
      'https://127.0.0.1/token',
      'https://10.0.0.1/token',
      'https://169.254.169.254/token',
      'https://[::1]/token',
      'https://[::7f00:1]/token',
      'https://[64:ff9b::7f00:1]/token',
      'https://localhost/token',
    ]) {
      const r = await call(
        strict,
        strictOwner,
        'POST',
        '/v1/workspace/auth-connections',
        oauth2({ token_url }),
      )
      expect(r.statusCode, token_url).toBe(422)
      expect(code(r), token_url).toBe('webhook_address_refused')
    }
    expect((await call(strict, strictOwner, 'GET', '/v1/workspace/auth-connections')).json()).toEqual({
      auth_connections: [],
    })
  })
})

describe('mTLS webhooks', () => {
  const mtls = (overrides: Record<string, unknown> = {}) => ({
    auth_type: 'mtls',
    name: 'Client certificate',
    provider: 'custom',
    client_certificate: pem('client.pem'),
    client_key: pem('client.key'),
    key_passphrase: PASSPHRASE,
    ...overrides,
  })

  it('present the client certificate to a receiver that requires one', async () => {
    const connection = await call(t, owner, 'POST', '/v1/workspace/auth-connections', mtls())
    expect(connection.statusCode).toBe(200)
    const row = await t.database.db
      .selectFrom('auth_connections')
      .selectAll()
      .where('id', '=', connection.json().id)
      .executeTakeFirstOrThrow()
    expect(row.credentials_sealed).not.toContain('PRIVATE KEY')
    expect(row.credentials_sealed).not.toContain(PASSPHRASE)
    const webhook = await call(t, owner, 'POST', '/v1/workspace/webhooks', {
      settings: {
        auth_type: 'mtls',
        name: 'mTLS',
        webhook_url: `https://127.0.0.1:${mtlsPort}/mtls`,
        auth_connection_id: connection.json().id,
      },
    })
    expect(webhook.statusCode).toBe(200)
    await call(t, owner, 'POST', `/v1/workspace/webhooks/${webhook.json().webhook_id}/test`)
    const d = await deliveredOrFailed(t, owner, webhook.json().webhook_id)
    expect(d).toMatchObject({ status: 'delivered', response_code: 200 })
    expect(hits.find((h) => h.path === '/mtls')?.peer).toBe('timbre-webhooks')
  })

  it('reach nothing without a trusted client certificate', async () => {
    // A plain HMAC webhook to the same receiver: the TLS handshake is refused.
    const plain = await call(t, owner, 'POST', '/v1/workspace/webhooks', {
      settings: { auth_type: 'hmac', name: 'No cert', webhook_url: `https://127.0.0.1:${mtlsPort}/nocert` },
    })
    await call(t, owner, 'POST', `/v1/workspace/webhooks/${plain.json().webhook_id}/test`)
    // Handshake failures are retried with backoff; the first attempt's record is enough.
    const attempt = await waitFor('the refused attempt', async () => {
      const r = (
        await call(t, owner, 'GET', `/v1/workspace/webhooks/${plain.json().webhook_id}/deliveries`)
      ).json()
      return r.deliveries[0]?.attempts >= 1 ? r.deliveries[0] : null
    })
    expect(attempt.response_code).toBeNull()
    expect(attempt.status).not.toBe('delivered')
    expect(hits.some((h) => h.path === '/nocert')).toBe(false)
  })

  it('check the PEM certificate, the key and its passphrase when saved', async () => {
    const cases: Record<string, unknown>[] = [
      { key_passphrase: 'wrong' },
      { key_passphrase: undefined },
      { client_certificate: 'not a certificate' },
      { client_key: pem('stranger.key'), key_passphrase: undefined },
      { ca_certificate: '-----BEGIN CERTIFICATE-----\nnope\n-----END CERTIFICATE-----' },
    ]
    for (const overrides of cases) {
      const r = await call(t, owner, 'POST', '/v1/workspace/auth-connections', mtls(overrides))
      expect(r.statusCode, JSON.stringify(Object.keys(overrides))).toBe(422)
      expect(code(r)).toBe('auth_connection_invalid')
    }
    // The wrong kind of connection for a webhook's auth type is refused.
    const oauth = await call(t, owner, 'POST', '/v1/workspace/auth-connections', oauth2())
    const wrongKind = await call(t, owner, 'POST', '/v1/workspace/webhooks', {
      settings: {
        auth_type: 'mtls',
        name: 'x',
        webhook_url: `https://127.0.0.1:${mtlsPort}/x`,
        auth_connection_id: oauth.json().id,
      },
    })
    expect(wrongKind.statusCode).toBe(422)
    expect(code(wrongKind)).toBe('webhook_auth_connection_required')
  })
})

describe('auth connection access', () => {
  it('is for admins of the workspace only; another workspace sees 404', async () => {
    const created = await call(
      t,
      owner,
      'POST',
      '/v1/workspace/auth-connections',
      oauth2({ name: 'Private' }),
    )
    const id = created.json().id
    const refused = await call(
      t,
      member,
      'POST',
      '/v1/workspace/auth-connections',
      oauth2({ name: 'By member' }),
    )
    expect(refused.statusCode).toBe(403)
    expect((await call(t, member, 'GET', '/v1/workspace/auth-connections')).statusCode).toBe(403)
    expect((await call(t, member, 'DELETE', `/v1/workspace/auth-connections/${id}`)).statusCode).toBe(403)
    const names = (await call(t, owner, 'GET', '/v1/workspace/auth-connections'))
      .json()
      .auth_connections.map((c: { name: string }) => c.name)
    expect(names).not.toContain('By member')
    expect((await call(t, outsider, 'DELETE', `/v1/workspace/auth-connections/${id}`)).statusCode).toBe(404)
    const patched = await call(t, outsider, 'PATCH', `/v1/workspace/auth-connections/${id}`, {
      auth_type: 'oauth2_client_credentials',
      client_id: 'x',
    })
    expect(patched.statusCode).toBe(404)
    const hijack = await call(t, outsider, 'POST', '/v1/workspace/webhooks', {
      settings: {
        auth_type: 'oauth2',
        name: 'x',
        webhook_url: `https://127.0.0.1:${bearerPort}/x`,
        auth_connection_id: id,
      },
    })
    expect(hijack.statusCode).toBe(404)
  })

  it('works through the official SDK', async () => {
    const key = await call(t, owner, 'POST', '/v1/user/api-keys', { name: 'sdk', permissions: ['workspace'] })
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const client = new ElevenLabsClient({ apiKey: key.json().api_key, baseUrl: address })
    const created = await client.workspace.authConnections.create({
      authType: 'oauth2_client_credentials',
      name: 'SDK connection',
      provider: 'custom',
      clientId: 'timbre',
      clientSecret: 's3cret',
      tokenUrl: `https://127.0.0.1:${tokenPort}/token`,
    })
    expect(created).toMatchObject({ authType: 'oauth2_client_credentials', name: 'SDK connection' })
    const id = (created as { id: string }).id
    const updated = await client.workspace.authConnections.update(id, {
      authType: 'oauth2_client_credentials',
      clientId: 'other',
    })
    expect(updated).toMatchObject({ clientId: 'other' })
    const listed = await client.workspace.authConnections.list()
    expect(listed.authConnections.map((c) => c.name)).toContain('SDK connection')
    await client.workspace.authConnections.delete(id)
    expect((await client.workspace.authConnections.list()).authConnections.map((c) => c.name)).not.toContain(
      'SDK connection',
    )
  })
})
