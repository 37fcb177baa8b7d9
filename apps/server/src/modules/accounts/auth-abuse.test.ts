import { REFRESH_REUSE_GRACE_SECONDS } from '@timbre/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

const post = (url: string, payload: Record<string, unknown>, remoteAddress = '127.0.0.1', headers = {}) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress, headers })

describe('rate limits key on the real peer address', () => {
  it('25 sign-ups from one peer with a different X-Forwarded-For each hit the 20 per minute limit', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 25; i++) {
      const res = await post(
        '/v1/auth/sign-up',
        { email: `flood${i}@example.com`, password: 'flood pass 1' },
        '198.51.100.77',
        { 'x-forwarded-for': `10.1.${i}.${i}` },
      )
      statuses.push(res.statusCode)
      if (res.statusCode === 429) expect(res.json().detail.code).toBe('rate_limited')
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(20)
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429])
  })
})

describe('sign-in throttling per account and client address', () => {
  const email = 'owner@example.com'
  const password = 'owner password 1'
  const attacker = '203.0.113.66'
  beforeAll(async () => {
    expect((await post('/v1/auth/sign-up', { email, password })).statusCode).toBe(201)
  })

  it('an attacker elsewhere is slowed down but cannot lock the owner out', async () => {
    for (let i = 0; i < 5; i++) {
      const wrong = await post('/v1/auth/sign-in', { email, password: `guess ${i} x1` }, attacker)
      expect(wrong.statusCode).toBe(401)
    }
    for (let i = 0; i < 5; i++) {
      const blocked = await post('/v1/auth/sign-in', { email, password: `guess more ${i}` }, attacker)
      expect(blocked.statusCode).toBe(429)
      expect(blocked.json().detail).toMatchObject({
        code: 'too_many_attempts',
        message: 'Too many attempts, please try again in a few minutes',
      })
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    }
    // Even the right password from the attacker's address waits.
    expect((await post('/v1/auth/sign-in', { email, password }, attacker)).statusCode).toBe(429)

    const owner = await post('/v1/auth/sign-in', { email, password }, '198.51.100.20')
    expect(owner.statusCode).toBe(200)
    expect(owner.json().access_token).toBeTruthy()
  })

  it('the wait doubles with each further failure from that address', async () => {
    const address = '203.0.113.99'
    const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000)
    const failures = (count: number, lastSecondsAgo: number) =>
      t.database.db
        .insertInto('sign_in_failures')
        .values(
          Array.from({ length: count }, (_, i) => ({
            email,
            client_address: address,
            at: at(lastSecondsAgo + (count - 1 - i)),
          })),
        )
        .execute()
    const clear = () =>
      t.database.db.deleteFrom('sign_in_failures').where('client_address', '=', address).execute()

    // 5 failures, the last 45 s ago: the first wait (30 s) is over.
    await failures(5, 45)
    expect((await post('/v1/auth/sign-in', { email, password }, address)).statusCode).toBe(200)
    // A success forgets that address's failures; 6 failures, the last 45 s ago: 60 s to wait.
    await failures(6, 45)
    expect((await post('/v1/auth/sign-in', { email, password }, address)).statusCode).toBe(429)
    await clear()
    // 6 failures, the last 75 s ago: over.
    await failures(6, 75)
    expect((await post('/v1/auth/sign-in', { email, password }, address)).statusCode).toBe(200)
  })
})

describe('refresh token reuse', () => {
  it('reusing a rotated refresh token ends the whole session', async () => {
    const email = 'family@example.com'
    const password = 'family pass 1'
    expect((await post('/v1/auth/sign-up', { email, password })).statusCode).toBe(201)
    const first = (await post('/v1/auth/sign-in', { email, password })).json()

    const rotated = await post('/v1/auth/refresh', { refresh_token: first.refresh_token })
    expect(rotated.statusCode).toBe(200)
    const second = rotated.json()
    const bearer = { authorization: `Bearer ${second.access_token}` }
    expect((await t.app.inject({ url: '/v1/user', headers: bearer })).statusCode).toBe(200)

    // Presented again after the grace window that covers two tabs refreshing together.
    await t.database.db
      .updateTable('retired_refresh_tokens')
      .set({ retired_at: new Date(Date.now() - (REFRESH_REUSE_GRACE_SECONDS + 1) * 1000) })
      .execute()
    const reused = await post('/v1/auth/refresh', { refresh_token: first.refresh_token })
    expect(reused.statusCode).toBe(401)
    expect(reused.json().detail.code).toBe('invalid_refresh_token')

    // The token the thief or the owner got from the rotation is dead too.
    const afterReuse = await post('/v1/auth/refresh', { refresh_token: second.refresh_token })
    expect(afterReuse.statusCode).toBe(401)
    expect((await t.app.inject({ url: '/v1/user', headers: bearer })).statusCode).toBe(401)
    const cookie = await t.app.inject({ url: '/v1/user', cookies: { timbre_session: second.refresh_token } })
    expect(cookie.statusCode).toBe(401)
  })

  it('a second refresh with the same token at the same moment is refused but ends nothing', async () => {
    const email = 'two-tabs@example.com'
    const password = 'two tabs pass 1'
    expect((await post('/v1/auth/sign-up', { email, password })).statusCode).toBe(201)
    const first = (await post('/v1/auth/sign-in', { email, password })).json()
    const [a, b] = await Promise.all([
      post('/v1/auth/refresh', { refresh_token: first.refresh_token }),
      post('/v1/auth/refresh', { refresh_token: first.refresh_token }),
    ])
    const statuses = [a.statusCode, b.statusCode].sort()
    expect(statuses).toEqual([200, 401])
    const winner = (a.statusCode === 200 ? a : b).json()
    const again = await post('/v1/auth/refresh', { refresh_token: first.refresh_token })
    expect(again.statusCode).toBe(401)
    // The tab that won keeps its session.
    const next = await post('/v1/auth/refresh', { refresh_token: winner.refresh_token })
    expect(next.statusCode).toBe(200)
  })

  it('other sessions of the same user live on', async () => {
    const email = 'two-devices@example.com'
    const password = 'two devices 1'
    expect((await post('/v1/auth/sign-up', { email, password })).statusCode).toBe(201)
    const laptop = (await post('/v1/auth/sign-in', { email, password })).json()
    const phone = (await post('/v1/auth/sign-in', { email, password })).json()
    await post('/v1/auth/refresh', { refresh_token: laptop.refresh_token })
    await post('/v1/auth/refresh', { refresh_token: laptop.refresh_token })
    const res = await t.app.inject({
      url: '/v1/user',
      headers: { authorization: `Bearer ${phone.access_token}` },
    })
    expect(res.statusCode).toBe(200)
  })
})
