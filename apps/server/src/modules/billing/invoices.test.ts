import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// The invoices list of the subscription page: the workspace's own payments, newest first.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

const post = (user: TestUser, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: user.auth, payload })
const invoices = (user: TestUser) =>
  t.app.inject({ method: 'GET', url: '/v1/billing/invoices', headers: user.auth })

async function subscribe(user: TestUser, tier: string, card = '4242 4242 4242 4242') {
  const res = await post(user, '/create-checkout-session', {
    subscription_type: tier,
    billing_period: 'monthly_period',
    currency: 'eur',
  })
  expect(res.statusCode, res.body).toBe(200)
  const id = String(res.json().url).split('/').pop()
  return post(user, `/v1/billing/local/checkout/${id}/pay`, { card_number: card })
}

describe('GET /v1/billing/invoices', () => {
  it('lists the checkout and a prorated upgrade, newest first, and nothing for a declined card', async () => {
    const user = await createUser(t.app, t.database)
    const empty = await invoices(user)
    expect(empty.statusCode).toBe(200)
    expect(empty.json()).toEqual({ invoices: [] })

    const declined = await subscribe(user, 'creator', '4000 0000 0000 0002')
    expect(declined.statusCode).toBe(402)
    expect((await invoices(user)).json().invoices).toEqual([])

    const paid = await subscribe(user, 'creator')
    expect(paid.statusCode, paid.body).toBe(200)
    const upgrade = await post(user, '/change-subscription', {
      subscription_type: 'pro',
      billing_period: 'annual_period',
    })
    expect(upgrade.statusCode, upgrade.body).toBe(200)

    const list = (await invoices(user)).json().invoices
    expect(list).toHaveLength(2)
    const [latest, first] = list
    expect(first).toMatchObject({
      amount_cents: 1045, // the first-month offer in EUR
      currency: 'eur',
      status: 'paid',
      kind: 'checkout',
      tier: 'creator',
      billing_period: 'monthly_period',
      description: 'Creator plan, billed monthly',
    })
    // A month later, on the same day of the month.
    const start = new Date(first.period.start_unix * 1000)
    const end = new Date(first.period.end_unix * 1000)
    expect(end.getUTCMonth()).toBe((start.getUTCMonth() + 1) % 12)
    expect(first.created_unix).toBe(first.period.start_unix)

    expect(latest).toMatchObject({
      kind: 'upgrade',
      tier: 'pro',
      billing_period: 'annual_period',
      description: 'Pro plan, billed yearly (upgrade, prorated)',
    })
    // The yearly Pro price less the unused part of the Creator month.
    expect(latest.amount_cents).toBeGreaterThanOrEqual(94_000 - 2100)
    expect(latest.amount_cents).toBeLessThanOrEqual(94_000)
    expect(latest.period.end_unix - latest.period.start_unix).toBeGreaterThanOrEqual(365 * 86400)
    expect(latest.created_unix).toBeGreaterThanOrEqual(first.created_unix)
  })

  it('shows a workspace only its own invoices, and needs a signed-in user (not an API key)', async () => {
    const payer = await createUser(t.app, t.database)
    const other = await createUser(t.app, t.database)
    expect((await subscribe(payer, 'starter')).statusCode).toBe(200)
    expect((await invoices(payer)).json().invoices).toHaveLength(1)
    expect((await invoices(other)).json().invoices).toEqual([])
    const anonymous = await t.app.inject({ method: 'GET', url: '/v1/billing/invoices' })
    expect(anonymous.statusCode).toBe(401)
  })
})
