import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser, workspaceIdOf } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// Plans, checkout with the local test-mode provider, and plan changes, through the HTTP API on
// a real database.

let t: TestApp
const GOOD = '4242 4242 4242 4242'
const DECLINED = '4000000000000002'

beforeAll(async () => {
  t = await createTestApp()
  await t.database.db
    .insertInto('promo_codes')
    .values([
      { code: 'HALF', percent_off: 50, duration_in_months: 3 },
      { code: 'CREATOR-PROMO', amount_off: 2200, duration_in_months: 1 },
      { code: 'OLD', percent_off: 20, expires_at: new Date(Date.now() - 1000) },
    ])
    .execute()
})
afterAll(() => t?.close())

const post = (user: TestUser, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: user.auth, ...(payload ? { payload } : {}) })

async function payments(user: TestUser) {
  const workspaceId = await workspaceIdOf(t.database.db, user.userId)
  return t.database.db.selectFrom('payments').selectAll().where('workspace_id', '=', workspaceId).execute()
}

function sessionIdOf(url: string): string {
  return url.split('/').pop() ?? ''
}

async function subscribe(user: TestUser, tier: string, period = 'monthly_period', extra: object = {}) {
  const res = await post(user, '/create-checkout-session', {
    subscription_type: tier,
    billing_period: period,
    ...extra,
  })
  expect(res.statusCode, res.body).toBe(200)
  const id = sessionIdOf(res.json().url)
  const paid = await post(user, `/v1/billing/local/checkout/${id}/pay`, { card_number: GOOD })
  expect(paid.statusCode, paid.body).toBe(200)
  return paid.json()
}

describe('plan offers', () => {
  it('serves the pricing page without sign-in, in USD or EUR', async () => {
    const usd = await t.app.inject({ method: 'GET', url: '/v1/billing/plans' })
    expect(usd.statusCode).toBe(200)
    expect(usd.json().test_mode).toBe(true)
    expect(usd.json().plans.map((p: { id: string }) => p.id)).toEqual([
      'free',
      'starter',
      'creator',
      'pro',
      'scale',
      'business',
      'enterprise',
    ])
    const eur = await t.app.inject({ method: 'GET', url: '/v1/billing/plans?currency=eur' })
    expect(eur.json().plans[1]).toMatchObject({ currency: 'eur', pricing: { monthly: { price: 4.75 } } })
    const bad = await t.app.inject({ method: 'GET', url: '/v1/billing/plans?currency=gbp' })
    expect(bad.statusCode).toBe(422)
  })
})

describe('checkout', () => {
  it('refuses unknown plans and periods, a paid plan it cannot sell, and callers not signed in', async () => {
    const user = await createUser(t.app, t.database)
    for (const body of [
      { subscription_type: 'platinum', billing_period: 'monthly_period' },
      { subscription_type: 'creator', billing_period: 'weekly' },
      { subscription_type: 'enterprise', billing_period: 'monthly_period' },
      { subscription_type: 'free', billing_period: 'monthly_period' },
    ]) {
      const res = await post(user, '/create-checkout-session', body)
      expect(res.statusCode, JSON.stringify(body)).toBe(422)
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/create-checkout-session',
      payload: { subscription_type: 'creator', billing_period: 'monthly_period' },
    })
    expect(anonymous.statusCode).toBe(401)
  })

  it('charges the first-month price, refuses a declined card without writing anything, then subscribes once', async () => {
    const user = await createUser(t.app, t.database)
    const res = await post(user, '/create-checkout-session', {
      subscription_type: 'starter',
      billing_period: 'monthly_period',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().url).toMatch(/^http:\/\/timbre\.test\/checkout\/cs_/)
    const id = sessionIdOf(res.json().url)
    const page = await t.app.inject({
      method: 'GET',
      url: `/v1/billing/local/checkout/${id}`,
      headers: user.auth,
    })
    expect(page.json()).toMatchObject({
      status: 'open',
      amount_due_cents: 100,
      list_price_cents: 500,
      test_mode: true,
    })

    const declined = await post(user, `/v1/billing/local/checkout/${id}/pay`, { card_number: DECLINED })
    expect([declined.statusCode, declined.json().detail.code]).toEqual([402, 'card_declined'])
    const invalid = await post(user, `/v1/billing/local/checkout/${id}/pay`, { card_number: '1234' })
    expect(invalid.statusCode).toBe(422)
    expect(await payments(user)).toHaveLength(0)
    const still = await t.app.inject({ method: 'GET', url: '/v1/user/subscription', headers: user.auth })
    expect(still.json().tier).toBe('free')

    const paid = await post(user, `/v1/billing/local/checkout/${id}/pay`, { card_number: GOOD })
    expect(paid.statusCode).toBe(200)
    expect(paid.json()).toMatchObject({ tier: 'starter', status: 'active', billing_period: 'monthly_period' })
    const again = await post(user, `/v1/billing/local/checkout/${id}/pay`, { card_number: GOOD })
    expect(again.statusCode).toBe(200)
    expect((await payments(user)).map((p) => p.amount_cents)).toEqual([100])

    const sub = await t.app.inject({ method: 'GET', url: '/v1/user/subscription', headers: user.auth })
    expect(sub.json()).toMatchObject({ tier: 'starter', character_limit: 30_000, status: 'active' })
    const second = await post(user, '/create-checkout-session', {
      subscription_type: 'pro',
      billing_period: 'monthly_period',
    })
    expect([second.statusCode, second.json().detail.code]).toEqual([409, 'checkout_failed'])
  })

  it('gives one session and one subscription for two concurrent checkouts with one idempotency key', async () => {
    const user = await createUser(t.app, t.database)
    const body = { subscription_type: 'creator', billing_period: 'annual_period', idempotency_key: 'k-1' }
    const [a, b] = await Promise.all([
      post(user, '/create-checkout-session', body),
      post(user, '/create-checkout-session', body),
    ])
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])
    expect(a.json().url).toBe(b.json().url)
    const id = sessionIdOf(a.json().url)
    const pays = await Promise.all(
      [1, 2, 3].map(() => post(user, `/v1/billing/local/checkout/${id}/pay`, { card_number: GOOD })),
    )
    expect(pays.map((p) => p.statusCode)).toEqual([200, 200, 200])
    expect((await payments(user)).map((p) => p.amount_cents)).toEqual([22_000])
    const other = await post(user, '/create-checkout-session', { ...body, subscription_type: 'pro' })
    expect(other.statusCode).toBe(409)
  })

  it('applies a promo code, and refuses unknown and expired ones with the product texts', async () => {
    const user = await createUser(t.app, t.database)
    const unknown = await post(user, '/create-checkout-session', {
      subscription_type: 'creator',
      billing_period: 'monthly_period',
      promocode: 'NOPE',
    })
    expect([unknown.statusCode, unknown.json().detail.message]).toEqual([400, 'Invalid promocode'])
    const expired = await post(user, '/create-checkout-session', {
      subscription_type: 'creator',
      billing_period: 'monthly_period',
      promocode: 'OLD',
    })
    expect(expired.statusCode).toBe(400)
    expect(expired.json().detail).toMatchObject({
      code: 'coupon_expired',
      message: "This coupon has expired, please use a different one. We've removed it from your browser.",
    })
    const info = await subscribe(user, 'pro', 'monthly_period', { promocode: 'HALF' })
    expect(info.discount).toEqual({ coupon_id: 'HALF' })
    expect(info.next_invoice).toMatchObject({ discount_percent_off: 50, amount_due_cents: 4950 })
    expect((await payments(user)).map((p) => p.amount_cents)).toEqual([4950])
  })

  it('validates promo codes', async () => {
    const user = await createUser(t.app, t.database)
    const ok = await post(user, '/validate-promocode', { promocode: 'CREATOR-PROMO' })
    expect(ok.json()).toEqual({ valid: true, amount_off: 2200, percent_off: null, duration_in_months: 1 })
    for (const promocode of ['', 'OLD', 'NOPE']) {
      const res = await post(user, '/validate-promocode', { promocode })
      expect(res.json(), promocode).toEqual({
        valid: false,
        amount_off: null,
        percent_off: null,
        duration_in_months: null,
      })
    }
  })
})

describe('plan changes', () => {
  it('upgrades now with proration, once per idempotency key', async () => {
    const user = await createUser(t.app, t.database)
    await subscribe(user, 'starter', 'monthly_period', { no_default_promocode: true })
    const body = { subscription_type: 'creator', billing_period: 'monthly_period', idempotency_key: 'up-1' }
    const [a, b] = await Promise.all([
      post(user, '/change-subscription', body),
      post(user, '/change-subscription', body),
    ])
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])
    expect(a.json().tier).toBe('creator')
    const charged = (await payments(user)).map((p) => [p.kind, p.amount_cents])
    // Starter was paid a moment ago: almost all of its $5 is credited against Creator's $22.
    expect(charged).toHaveLength(2)
    expect(charged[0]).toEqual(['checkout', 500])
    expect(charged[1]?.[0]).toBe('upgrade')
    expect(Number(charged[1]?.[1])).toBeGreaterThanOrEqual(1700)
    expect(Number(charged[1]?.[1])).toBeLessThanOrEqual(1701)
    const sub = await t.app.inject({ method: 'GET', url: '/v1/user/subscription', headers: user.auth })
    expect(sub.json()).toMatchObject({ tier: 'creator', character_limit: 100_000 })
    const reused = await post(user, '/change-subscription', { ...body, subscription_type: 'pro' })
    expect(reused.statusCode).toBe(409)
  })

  it('schedules a downgrade for the period end, cancels it, and refuses the same plan', async () => {
    const user = await createUser(t.app, t.database)
    await subscribe(user, 'pro')
    const down = await post(user, '/change-subscription', {
      subscription_type: 'creator',
      billing_period: 'monthly_period',
    })
    expect(down.statusCode).toBe(200)
    expect(down.json().tier).toBe('pro')
    expect(down.json().pending_change).toMatchObject({ kind: 'change', next_tier: 'creator' })
    expect(down.json().pending_change.timestamp_seconds).toBe(down.json().current_period_end_unix)
    expect(down.json().next_invoice.amount_due_cents).toBe(2200)
    const repeat = await post(user, '/change-subscription', {
      subscription_type: 'creator',
      billing_period: 'monthly_period',
    })
    expect([repeat.statusCode, repeat.json().pending_change.next_tier]).toEqual([200, 'creator'])
    const undone = await post(user, '/cancel-downgrade')
    expect([undone.statusCode, undone.json().pending_change]).toEqual([200, null])
    const same = await post(user, '/change-subscription', {
      subscription_type: 'pro',
      billing_period: 'monthly_period',
    })
    expect([same.statusCode, same.json().detail.code]).toEqual([409, 'subscription_change_failed'])
    expect(same.json().detail.message).toMatch(/^Failed to change subscription/)
    expect(await payments(user)).toHaveLength(1)
  })

  it('schedules an annual to monthly switch as a downgrade', async () => {
    const user = await createUser(t.app, t.database)
    await subscribe(user, 'creator', 'annual_period')
    const res = await post(user, '/change-subscription', {
      subscription_type: 'creator',
      billing_period: 'monthly_period',
    })
    expect(res.json()).toMatchObject({
      billing_period: 'annual_period',
      pending_change: { kind: 'change', next_tier: 'creator', next_billing_period: 'monthly_period' },
    })
  })

  it('cancels at the period end and renews, and refuses both on the free plan', async () => {
    const user = await createUser(t.app, t.database)
    for (const url of ['/cancel-subscription', '/renew-subscription']) {
      const res = await post(user, url)
      expect([res.statusCode, res.json().detail.code]).toEqual([409, 'no_subscription'])
    }
    const change = await post(user, '/change-subscription', {
      subscription_type: 'pro',
      billing_period: 'monthly_period',
    })
    expect(change.statusCode).toBe(409)
    await subscribe(user, 'creator')
    const cancelled = await post(user, '/cancel-subscription')
    expect(cancelled.json()).toMatchObject({
      tier: 'creator',
      pending_change: { kind: 'cancellation', next_tier: 'free' },
    })
    expect(cancelled.json().next_invoice).toBeNull()
    expect((await post(user, '/cancel-subscription')).statusCode).toBe(200)
    const notDowngrade = await post(user, '/cancel-downgrade')
    expect(notDowngrade.statusCode).toBe(409)
    const renewed = await post(user, '/renew-subscription')
    expect([renewed.statusCode, renewed.json().pending_change]).toEqual([200, null])
    const info = await t.app.inject({
      method: 'GET',
      url: '/v1/billing/subscription-info',
      headers: user.auth,
    })
    expect(info.json()).toMatchObject({ tier: 'creator', pending_change: null, test_mode: true })
  })

  it('applies a retention discount to the next invoice', async () => {
    const user = await createUser(t.app, t.database)
    const free = await post(user, '/apply-discount', { discount_code: 'special-offer-50' })
    expect(free.statusCode).toBe(409)
    await subscribe(user, 'pro')
    const bad = await post(user, '/apply-discount', { discount_code: 'special-offer-99' })
    expect([bad.statusCode, bad.json().detail.code]).toEqual([400, 'invalid_discount_code'])
    const ok = await post(user, '/apply-discount', { discount_code: 'special-offer-50' })
    expect(ok.json().next_invoice).toMatchObject({ discount_percent_off: 50, amount_due_cents: 4950 })
  })
})
