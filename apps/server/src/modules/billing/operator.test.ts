import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// The operator API: promo codes and grant offers issued over HTTP with the operator token, and
// used at once by the customer calls (validation, checkout, grant acceptance).

const TOKEN = 'op_'.padEnd(40, 'k')
let t: TestApp
let off: TestApp

beforeAll(async () => {
  t = await createTestApp({ env: { OPERATOR_TOKEN: TOKEN } })
  off = await createTestApp()
})
afterAll(async () => {
  await t?.close()
  await off?.close()
})

const op = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, token = TOKEN) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  })

describe('the operator token', () => {
  it('is required, compared whole, and without it configured the routes do not exist', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/v1/operator/promo-codes' })
    expect([none.statusCode, none.json().detail.code]).toEqual([401, 'invalid_operator_token'])
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/)
    const wrong = await op('GET', '/v1/operator/promo-codes', undefined, `${TOKEN}x`)
    expect(wrong.statusCode).toBe(401)
    const prefix = await op('GET', '/v1/operator/promo-codes', undefined, TOKEN.slice(0, 20))
    expect(prefix.statusCode).toBe(401)
    // A signed-in user is not an operator.
    const user = await createUser(t.app, t.database)
    const asUser = await t.app.inject({ method: 'GET', url: '/v1/operator/grant-offers', headers: user.auth })
    expect(asUser.statusCode).toBe(401)
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/operator/promo-codes',
      headers: user.auth,
      payload: { code: 'USER-MADE', percent_off: 100 },
    })
    expect(created.statusCode).toBe(401)
    expect((await op('GET', '/v1/operator/promo-codes/USER-MADE')).statusCode).toBe(404)

    for (const url of ['/v1/operator/promo-codes', '/v1/operator/grant-offers']) {
      const absent = await off.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${TOKEN}` },
      })
      expect(absent.statusCode).toBe(404)
    }
  })
})

describe('promo codes', () => {
  it('are issued, validated by customers at once, listed by page and withdrawn', async () => {
    const made = await op('POST', '/v1/operator/promo-codes', {
      code: 'SPRING-25',
      percent_off: 25,
      duration_in_months: 3,
    })
    expect(made.statusCode).toBe(201)
    expect(made.json()).toMatchObject({
      code: 'SPRING-25',
      amount_off: null,
      percent_off: 25,
      duration_in_months: 3,
      expires_at_unix: null,
    })
    const generated = await op('POST', '/v1/operator/promo-codes', { amount_off: 9900 })
    expect(generated.json()).toMatchObject({ amount_off: 9900, duration_in_months: 1 })
    expect(generated.json().code).toMatch(/^PROMO-[A-Z0-9]{10}$/)

    const user = await createUser(t.app, t.database)
    const valid = await t.app.inject({
      method: 'POST',
      url: '/validate-promocode',
      headers: user.auth,
      payload: { promocode: 'SPRING-25' },
    })
    expect(valid.json()).toEqual({ valid: true, amount_off: null, percent_off: 25, duration_in_months: 3 })

    // Bad input: both or neither discount, a code that is no code, an expiry in the past, a duplicate.
    const both = await op('POST', '/v1/operator/promo-codes', { amount_off: 100, percent_off: 10 })
    expect(both.statusCode).toBe(422)
    expect((await op('POST', '/v1/operator/promo-codes', { duration_in_months: 2 })).statusCode).toBe(422)
    expect((await op('POST', '/v1/operator/promo-codes', { code: 'a b', percent_off: 5 })).statusCode).toBe(
      422,
    )
    expect((await op('POST', '/v1/operator/promo-codes', { percent_off: 101 })).statusCode).toBe(422)
    const past = await op('POST', '/v1/operator/promo-codes', {
      percent_off: 5,
      expires_at_unix: Math.floor(Date.now() / 1000) - 60,
    })
    expect([past.statusCode, past.json().detail.code]).toEqual([422, 'validation_error'])
    const again = await op('POST', '/v1/operator/promo-codes', { code: 'SPRING-25', percent_off: 50 })
    expect([again.statusCode, again.json().detail.code]).toEqual([409, 'promo_code_exists'])
    expect((await op('GET', '/v1/operator/promo-codes/SPRING-25')).json().percent_off).toBe(25)

    // An expiring code works until its time, then answers as expired.
    const soon = await op('POST', '/v1/operator/promo-codes', {
      code: 'SOON',
      amount_off: 500,
      expires_at_unix: Math.floor(Date.now() / 1000) + 3600,
    })
    expect(soon.json().expires_at_unix).toBeGreaterThan(Date.now() / 1000)

    const first = await op('GET', '/v1/operator/promo-codes?limit=2')
    expect(first.json()).toMatchObject({ has_more: true })
    expect(first.json().promo_codes).toHaveLength(2)
    const rest = await op('GET', `/v1/operator/promo-codes?limit=2&after=${first.json().last_code}`)
    const codes = [...first.json().promo_codes, ...rest.json().promo_codes].map(
      (p: { code: string }) => p.code,
    )
    expect(rest.json().has_more).toBe(false)
    expect(codes).toEqual([...codes].sort())
    expect(codes).toEqual(expect.arrayContaining(['SPRING-25', 'SOON', generated.json().code]))

    const gone = await op('DELETE', '/v1/operator/promo-codes/SPRING-25')
    expect(gone.json()).toEqual({ code: 'SPRING-25', deleted: true })
    expect((await op('DELETE', '/v1/operator/promo-codes/SPRING-25')).statusCode).toBe(404)
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/validate-promocode',
      headers: user.auth,
      payload: { promocode: 'SPRING-25' },
    })
    expect(invalid.json().valid).toBe(false)
  })
})

describe('grant offers', () => {
  it('are issued, accepted by a workspace once, and a redeemed one cannot be withdrawn', async () => {
    const made = await op('POST', '/v1/operator/grant-offers', { tier: 'grant_tier_2', duration_months: 6 })
    expect(made.statusCode).toBe(201)
    const code = made.json().code as string
    expect(made.json()).toMatchObject({
      tier: 'grant_tier_2',
      duration_months: 6,
      redeemed_workspace_id: null,
    })
    expect((await op('POST', '/v1/operator/grant-offers', { tier: 'pro' })).statusCode).toBe(422)
    expect((await op('POST', '/v1/operator/grant-offers', { code, tier: 'grant_tier_1' })).statusCode).toBe(
      409,
    )

    const user = await createUser(t.app, t.database)
    const session = await t.app.inject({
      method: 'POST',
      url: '/create-grant-acceptance-session',
      headers: user.auth,
      payload: { grant_code: code },
    })
    expect(session.statusCode).toBe(200)
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/v1/billing/grant-sessions/${session.json().session_id}/accept`,
      headers: user.auth,
    })
    expect(accepted.json().tier).toBe('grant_tier_2')

    const redeemed = await op('GET', `/v1/operator/grant-offers/${code}`)
    expect(redeemed.json().redeemed_workspace_id).toBeTruthy()
    expect(redeemed.json().redeemed_at_unix).toBeGreaterThan(0)
    const refused = await op('DELETE', `/v1/operator/grant-offers/${code}`)
    expect([refused.statusCode, refused.json().detail.code]).toEqual([409, 'grant_offer_redeemed'])

    const spare = await op('POST', '/v1/operator/grant-offers', { code: 'GRANT-SPARE', tier: 'grant_tier_1' })
    expect(spare.json().duration_months).toBe(12)
    const list = await op('GET', '/v1/operator/grant-offers')
    expect(list.json().grant_offers.map((g: { code: string }) => g.code)).toEqual(
      expect.arrayContaining([code, 'GRANT-SPARE']),
    )
    expect((await op('DELETE', '/v1/operator/grant-offers/GRANT-SPARE')).json().deleted).toBe(true)
    expect((await op('GET', '/v1/operator/grant-offers/GRANT-SPARE')).statusCode).toBe(404)
    expect((await op('DELETE', '/v1/operator/grant-offers/NOPE')).statusCode).toBe(404)
  })
})
