import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

describe('health, config and documentation', () => {
  it('/healthz and /readyz answer', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' })
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({
      status: 'ready',
      database: true,
      queue: true,
    })
  })

  it('every response carries a request-id, and an incoming one is kept', async () => {
    const res = await t.app.inject({ url: '/healthz', headers: { 'request-id': 'abc123' } })
    expect(res.headers['request-id']).toBe('abc123')
  })

  it('/openapi.json documents the public paths and /docs renders it', async () => {
    const doc = (await t.app.inject({ url: '/openapi.json' })).json()
    expect(doc.openapi).toBe('3.1.0')
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v1/auth/sign-up',
        '/v1/auth/sign-in',
        '/v1/user',
        '/v1/user/api-keys',
        '/v1/user/api-keys/{key_id}',
      ]),
    )
    const docs = await t.app.inject({ url: '/docs/' })
    expect(docs.statusCode).toBe(200)
    expect(docs.headers['content-type']).toContain('text/html')
  })

  it('/docs is branded Timbre and documents the WebSocket protocol', async () => {
    const docs = await t.app.inject({ url: '/docs/' })
    expect(docs.body).toContain('<title>Timbre API</title>')
    expect(docs.body).not.toContain('Swagger UI</title>')
    const { info } = (await t.app.inject({ url: '/openapi.json' })).json()
    expect(info.title).toBe('Timbre API')
    for (const term of [
      'stream-input',
      'try_trigger_generation',
      'flush',
      '"text": ""',
      'isFinal',
      'normalizedAlignment',
      '1008',
    ]) {
      expect(info.description).toContain(term)
    }
  })

  it('/v1/config tells whether SMTP is configured', async () => {
    expect((await t.app.inject({ url: '/v1/config' })).json()).toMatchObject({
      smtp_configured: false,
      locales: expect.arrayContaining(['ja-JP']),
    })
  })

  it('without SMTP, mail lands in the local mailbox, readable from this machine only', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-up',
      payload: { email: 'box@example.com', password: 'mailbox 1234' },
    })
    let messages: Array<{ to: string; subject: string; text: string }> = []
    for (let i = 0; i < 75 && messages.length === 0; i++) {
      messages = (await t.app.inject({ url: '/v1/local-mailbox' })).json().messages
      if (messages.length === 0) await new Promise((r) => setTimeout(r, 200))
    }
    expect(messages[0]).toMatchObject({ to: 'box@example.com', subject: 'Verify your email for Timbre' })
    expect(messages[0]!.text).toContain('/action?mode=verifyEmail&oobCode=')
    const remote = await t.app.inject({ url: '/v1/local-mailbox', remoteAddress: '203.0.113.9' })
    expect(remote.statusCode).toBe(404)
  })

  it('/v1/config states the size of the premade library as the voice listing shows it', async () => {
    const { catalogue } = (await t.app.inject({ url: '/v1/config' })).json() as {
      catalogue: { voices: number; languages: number }
    }
    const user = await createUser(t.app, t.database)
    const listed = await t.app.inject({
      url: '/v2/voices?voice_type=default&page_size=100',
      headers: user.auth,
    })
    const voices = listed.json().voices as Array<{ language: string | null }>
    expect(catalogue.voices).toBe(voices.length)
    expect(catalogue.languages).toBe(new Set(voices.map((v) => v.language)).size)
    expect(catalogue.languages).toBeGreaterThan(1)
  })
})
