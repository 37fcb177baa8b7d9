import { createHmac } from 'node:crypto'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js'
import {
  WEBHOOK_AUTO_DISABLE_AFTER_FAILURES,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TEST_EVENT,
} from '@timbre/contract'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, joinWorkspaceOf, type TestUser, workspaceIdOf } from '../../../test/helpers/factories.js'
import { type SelfSignedCertificate, selfSignedCertificate } from '../../../test/helpers/self-signed.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { createWorkspaceVoice } from '../../../test/helpers/voice-factory.js'
import { JOB_DEFINITIONS } from '../../jobs/job-types.js'
import { startQueue } from '../../jobs/queue.js'
import { createWebhooksModule } from './webhooks.module.js'

const WEBHOOK_DELIVERY_RETRIES = JOB_DEFINITIONS['webhook.deliver'].options.retryLimit

// Workspace webhooks against a real HTTPS receiver with a certificate made here: signed
// deliveries, retries and the automatic switch-off, the address rules, and the official SDK.

interface Received {
  path: string
  headers: Record<string, string | string[] | undefined>
  body: string
}

let tls: SelfSignedCertificate
let receiver: Server
let receiverPort: number
const received: Received[] = []
let t: TestApp // the operator allows private addresses and trusts the receiver's certificate
let strict: TestApp // the default configuration
let owner: TestUser
let member: TestUser
let outsider: TestUser
let strictOwner: TestUser

function call(app: TestApp, user: TestUser, method: string, url: string, payload?: object) {
  return app.app.inject({ method: method as 'GET', url, headers: user.auth, ...(payload ? { payload } : {}) })
}
const code = (r: LightMyRequestResponse) => r.json().detail?.code as string
const message = (r: LightMyRequestResponse) => r.json().detail?.message as string

async function waitFor<T>(
  what: string,
  fn: () => Promise<T | undefined | null | false>,
  ms = 60_000,
): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = await fn()
    if (value) return value
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

function addMember(app: TestApp, workspaceOwner: TestUser, user: TestUser) {
  return joinWorkspaceOf(app.database.db, workspaceOwner, user)
}

beforeAll(async () => {
  tls = selfSignedCertificate('IP:127.0.0.1,DNS:localhost')
  receiver = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      })
      res.statusCode = req.url?.startsWith('/fail') ? 500 : 200
      res.end('{}')
    })
  })
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r))
  receiverPort = (receiver.address() as AddressInfo).port
  ;[t, strict] = await Promise.all([
    createTestApp({
      env: { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true', WEBHOOK_CA_FILE: tls.certPath },
    }),
    createTestApp(),
  ])
  owner = await createUser(t.app, t.database)
  member = await createUser(t.app, t.database)
  outsider = await createUser(t.app, t.database)
  await addMember(t, owner, member)
  strictOwner = await createUser(strict.app, strict.database)
}, 120_000)

afterAll(async () => {
  await Promise.all([t?.close(), strict?.close()])
  receiver?.closeAllConnections()
  await new Promise((r) => receiver?.close(r))
  tls?.remove()
})

describe('webhook addresses', () => {
  it('must be HTTPS', async () => {
    for (const url of ['http://example.com/hook', 'not a url', 'ftp://example.com/']) {
      const r = await call(strict, strictOwner, 'POST', '/v1/workspace/webhooks', {
        settings: { auth_type: 'hmac', name: 'Hook', webhook_url: url },
      })
      expect(r.statusCode).toBe(422)
      expect(message(r)).toBe('Please enter a valid HTTPS URL')
    }
  })

  it('refuses private, loopback and link-local addresses, also behind a host name', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://10.0.0.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[fd00::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      // IPv6 forms that carry a loopback IPv4 address: IPv4-compatible, NAT64, 6to4, Teredo
      'https://[::7f00:1]/hook',
      'https://[64:ff9b::7f00:1]/hook',
      'https://[2002:7f00:1::1]/hook',
      'https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hook',
      // resolves to 127.0.0.1 (and ::1): refused after the lookup, not by its name
      'https://localhost/hook',
    ]) {
      const r = await call(strict, strictOwner, 'POST', '/v1/workspace/webhooks', {
        settings: { auth_type: 'hmac', name: 'Hook', webhook_url: url },
      })
      expect(r.statusCode, url).toBe(422)
      expect(code(r), url).toBe('webhook_address_refused')
    }
    expect((await call(strict, strictOwner, 'GET', '/v1/workspace/webhooks')).json()).toEqual({
      webhooks: [],
    })
  })

  it('says so when the host of a valid URL does not resolve', async () => {
    const r = await call(strict, strictOwner, 'POST', '/v1/workspace/webhooks', {
      settings: { auth_type: 'hmac', name: 'Hook', webhook_url: 'https://no-such-host.invalid/hook' },
    })
    expect(r.statusCode).toBe(422)
    expect(code(r)).toBe('webhook_host_unresolved')
    expect(message(r)).toMatch(/could not be resolved/)
  })

  it('checks the address again at delivery, when a name has come to point at a private one', async () => {
    const ws = await strict.database.db
      .selectFrom('users')
      .select('workspace_id')
      .where('id', '=', strictOwner.userId)
      .executeTakeFirstOrThrow()
    // As if the name had resolved publicly when saved and was rebound afterwards.
    await strict.database.db
      .insertInto('webhooks')
      .values({
        id: 'rebound',
        workspace_id: ws.workspace_id as string,
        name: 'Rebound',
        url: `https://localhost:${receiverPort}/rebound`,
        auth_type: 'hmac',
        secret_sealed: 'v1.x.y.z',
        created_at: new Date(),
      })
      .execute()
    const sent = await call(strict, strictOwner, 'POST', '/v1/workspace/webhooks/rebound/test')
    expect(sent.statusCode).toBe(200)
    const deliveries = await waitFor('the refused delivery', async () => {
      const r = (await call(strict, strictOwner, 'GET', '/v1/workspace/webhooks/rebound/deliveries')).json()
      return r.deliveries[0]?.status === 'failed' ? r.deliveries : null
    })
    expect(deliveries[0]).toMatchObject({ attempts: 1, response_code: null })
    expect(deliveries[0].error).toMatch(/private, loopback/)
    expect(received.some((r) => r.path === '/rebound')).toBe(false)
  })

  it('asks OAuth2 and mTLS webhooks for an auth connection of their kind', async () => {
    for (const auth_type of ['oauth2', 'mtls']) {
      const r = await call(t, owner, 'POST', '/v1/workspace/webhooks', {
        settings: { auth_type, name: 'Hook', webhook_url: `https://127.0.0.1:${receiverPort}/x` },
      })
      expect(r.statusCode).toBe(422)
      expect(code(r)).toBe('webhook_auth_connection_required')
      const unknown = await call(t, owner, 'POST', '/v1/workspace/webhooks', {
        settings: {
          auth_type,
          name: 'Hook',
          webhook_url: `https://127.0.0.1:${receiverPort}/x`,
          auth_connection_id: 'nope',
        },
      })
      expect(unknown.statusCode).toBe(404)
      expect(code(unknown)).toBe('auth_connection_not_found')
    }
  })
})

describe('webhook deliveries', () => {
  it('sends a signed test event that the receiver can verify, and logs it', async () => {
    const created = await call(t, owner, 'POST', '/v1/workspace/webhooks', {
      settings: { auth_type: 'hmac', name: 'Receiver', webhook_url: `https://127.0.0.1:${receiverPort}/ok` },
    })
    expect(created.statusCode).toBe(200)
    const { webhook_id, webhook_secret } = created.json() as { webhook_id: string; webhook_secret: string }
    expect(webhook_secret).toMatch(/^wsec_[0-9a-f]{64}$/)
    // Stored sealed: the secret itself is nowhere in the row.
    const row = await t.database.db
      .selectFrom('webhooks')
      .selectAll()
      .where('id', '=', webhook_id)
      .executeTakeFirstOrThrow()
    expect(row.secret_sealed).not.toContain(webhook_secret.slice(5))
    expect(JSON.stringify((await call(t, owner, 'GET', '/v1/workspace/webhooks')).json())).not.toContain(
      webhook_secret,
    )

    const before = Math.floor(Date.now() / 1000)
    const sent = await call(t, owner, 'POST', `/v1/workspace/webhooks/${webhook_id}/test`)
    expect(sent.statusCode).toBe(200)
    const hit = await waitFor('the delivery', async () => received.find((r) => r.path === '/ok'))
    const header = String(hit.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()])
    const match = /^t=(\d+),v0=([0-9a-f]{64})$/.exec(header)
    expect(match).not.toBeNull()
    const [, ts, v0] = match as RegExpExecArray
    expect(Number(ts)).toBeGreaterThanOrEqual(before)
    expect(v0).toBe(createHmac('sha256', webhook_secret).update(`${ts}.${hit.body}`).digest('hex'))
    expect(v0).not.toBe(createHmac('sha256', 'wsec_wrong').update(`${ts}.${hit.body}`).digest('hex'))
    expect(JSON.parse(hit.body)).toMatchObject({ type: WEBHOOK_TEST_EVENT, data: { webhook_id } })

    const log = await waitFor('the log entry', async () => {
      const r = (await call(t, owner, 'GET', `/v1/workspace/webhooks/${webhook_id}/deliveries`)).json()
      return r.deliveries[0]?.status === 'delivered' ? r.deliveries : null
    })
    expect(log[0]).toMatchObject({
      event_type: WEBHOOK_TEST_EVENT,
      attempts: 1,
      response_code: 200,
      error: null,
    })
    expect(log[0].duration_ms).toBeGreaterThanOrEqual(0)
  })

  it('retries a failing receiver with backoff and switches the webhook off after repeated failures', async () => {
    const created = await call(t, owner, 'POST', '/v1/workspace/webhooks', {
      settings: { auth_type: 'hmac', name: 'Broken', webhook_url: `https://127.0.0.1:${receiverPort}/fail` },
    })
    const { webhook_id } = created.json() as { webhook_id: string }
    for (let i = 0; i < WEBHOOK_AUTO_DISABLE_AFTER_FAILURES; i++) {
      expect((await call(t, owner, 'POST', `/v1/workspace/webhooks/${webhook_id}/test`)).statusCode).toBe(200)
    }
    const listed = await waitFor(
      'the automatic switch-off',
      async () => {
        const r = (await call(t, owner, 'GET', '/v1/workspace/webhooks')).json()
        const w = r.webhooks.find((x: { webhook_id: string }) => x.webhook_id === webhook_id)
        return w?.is_auto_disabled ? w : null
      },
      150_000,
    )
    expect(listed).toMatchObject({ is_disabled: false, most_recent_failure_error_code: 500 })
    const attempts = received.filter((r) => r.path === '/fail')
    expect(attempts).toHaveLength(WEBHOOK_AUTO_DISABLE_AFTER_FAILURES * (WEBHOOK_DELIVERY_RETRIES + 1))
    // Each retry waited longer than the one before it.
    const log = (await call(t, owner, 'GET', `/v1/workspace/webhooks/${webhook_id}/deliveries`)).json()
      .deliveries
    expect(log).toHaveLength(WEBHOOK_AUTO_DISABLE_AFTER_FAILURES)
    for (const d of log) {
      expect(d).toMatchObject({
        status: 'failed',
        attempts: WEBHOOK_DELIVERY_RETRIES + 1,
        response_code: 500,
      })
      expect(d.updated_at_unix - d.created_at_unix).toBeGreaterThanOrEqual(1 + 2 + 4 - 1)
    }
    // A switched-off webhook gets nothing; switching it on again resumes deliveries.
    const count = received.length
    await call(t, owner, 'POST', `/v1/workspace/webhooks/${webhook_id}/test`)
    await waitFor('the skipped delivery', async () => {
      const r = (await call(t, owner, 'GET', `/v1/workspace/webhooks/${webhook_id}/deliveries`)).json()
      return r.deliveries[0]?.status === 'skipped'
    })
    expect(received.length).toBe(count)
    await call(t, owner, 'PATCH', `/v1/workspace/webhooks/${webhook_id}`, {
      name: 'Broken',
      is_disabled: false,
    })
    const again = (await call(t, owner, 'GET', '/v1/workspace/webhooks')).json()
    expect(
      again.webhooks.find((x: { webhook_id: string }) => x.webhook_id === webhook_id).is_auto_disabled,
    ).toBe(false)
  }, 200_000)
})

describe('the emit port', () => {
  it('sends an event to the enabled webhooks of the workspace subscribed to its kind', async () => {
    // The port as another module gets it, on the app's database and queue tables; the app's
    // own worker delivers what it queues.
    const queue = await startQueue(t.database)
    try {
      const port = createWebhooksModule({
        db: t.database.db,
        queue,
        secretKey: t.config.secretKey,
        options: t.config.webhooks,
      }).ports.webhooks
      const make = async (path: string, events: string[], is_disabled = false) => {
        const r = await call(t, owner, 'POST', '/v1/workspace/webhooks', {
          settings: {
            auth_type: 'hmac',
            name: path,
            webhook_url: `https://127.0.0.1:${receiverPort}${path}`,
          },
        })
        const body = r.json() as { webhook_id: string; webhook_secret: string }
        await call(t, owner, 'PATCH', `/v1/workspace/webhooks/${body.webhook_id}`, {
          name: path,
          is_disabled,
          events,
        })
        return body
      }
      const subscribed = await make('/stt', ['speech_to_text'])
      await make('/removals', ['voice_library_removal_notice'])
      await make('/stt-off', ['speech_to_text'], true)
      const ws = await t.database.db
        .selectFrom('users')
        .select('workspace_id')
        .where('id', '=', owner.userId)
        .executeTakeFirstOrThrow()
      const sent = await port.emit(ws.workspace_id as string, {
        type: 'speech_to_text',
        data: { transcription_id: 'tr_1', text: 'hello' },
      })
      expect(sent).toBe(1)
      const hit = await waitFor('the event', async () => received.find((r) => r.path === '/stt'))
      const { v0, ts } = /^t=(?<ts>\d+),v0=(?<v0>[0-9a-f]+)$/.exec(
        String(hit.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]),
      )?.groups ?? { v0: 'missing', ts: '0' }
      expect(v0).toBe(
        createHmac('sha256', subscribed.webhook_secret).update(`${ts}.${hit.body}`).digest('hex'),
      )
      expect(JSON.parse(hit.body)).toMatchObject({
        type: 'speech_to_text',
        data: { transcription_id: 'tr_1' },
      })
      // Another workspace's event reaches none of these.
      const other = await t.database.db
        .selectFrom('users')
        .select('workspace_id')
        .where('id', '=', outsider.userId)
        .executeTakeFirstOrThrow()
      expect(await port.emit(other.workspace_id as string, { type: 'speech_to_text', data: {} })).toBe(0)
      await new Promise((r) => setTimeout(r, 1500))
      expect(
        received.filter((r) => ['/stt', '/removals', '/stt-off'].includes(r.path)).map((r) => r.path),
      ).toEqual(['/stt'])
    } finally {
      await queue.stop()
    }
  }, 60_000)
})

describe('webhook access', () => {
  it('lets only admins manage webhooks and hides other workspaces', async () => {
    const created = await call(t, owner, 'POST', '/v1/workspace/webhooks', {
      settings: {
        auth_type: 'hmac',
        name: 'Admins only',
        webhook_url: `https://127.0.0.1:${receiverPort}/a`,
      },
    })
    const { webhook_id } = created.json() as { webhook_id: string }
    const byMember = [
      await call(t, member, 'POST', '/v1/workspace/webhooks', {
        settings: { auth_type: 'hmac', name: 'Mine', webhook_url: `https://127.0.0.1:${receiverPort}/m` },
      }),
      await call(t, member, 'PATCH', `/v1/workspace/webhooks/${webhook_id}`, {
        name: 'Taken',
        is_disabled: true,
      }),
      await call(t, member, 'DELETE', `/v1/workspace/webhooks/${webhook_id}`),
      await call(t, member, 'POST', `/v1/workspace/webhooks/${webhook_id}/test`),
      await call(t, member, 'GET', '/v1/workspace/webhooks'),
    ]
    for (const r of byMember) {
      expect(r.statusCode).toBe(403)
      expect(code(r)).toBe('workspace_admin_required')
    }
    const byOutsider = [
      await call(t, outsider, 'PATCH', `/v1/workspace/webhooks/${webhook_id}`, {
        name: 'Taken',
        is_disabled: true,
      }),
      await call(t, outsider, 'DELETE', `/v1/workspace/webhooks/${webhook_id}`),
      await call(t, outsider, 'POST', `/v1/workspace/webhooks/${webhook_id}/test`),
      await call(t, outsider, 'GET', `/v1/workspace/webhooks/${webhook_id}/deliveries`),
    ]
    for (const r of byOutsider) expect(r.statusCode).toBe(404)
    expect((await call(t, outsider, 'GET', '/v1/workspace/webhooks')).json()).toEqual({ webhooks: [] })
    const row = await t.database.db
      .selectFrom('webhooks')
      .selectAll()
      .where('id', '=', webhook_id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ name: 'Admins only', is_disabled: false })
    const rows = await t.database.db.selectFrom('webhooks').select('name').execute()
    expect(rows.map((r) => r.name)).not.toContain('Mine')
  })
})

describe('@elevenlabs/elevenlabs-js webhooks against Timbre', () => {
  it('creates, lists, updates and deletes', async () => {
    const key = await call(t, owner, 'POST', '/v1/user/api-keys', { name: 'sdk', permissions: ['workspace'] })
    expect(key.statusCode).toBe(201)
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const client = new ElevenLabsClient({ apiKey: key.json().api_key, baseUrl: address })
    const created = await client.webhooks.create({
      settings: { authType: 'hmac', name: 'SDK hook', webhookUrl: `https://127.0.0.1:${receiverPort}/sdk` },
    })
    expect(created.webhookId).toBeTruthy()
    expect(created.webhookSecret).toMatch(/^wsec_/)
    await client.webhooks.update(created.webhookId, {
      isDisabled: true,
      name: 'SDK hook renamed',
      events: ['speech_to_text'],
    })
    const listed = await client.webhooks.list({ includeUsages: true })
    const mine = listed.webhooks.find((w) => w.webhookId === created.webhookId)
    expect(mine).toMatchObject({
      name: 'SDK hook renamed',
      webhookUrl: `https://127.0.0.1:${receiverPort}/sdk`,
      isDisabled: true,
      isAutoDisabled: false,
      authType: 'hmac',
      events: ['speech_to_text'],
      usage: [{ usageType: 'Speech to Text' }],
    })
    expect(typeof mine?.createdAtUnix).toBe('number')
    expect((await client.webhooks.delete(created.webhookId)).status).toBe('ok')
    const after = await client.webhooks.list()
    expect(after.webhooks.some((w) => w.webhookId === created.webhookId)).toBe(false)
  })
})

describe('voice removal notices', () => {
  it('tells the workspaces keeping a library copy, and the voice’s own workspace when an admin deletes it', async () => {
    const hook = await call(t, owner, 'POST', '/v1/workspace/webhooks', {
      settings: {
        auth_type: 'hmac',
        name: 'Removals',
        webhook_url: `https://127.0.0.1:${receiverPort}/voice-removed`,
      },
    })
    const { webhook_id, webhook_secret } = hook.json() as { webhook_id: string; webhook_secret: string }
    await call(t, owner, 'PATCH', `/v1/workspace/webhooks/${webhook_id}`, {
      name: 'Removals',
      is_disabled: false,
      events: ['voice_library_removal_notice'],
    })
    const notices = () =>
      received
        .filter((r) => r.path === '/voice-removed')
        .map((r) => {
          const { ts } = /^t=(?<ts>\d+),/.exec(String(r.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]))
            ?.groups ?? { ts: '0' }
          const signed = `t=${ts},v0=${createHmac('sha256', webhook_secret).update(`${ts}.${r.body}`).digest('hex')}`
          expect(r.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]).toBe(signed)
          return JSON.parse(r.body) as { type: string; data: Record<string, unknown> }
        })

    // The outsider shares a voice in the library; the owner's workspace keeps a copy of it.
    const original = await createWorkspaceVoice(t.database.db, { userId: outsider.userId, name: 'Narrator' })
    expect(
      (await call(t, outsider, 'POST', `/v1/voices/${original.id}/sharing`, { status: 'enabled' }))
        .statusCode,
    ).toBe(200)
    const publicId = (
      await t.database.db
        .selectFrom('users')
        .select('public_user_id')
        .where('id', '=', outsider.userId)
        .executeTakeFirstOrThrow()
    ).public_user_id
    const copy = await call(t, owner, 'POST', `/v1/voices/add/${publicId}/${original.id}`, {
      new_name: 'Our narrator',
    })
    expect(copy.statusCode).toBe(200)
    const copyId = copy.json().voice_id as string

    // A voice the owner deletes themselves, nobody else using it: no notice.
    const own = await createWorkspaceVoice(t.database.db, { userId: owner.userId, name: 'Mine' })
    expect((await call(t, owner, 'DELETE', `/v1/voices/${own.id}`)).statusCode).toBe(200)

    expect((await call(t, outsider, 'DELETE', `/v1/voices/${original.id}`)).statusCode).toBe(200)
    const removed = await waitFor('the notice', async () => notices()[0])
    expect(removed).toMatchObject({
      type: 'voice_removed',
      data: {
        voice_id: copyId,
        voice_name: 'Our narrator',
        original_voice_id: original.id,
        reason: 'removed_by_owner',
      },
    })

    // An admin deletes a voice a member made: the workspace hears of it.
    const members = await createWorkspaceVoice(t.database.db, {
      userId: member.userId,
      workspaceId: await workspaceIdOf(t.database.db, owner.userId),
      name: 'Member voice',
    })
    expect((await call(t, owner, 'DELETE', `/v1/voices/${members.id}`)).statusCode).toBe(200)
    const byAdmin = await waitFor('the admin notice', async () => notices()[1])
    expect(byAdmin).toMatchObject({
      type: 'voice_removed',
      data: { voice_id: members.id, voice_name: 'Member voice', reason: 'removed_by_admin' },
    })
    await new Promise((r) => setTimeout(r, 1000))
    expect(notices()).toHaveLength(2)
    const logged = await call(t, owner, 'GET', `/v1/workspace/webhooks/${webhook_id}/deliveries`)
    expect(logged.statusCode).toBe(200)
  }, 90_000)
})
