import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { createUser, type TestUser } from '../../test/helpers/factories.js'
import { createTestApp, PUBLIC_URL, type TestApp } from '../../test/helpers/test-app.js'

// A browser attaches the session cookie to requests that other sites make. Writes and WebSocket
// upgrades that rely on the cookie alone must come from a page of this site.

const emma = PREMADE_VOICES.find((v) => v.name === 'Emma')!

describe('with PUBLIC_URL set', () => {
  let t: TestApp
  let user: TestUser
  let wsBase: string
  beforeAll(async () => {
    t = await createTestApp()
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address()
    wsBase = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
    user = await createUser(t.app, t.database)
  })
  afterAll(() => t?.close())

  const signedIn = async (cookie: string) =>
    (await t.app.inject({ url: '/v1/user', headers: { cookie } })).statusCode === 200

  it('a cross-origin text/plain POST with only the cookie does not sign the user out', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-out',
      headers: { cookie: user.cookie, origin: 'https://evil.example', 'content-type': 'text/plain' },
      payload: 'x',
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().detail).toMatchObject({ code: 'cross_site_request', type: 'authorization_error' })
    expect(await signedIn(user.cookie)).toBe(true)
  })

  it('a cookie-only write without an Origin header is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/user/set-locale',
      headers: { cookie: user.cookie },
      payload: { locale: 'de-DE' },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().detail.code).toBe('cross_site_request')
  })

  it('the cookie refresh is a write too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/refresh',
      headers: { cookie: user.cookie, origin: 'https://evil.example' },
      payload: {},
    })
    expect(res.statusCode).toBe(403)
    expect(await signedIn(user.cookie)).toBe(true)
  })

  it("a write from the site's own origin goes through", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/user/set-locale',
      headers: { cookie: user.cookie, origin: PUBLIC_URL },
      payload: { locale: 'de-DE' },
    })
    expect(res.statusCode).toBe(200)
  })

  it('bearer tokens and API keys are not affected by Origin', async () => {
    const withBearer = await t.app.inject({
      method: 'POST',
      url: '/v1/user/set-locale',
      headers: { ...user.auth, origin: 'https://other-app.example' },
      payload: { locale: 'fr-FR' },
    })
    expect(withBearer.statusCode).toBe(200)
    const key = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/user/api-keys',
        headers: user.auth,
        payload: { name: 'tool' },
      })
    ).json().api_key
    const withKey = await t.app.inject({
      method: 'POST',
      url: '/v1/user/set-locale',
      headers: { 'xi-api-key': key, origin: 'https://other-app.example' },
      payload: { locale: 'fr-FR' },
    })
    expect(withKey.statusCode).toBe(200)
  })

  it('the page opened at another address of this server gets told which address to use', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/user/set-locale',
      headers: { cookie: user.cookie, origin: 'http://10.0.0.5:8080', host: '10.0.0.5:8080' },
      payload: { locale: 'de-DE' },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().detail).toMatchObject({
      code: 'wrong_site_address',
      message: `This page was opened at http://10.0.0.5:8080, but Timbre is configured to be reached at ${PUBLIC_URL} (PUBLIC_URL). Open Timbre at that address.`,
    })
  })

  it('sign-up from a page at another address explains PUBLIC_URL instead of "not this site"', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-up',
      headers: { host: '10.0.0.5:8080', origin: 'http://10.0.0.5:8080' },
      payload: {
        email: 'lan-user@example.com',
        password: 'lan user pass 1',
        continue_url: 'http://10.0.0.5:8080/sign-in',
      },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().detail).toMatchObject({
      code: 'wrong_site_address',
      param: 'continue_url',
      message: `This page was opened at http://10.0.0.5:8080, but Timbre is configured to be reached at ${PUBLIC_URL} (PUBLIC_URL). Open Timbre at that address.`,
    })
  })

  it('the session cookie lives no longer than the session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-in',
      payload: { email: user.email, password: user.password },
    })
    const cookie = res.cookies.find((c) => c.name === 'timbre_session')!
    const session = await t.database.db
      .selectFrom('sessions')
      .select('refresh_expires_at')
      .where('user_id', '=', user.userId)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow()
    const sessionSeconds = (session.refresh_expires_at.getTime() - Date.now()) / 1000
    expect(cookie.maxAge).toBeDefined()
    expect(cookie.maxAge!).toBeLessThanOrEqual(Math.ceil(sessionSeconds) + 1)
    if (cookie.expires)
      expect(cookie.expires.getTime()).toBeLessThanOrEqual(session.refresh_expires_at.getTime() + 1000)
  })

  function openSocket(headers: Record<string, string>, origin: string) {
    const socket = new WebSocket(`${wsBase}/v1/text-to-speech/${emma.voice_id}/stream-input`, {
      headers,
      origin,
    })
    const messages: string[] = []
    socket.on('message', (data) => messages.push(data.toString()))
    const outcome = new Promise<{ opened: boolean; status?: number }>((resolve) => {
      socket.on('open', () => resolve({ opened: true }))
      socket.on('unexpected-response', (_req, res) => resolve({ opened: false, status: res.statusCode }))
      socket.on('error', () => resolve({ opened: false }))
    })
    return { socket, messages, outcome }
  }

  it('a cookie-only WebSocket from a foreign Origin is refused before any audio', async () => {
    const foreign = openSocket({ cookie: user.cookie }, 'https://evil.example')
    foreign.socket.on('open', () => foreign.socket.send(JSON.stringify({ text: 'Stolen credits. ' })))
    const result = await foreign.outcome
    expect(result).toEqual({ opened: false, status: 403 })
    await new Promise((r) => setTimeout(r, 200))
    expect(foreign.messages).toEqual([])
    foreign.socket.terminate()

    const own = openSocket({ cookie: user.cookie }, PUBLIC_URL)
    expect((await own.outcome).opened).toBe(true)
    own.socket.close()
  })
})

describe('without PUBLIC_URL', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: undefined } })
  })
  afterAll(() => t?.close())

  it('sign-up from http://<machine address>:8080 works and mail links lead back there', async () => {
    const email = 'first-run@example.com'
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-up',
      headers: { host: '10.0.0.5:8080', origin: 'http://10.0.0.5:8080' },
      payload: { email, password: 'first run pass 1', continue_url: 'http://10.0.0.5:8080/sign-in' },
    })
    expect(res.statusCode).toBe(201)
    const row = await t.database.db
      .selectFrom('outbox_messages')
      .select('text_body')
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow()
    expect(row.text_body).toContain('http://10.0.0.5:8080/action?mode=verifyEmail')
    expect(row.text_body).toContain(`continueUrl=${encodeURIComponent('http://10.0.0.5:8080/sign-in')}`)
  })

  it('still refuses a continue_url of another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/send-password-reset-email',
      headers: { host: '10.0.0.5:8080' },
      payload: { email: 'first-run@example.com', continue_url: 'https://evil.example/x' },
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().detail.param).toBe('continue_url')
  })

  it("the allowed Origin is the request's own host", async () => {
    const user = await createUser(t.app, t.database)
    const write = (origin: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/user/set-locale',
        headers: { cookie: user.cookie, origin, host: '10.0.0.5:8080' },
        payload: { locale: 'de-DE' },
      })
    expect((await write('http://10.0.0.5:8080')).statusCode).toBe(200)
    const foreign = await write('http://evil.example')
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json().detail.code).toBe('cross_site_request')
    expect((await write('http://10.0.0.5:9999')).statusCode).toBe(403)
  })
})
