import { PROMO_FAILURE_LIMIT } from '@timbre/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// Promo codes against guessing and overuse: wrong codes are limited per account and per client
// address, a code can be capped, and each account redeems a code once, also when many pay at
// the same moment.

const TOKEN = 'op_'.padEnd(40, 'p')
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ env: { OPERATOR_TOKEN: TOKEN } })
})
afterAll(() => t?.close())

const op = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${TOKEN}` },
    ...(payload ? { payload } : {}),
  })
const post = (user: TestUser, url: string, payload: object, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url, headers: user.auth, payload, remoteAddress })
const validate = (user: TestUser, promocode: string, remoteAddress?: string) =>
  post(user, '/validate-promocode', { promocode }, remoteAddress)

async function checkoutWith(user: TestUser, promocode: string): Promise<string> {
  const res = await post(user, '/create-checkout-session', {
    subscription_type: 'creator',
    billing_period: 'monthly_period',
    promocode,
  })
  expect(res.statusCode, res.body).toBe(200)
  return String(res.json().url).split('/').pop() ?? ''
}

describe('guessing promo codes', () => {
  it('stops an account and an address after the limit of wrong codes, also for a right one', async () => {
    const real = (
      await op('POST', '/v1/operator/promo-codes', { percent_off: 100, duration_in_months: 12 })
    ).json()
    const guesser = await createUser(t.app, t.database)
    for (let i = 0; i < PROMO_FAILURE_LIMIT; i++) {
      const r = await validate(guesser, `GUESS-${i}`, '198.51.100.7')
      expect([r.statusCode, r.json().valid]).toEqual([200, false])
    }
    const stopped = await validate(guesser, real.code, '198.51.100.7')
    expect(stopped.statusCode).toBe(429)
    expect(stopped.json().detail.code).toBe('too_many_attempts')
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0)
    // The account is stopped from another address too, and so is checkout with a code.
    expect((await validate(guesser, real.code, '203.0.113.9')).statusCode).toBe(429)
    const checkout = await post(
      guesser,
      '/create-checkout-session',
      { subscription_type: 'creator', billing_period: 'monthly_period', promocode: 'GUESS-X' },
      '203.0.113.9',
    )
    expect(checkout.statusCode).toBe(429)
    // Another account from the guessing address is stopped; from elsewhere it is not.
    const neighbour = await createUser(t.app, t.database)
    expect((await validate(neighbour, real.code, '198.51.100.7')).statusCode).toBe(429)
    const elsewhere = await validate(neighbour, real.code, '192.0.2.44')
    expect([elsewhere.statusCode, elsewhere.json().valid]).toEqual([200, true])
    // An empty code costs nothing.
    const calm = await createUser(t.app, t.database)
    for (let i = 0; i < PROMO_FAILURE_LIMIT + 2; i++)
      expect((await validate(calm, '', '192.0.2.45')).statusCode).toBe(200)
  })
})

describe('redemption limits', () => {
  it('lets exactly as many redeem a capped code as the cap says, when they pay at once', async () => {
    const created = await op('POST', '/v1/operator/promo-codes', {
      percent_off: 100,
      duration_in_months: 12,
      max_redemptions: 2,
    })
    expect(created.statusCode, created.body).toBe(201)
    const { code } = created.json()
    expect(created.json()).toMatchObject({ max_redemptions: 2, redemptions: 0 })
    const buyers = await Promise.all(Array.from({ length: 5 }, () => createUser(t.app, t.database)))
    const sessions: string[] = []
    for (const buyer of buyers) sessions.push(await checkoutWith(buyer, code))
    const paid = await Promise.all(
      buyers.map((buyer, i) =>
        post(buyer, `/v1/billing/local/checkout/${sessions[i]}/pay`, { card_number: '4242 4242 4242 4242' }),
      ),
    )
    const outcomes = paid.map((r) => (r.statusCode === 200 ? 'paid' : r.json().detail.code)).sort()
    expect(outcomes).toEqual(['paid', 'paid', 'promocode_used_up', 'promocode_used_up', 'promocode_used_up'])
    const payments = await t.database.db
      .selectFrom('payments')
      .innerJoin('checkout_sessions', 'checkout_sessions.workspace_id', 'payments.workspace_id')
      .select('payments.id')
      .where('checkout_sessions.promocode', '=', code)
      .execute()
    expect(payments).toHaveLength(2)
    expect((await op('GET', `/v1/operator/promo-codes/${code}`)).json()).toMatchObject({ redemptions: 2 })
    // Used up: a new customer is told so, and the check says it is not valid.
    const late = await createUser(t.app, t.database)
    expect((await validate(late, code, '192.0.2.60')).json().valid).toBe(false)
    const refused = await post(late, '/create-checkout-session', {
      subscription_type: 'creator',
      billing_period: 'monthly_period',
      promocode: code,
    })
    expect(refused.json().detail.code).toBe('promocode_used_up')
  })

  it('redeems a code once per account', async () => {
    const { code } = (
      await op('POST', '/v1/operator/promo-codes', { percent_off: 50, duration_in_months: 1 })
    ).json()
    const buyer = await createUser(t.app, t.database)
    const session = await checkoutWith(buyer, code)
    const paid = await post(buyer, `/v1/billing/local/checkout/${session}/pay`, {
      card_number: '4242 4242 4242 4242',
    })
    expect(paid.statusCode, paid.body).toBe(200)
    expect((await validate(buyer, code, '192.0.2.61')).json().valid).toBe(false)
    const rows = await t.database.db
      .selectFrom('promo_code_redemptions')
      .select(['workspace_id', 'user_id'])
      .where('code', '=', code)
      .execute()
    expect(rows).toEqual([{ workspace_id: expect.any(String), user_id: buyer.userId }])
  })
})
