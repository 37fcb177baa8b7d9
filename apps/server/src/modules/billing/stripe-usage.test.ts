import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser, workspaceIdOf } from '../../../test/helpers/factories.js'
import { type StripeApiServer, startStripeApiServer } from '../../../test/helpers/stripe-api-server.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { createBillingModule } from './billing.module.js'
import { REPORT_RESEND_WINDOW_MS } from './renewals.service.js'
import { OVERAGE_METER_EVENT } from './stripe-provider.js'

// Usage-based billing on Stripe: usage above the credits is reported to a Billing Meter by the
// billing job, once per usage period, through a retried job, a lost answer and two workers.
// The real `stripe` client talks to a Stripe-protocol server the test starts.

const WEBHOOK_SECRET = 'whsec_usage_secret_for_timbre'
let t: TestApp
let api: StripeApiServer
const signer = new Stripe('sk_test_signer')

beforeAll(async () => {
  api = await startStripeApiServer()
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_usage',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: api.url,
    },
  })
})
afterAll(async () => {
  await t?.close()
  await api?.close()
})

/** The billing job's handler with the Stripe provider, on the same database, at a chosen time. */
const runJobAt = (now: Date) =>
  createBillingModule({ db: t.database.db, stripe: t.config.stripe }).ports.renewals.runDue(now)

const post = (user: TestUser, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: user.auth, ...(payload ? { payload } : {}) })

async function deliver(type: string, object: object) {
  const payload = JSON.stringify({
    id: `evt_${type}_${Date.now()}_${Math.random()}`,
    object: 'event',
    type,
    api_version: '2025-10-29.clover',
    created: Math.floor(Date.now() / 1000),
    data: { object },
  })
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/billing/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    payload,
  })
  expect(res.statusCode, res.body).toBe(200)
}

async function workspaceOf(user: TestUser) {
  return workspaceIdOf(t.database.db, user.userId)
}

async function row(user: TestUser) {
  return t.database.db
    .selectFrom('subscriptions')
    .selectAll()
    .where('workspace_id', '=', await workspaceOf(user))
    .executeTakeFirstOrThrow()
}

async function reports(user: TestUser) {
  return t.database.db
    .selectFrom('usage_reports')
    .selectAll()
    .where('workspace_id', '=', await workspaceOf(user))
    .orderBy('created_at')
    .execute()
}

async function use(user: TestUser, characters: number) {
  await t.database.db
    .updateTable('subscriptions')
    .set({ character_count: characters })
    .where('workspace_id', '=', await workspaceOf(user))
    .execute()
}

/** A Creator subscriber on Stripe with usage-based billing on (the card verified at Stripe). */
async function meteredSubscriber(subscriptionId: string, customerId: string): Promise<TestUser> {
  const user = await createUser(t.app, t.database)
  const res = await post(user, '/create-checkout-session', {
    subscription_type: 'creator',
    billing_period: 'monthly_period',
  })
  expect(res.statusCode, res.body).toBe(200)
  const checkout = await t.database.db
    .selectFrom('checkout_sessions')
    .selectAll()
    .where('workspace_id', '=', await workspaceOf(user))
    .executeTakeFirstOrThrow()
  await deliver('checkout.session.completed', {
    id: checkout.provider_session_id,
    object: 'checkout.session',
    mode: 'subscription',
    customer: customerId,
    subscription: subscriptionId,
    amount_total: checkout.amount_due_cents,
    invoice: `in_${subscriptionId}`,
    metadata: { session_id: checkout.id, workspace_id: checkout.workspace_id },
  })
  expect((await post(user, '/verify-card')).json()).toEqual({ verified: true, brand: 'visa', last4: '4242' })
  const on = await post(user, '/v1/billing/usage-based-billing', { enabled: true })
  expect(on.statusCode, on.body).toBe(200)
  return user
}

const eventsFor = (customerId: string) =>
  api.meterEvents.filter((e) => e.payload.stripe_customer_id === customerId)

describe('usage above the credits on Stripe', () => {
  it('is reported once per usage period to a Billing Meter, however often the job runs', async () => {
    const user = await meteredSubscriber('sub_metered', 'cus_metered')
    // 1,000 characters above Creator's 100,000: $0.30 at Creator's extra-character price.
    await use(user, 101_000)
    const boundary = (await row(user)).next_reset_at
    const after = new Date(boundary.getTime() + 1000)
    // Two workers at once, then the job again (a retry): one report.
    await Promise.all([runJobAt(after), runJobAt(after)])
    await runJobAt(new Date(after.getTime() + 60_000))

    const events = eventsFor('cus_metered')
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ event_name: OVERAGE_METER_EVENT, payload: { value: '30' } })
    // Timed inside the period it belongs to, so it lands on that period's invoice.
    expect(events[0]?.timestamp).toBe(Math.floor(boundary.getTime() / 1000) - 1)
    const sent = api.calls.filter((c) => c.path === '/v1/billing/meter_events')
    expect(sent.filter((c) => c.form.identifier === events[0]?.identifier)).toHaveLength(1)
    expect(await reports(user)).toMatchObject([
      {
        status: 'reported',
        amount_cents: 30,
        characters: 1000,
        attempts: 1,
        provider_reference: events[0]?.identifier,
      },
    ])
    // The meter, its metered price and the subscription's metered item were set up once.
    expect(api.calls.filter((c) => c.method === 'POST' && c.path === '/v1/billing/meters')).toHaveLength(1)
    const price = api.calls.find(
      (c) => c.method === 'POST' && c.form.lookup_key === 'timbre_overage_monthly_period_usd',
    )
    expect(price?.form).toMatchObject({
      unit_amount: '1',
      'recurring[usage_type]': 'metered',
      'recurring[interval]': 'month',
    })
    const items = api.calls.filter((c) => c.path === '/v1/subscription_items')
    expect(items.map((c) => c.form.subscription)).toEqual(['sub_metered'])
    // Nothing was charged by us: Stripe invoices it.
    const payments = await t.database.db
      .selectFrom('payments')
      .select('kind')
      .where('workspace_id', '=', await workspaceOf(user))
      .execute()
    expect(payments.map((p) => p.kind)).toEqual(['checkout'])
    // The credits moved on: nothing above them is left to report.
    expect(await row(user)).toMatchObject({ character_count: 0 })

    // The next period's usage is a new report; the metered item is not added again.
    await use(user, 102_000)
    const next = (await row(user)).next_reset_at
    await runJobAt(new Date(next.getTime() + 1000))
    expect(eventsFor('cus_metered').map((e) => e.payload.value)).toEqual(['30', '60'])
    expect(api.calls.filter((c) => c.path === '/v1/subscription_items')).toHaveLength(1)
  })

  it('sends the same identifier again when the answer was lost, and Stripe counts it once', async () => {
    const user = await meteredSubscriber('sub_lost', 'cus_lost')
    await use(user, 100_500)
    const boundary = (await row(user)).next_reset_at
    const after = new Date(boundary.getTime() + 1000)
    // Stripe counts the event, but neither the call nor the client's own retry hears back (as
    // when the process dies before it could note the report).
    api.dropMeterEventAnswers(2)
    await runJobAt(after)
    let [report] = await reports(user)
    expect(report).toMatchObject({ status: 'pending', attempts: 1 })
    expect(eventsFor('cus_lost')).toHaveLength(1)
    // Before the retry time nothing is sent; after it, the same identifier again.
    await runJobAt(new Date(after.getTime() + 30_000))
    expect((await reports(user))[0]?.attempts).toBe(1)
    await runJobAt(new Date(after.getTime() + 61_000))
    ;[report] = await reports(user)
    expect(report).toMatchObject({ status: 'reported', attempts: 2 })
    const sent = api.calls.filter(
      (c) => c.path === '/v1/billing/meter_events' && c.form.identifier === report?.id,
    )
    expect(sent.length).toBeGreaterThanOrEqual(3)
    expect(eventsFor('cus_lost')).toHaveLength(1)
    expect(eventsFor('cus_lost')[0]?.payload.value).toBe('15')
  })

  it('never re-sends a report the provider may no longer recognise: it waits for review', async () => {
    const user = await meteredSubscriber('sub_stale', 'cus_stale')
    await use(user, 101_000)
    const boundary = (await row(user)).next_reset_at
    const after = new Date(boundary.getTime() + 1000)
    api.dropMeterEventAnswers(2)
    await runJobAt(after)
    const before = api.calls.length
    await runJobAt(new Date(after.getTime() + REPORT_RESEND_WINDOW_MS + 60_000))
    expect((await reports(user))[0]).toMatchObject({ status: 'needs_review', attempts: 2 })
    expect(api.calls.slice(before).filter((c) => c.path === '/v1/billing/meter_events')).toHaveLength(0)
  })
})
