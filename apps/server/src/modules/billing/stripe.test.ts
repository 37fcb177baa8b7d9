import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser, workspaceIdOf } from '../../../test/helpers/factories.js'
import { type StripeApiServer, startStripeApiServer } from '../../../test/helpers/stripe-api-server.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// The Stripe provider: the real `stripe` client sends its calls to a Stripe-protocol server the
// test starts (which records them), and the webhook endpoint gets events signed with the stripe
// package's own test helper.

const WEBHOOK_SECRET = 'whsec_test_secret_for_timbre'
let t: TestApp
let api: StripeApiServer
const signer = new Stripe('sk_test_signer')

beforeAll(async () => {
  api = await startStripeApiServer()
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_timbre',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: api.url,
    },
  })
})
afterAll(async () => {
  await t?.close()
  await api?.close()
})

const post = (user: TestUser, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: user.auth, ...(payload ? { payload } : {}) })

let eventCounter = 0
function event(type: string, object: object, id = `evt_${++eventCounter}_${Date.now()}`) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2025-10-29.clover',
    created: Math.floor(Date.now() / 1000),
    data: { object },
  })
}

function deliver(payload: string, signature?: string) {
  const header = signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })
  return t.app.inject({
    method: 'POST',
    url: '/v1/billing/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  })
}

async function row(user: TestUser) {
  const workspaceId = await workspaceIdOf(t.database.db, user.userId)
  return t.database.db
    .selectFrom('subscriptions')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow()
}

async function payments(user: TestUser) {
  const workspaceId = await workspaceIdOf(t.database.db, user.userId)
  return t.database.db
    .selectFrom('payments')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at')
    .execute()
}

const callsTo = (method: string, path: string | RegExp) =>
  api.calls.filter(
    (c) => c.method === method && (typeof path === 'string' ? c.path === path : path.test(c.path)),
  )

/** Checkout through Stripe, completed by its signed webhook. */
async function subscribeThroughStripe(user: TestUser, subscriptionId: string) {
  const res = await post(user, '/create-checkout-session', {
    subscription_type: 'creator',
    billing_period: 'monthly_period',
  })
  expect(res.statusCode, res.body).toBe(200)
  const checkout = await t.database.db
    .selectFrom('checkout_sessions')
    .selectAll()
    .where('workspace_id', '=', await workspaceIdOf(t.database.db, user.userId))
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow()
  const completed = event('checkout.session.completed', {
    id: checkout.provider_session_id,
    object: 'checkout.session',
    mode: 'subscription',
    customer: 'cus_1',
    subscription: subscriptionId,
    amount_total: checkout.amount_due_cents,
    invoice: `in_${subscriptionId}`,
    metadata: { session_id: checkout.id, workspace_id: checkout.workspace_id },
  })
  const delivered = await deliver(completed)
  expect(delivered.statusCode, delivered.body).toBe(200)
  return { res, completed, checkout }
}

describe('Stripe checkout and webhook', () => {
  it('builds the checkout session, applies the completed event once, refuses bad signatures', async () => {
    const user = await createUser(t.app, t.database)
    const { res, completed, checkout } = await subscribeThroughStripe(user, 'sub_first')
    expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_stripe_/)

    const priceCreate = callsTo('POST', '/v1/prices')[0]
    expect(priceCreate?.form).toMatchObject({
      lookup_key: 'timbre_creator_monthly_period_usd',
      currency: 'usd',
      unit_amount: '2200',
      'recurring[interval]': 'month',
    })
    expect(priceCreate?.authorization).toBe('Bearer sk_test_timbre')
    // The first month costs $11: a one-off coupon for the $11 difference.
    expect(callsTo('POST', '/v1/coupons')[0]?.form).toMatchObject({ amount_off: '1100', duration: 'once' })
    const session = callsTo('POST', '/v1/checkout/sessions')[0]
    expect(session?.idempotencyKey).toBe(`checkout:${checkout.id}`)
    expect(session?.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][quantity]': '1',
      client_reference_id: checkout.workspace_id,
      customer_email: user.email,
      'metadata[session_id]': checkout.id,
      'subscription_data[metadata][tier]': 'creator',
      success_url: 'http://timbre.test/subscription?checkout=success',
    })
    expect(session?.form['discounts[0][coupon]']).toMatch(/^coupon_/)

    expect(await row(user)).toMatchObject({
      tier: 'creator',
      status: 'active',
      payment_provider: 'stripe',
      provider_customer_id: 'cus_1',
      provider_subscription_id: 'sub_first',
      character_limit: 100_000,
    })
    expect((await payments(user)).map((p) => [p.kind, p.amount_cents])).toEqual([['checkout', 1100]])

    // The same event again (a redelivery, or a replay) is received and changes nothing.
    const replay = await deliver(completed)
    expect([replay.statusCode, replay.json().applied]).toEqual([200, false])
    expect(await payments(user)).toHaveLength(1)
    // Two redeliveries at once: still one payment.
    const again = event('checkout.session.completed', JSON.parse(completed).data.object)
    const both = await Promise.all([deliver(again), deliver(again)])
    expect(both.map((r) => r.statusCode)).toEqual([200, 200])
    expect(await payments(user)).toHaveLength(1)

    const forged = await deliver(
      completed,
      signer.webhooks.generateTestHeaderString({ payload: completed, secret: 'whsec_wrong' }),
    )
    expect([forged.statusCode, forged.json().detail.code]).toEqual([400, 'invalid_webhook_signature'])
    const tampered = await deliver(
      completed.replace('"creator"', '"pro"').replace('sub_first', 'sub_other'),
      signer.webhooks.generateTestHeaderString({ payload: completed, secret: WEBHOOK_SECRET }),
    )
    expect(tampered.statusCode).toBe(400)
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/v1/billing/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: completed,
    })
    expect(unsigned.statusCode).toBe(400)
    // The local provider's checkout page does not exist in Stripe mode.
    const local = await post(user, `/v1/billing/local/checkout/${checkout.id}/pay`, {
      card_number: '4242424242424242',
    })
    expect(local.statusCode).toBe(404)
  })
})

describe('Stripe subscription changes', () => {
  it('upgrades with proration and one idempotency key, schedules a downgrade, cancels, opens the portal', async () => {
    const user = await createUser(t.app, t.database)
    await subscribeThroughStripe(user, 'sub_changes')
    const before = api.calls.length

    const body = {
      subscription_type: 'pro',
      billing_period: 'monthly_period',
      idempotency_key: 'stripe-up-1',
    }
    const [a, b] = await Promise.all([
      post(user, '/v1/billing/upgrade-subscription', body),
      post(user, '/v1/billing/upgrade-subscription', body),
    ])
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])
    const updates = api.calls
      .slice(before)
      .filter((c) => c.method === 'POST' && c.path === '/v1/subscriptions/sub_changes')
    expect(updates).toHaveLength(1)
    expect(updates[0]?.form).toMatchObject({
      'items[0][id]': 'si_sub_changes',
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
    })
    expect(updates[0]?.idempotencyKey).toMatch(/^upgrade:.+:stripe-up-1$/)
    let upgrade = (await payments(user)).find((p) => p.kind === 'upgrade')
    expect(upgrade?.status).toBe('pending')
    const paid = await deliver(
      event('invoice.paid', {
        id: 'in_upgrade',
        object: 'invoice',
        billing_reason: 'subscription_update',
        subscription: 'sub_changes',
        amount_paid: 7700,
        amount_due: 7700,
        currency: 'usd',
      }),
    )
    expect(paid.json().applied).toBe(true)
    upgrade = (await payments(user)).find((p) => p.kind === 'upgrade')
    expect(upgrade?.status).toBe('paid')

    const down = await post(user, '/change-subscription', {
      subscription_type: 'starter',
      billing_period: 'monthly_period',
    })
    expect(down.statusCode, down.body).toBe(200)
    expect(callsTo('POST', '/v1/subscription_schedules').at(-1)?.form).toEqual({
      from_subscription: 'sub_changes',
    })
    const phases = callsTo('POST', /^\/v1\/subscription_schedules\/sub_sched_\d+$/).at(-1)?.form ?? {}
    expect(phases).toMatchObject({ end_behavior: 'release', 'phases[1][items][0][quantity]': '1' })
    const schedule = (await row(user)).provider_schedule_id
    expect(schedule).toMatch(/^sub_sched_/)

    const undo = await post(user, '/cancel-downgrade')
    expect(undo.statusCode).toBe(200)
    expect(callsTo('POST', `/v1/subscription_schedules/${schedule}/release`)).toHaveLength(1)

    const cancel = await post(user, '/cancel-subscription')
    expect(cancel.json().pending_change).toMatchObject({ kind: 'cancellation' })
    expect(callsTo('POST', '/v1/subscriptions/sub_changes').at(-1)?.form).toEqual({
      cancel_at_period_end: 'true',
    })
    const renew = await post(user, '/renew-subscription')
    expect(renew.json().pending_change).toBeNull()
    expect(callsTo('POST', '/v1/subscriptions/sub_changes').at(-1)?.form).toEqual({
      cancel_at_period_end: 'false',
    })

    const portal = await post(user, '/create-portal-session')
    expect(portal.json()).toEqual({ url: 'https://billing.stripe.test/p/session' })
    expect(callsTo('POST', '/v1/billing_portal/sessions').at(-1)?.form).toEqual({
      customer: 'cus_1',
      return_url: 'http://timbre.test/subscription',
    })
    const methods = await post(user, '/create-update-payment-methods-session')
    expect(methods.statusCode).toBe(200)
    expect(callsTo('POST', '/v1/checkout/sessions').at(-1)?.form).toMatchObject({
      mode: 'setup',
      customer: 'cus_1',
    })
    const verify = await post(user, '/verify-card')
    expect(verify.json()).toEqual({ verified: true, brand: 'visa', last4: '4242' })
  })

  it('calls Stripe outside any transaction: a slow upgrade blocks no other writer and charges once', async () => {
    const user = await createUser(t.app, t.database)
    const other = await createUser(t.app, t.database)
    await subscribeThroughStripe(user, 'sub_slow')
    await subscribeThroughStripe(other, 'sub_other_slow')
    const before = api.calls.length
    api.delaySubscriptionUpdates(1500)
    const body = { subscription_type: 'pro', billing_period: 'monthly_period', idempotency_key: 'slow-1' }
    const started = Date.now()
    const upgrades = Promise.all([
      post(user, '/v1/billing/upgrade-subscription', body),
      post(user, '/change-subscription', body),
    ])
    // While Stripe takes its time, another workspace's write goes through at once.
    await new Promise((resolve) => setTimeout(resolve, 300))
    const writeStarted = Date.now()
    const discount = await post(other, '/apply-discount', { discount_code: 'special-offer-30' })
    const writeMs = Date.now() - writeStarted
    const [a, b] = await upgrades
    const upgradeMs = Date.now() - started
    api.delaySubscriptionUpdates(0)
    expect(discount.statusCode, discount.body).toBe(200)
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])
    expect(upgradeMs).toBeGreaterThanOrEqual(1500)
    expect(writeMs).toBeLessThan(1000)
    const updates = api.calls
      .slice(before)
      .filter(
        (c) => c.method === 'POST' && c.path === '/v1/subscriptions/sub_slow' && c.form['items[0][price]'],
      )
    expect(updates).toHaveLength(1)
    const made = (await payments(user)).filter((p) => p.kind === 'upgrade')
    expect(made.map((p) => [p.idempotency_key, p.status])).toEqual([['slow-1', 'pending']])
    expect((await row(user)).tier).toBe('pro')
    expect((await row(user)).change_lease_token).toBeNull()
  })

  it("finishes an upgrade whose process died after Stripe answered: the retry is Stripe's replay, no second charge", async () => {
    const user = await createUser(t.app, t.database)
    await subscribeThroughStripe(user, 'sub_crash')
    const workspaceId = await workspaceIdOf(t.database.db, user.userId)
    // What the dead process did: recorded its intent and asked Stripe, which moved the plan.
    const client = new Stripe('sk_test_timbre', {
      host: '127.0.0.1',
      port: Number(new URL(api.url).port),
      protocol: 'http',
    })
    const price = api.calls.find(
      (c) =>
        c.method === 'POST' &&
        c.path === '/v1/prices' &&
        c.form.lookup_key === 'timbre_pro_monthly_period_usd',
    )
    const proPrice =
      price === undefined
        ? (
            await client.prices.create({
              lookup_key: 'timbre_pro_monthly_period_usd',
              currency: 'usd',
              unit_amount: 9900,
              recurring: { interval: 'month' },
              product_data: { name: 'Pro' },
            })
          ).id
        : (await client.prices.list({ lookup_keys: ['timbre_pro_monthly_period_usd'] })).data[0]?.id
    await client.subscriptions.update(
      'sub_crash',
      { items: [{ id: 'si_sub_crash', price: proPrice ?? '' }], proration_behavior: 'always_invoice' },
      { idempotencyKey: `upgrade:${workspaceId}:crash-1` },
    )
    await t.database.db
      .insertInto('payments')
      .values({
        id: 'pay_crashed_intent',
        workspace_id: workspaceId,
        idempotency_key: 'crash-1',
        kind: 'upgrade',
        provider: 'stripe',
        amount_cents: 7700,
        currency: 'usd',
        tier: 'pro',
        billing_period: 'monthly_period',
        provider_reference: null,
        created_at: new Date(),
        status: 'processing',
        period_start: new Date(),
      })
      .execute()
    const before = api.calls.length
    const retry = await post(user, '/v1/billing/upgrade-subscription', {
      subscription_type: 'pro',
      billing_period: 'monthly_period',
      idempotency_key: 'crash-1',
    })
    expect(retry.statusCode, retry.body).toBe(200)
    const asked = api.calls
      .slice(before)
      .filter((c) => c.path === '/v1/subscriptions/sub_crash' && c.method === 'POST')
    // Asked again with the same key: Stripe answers with its first answer, nothing new happens.
    expect(asked.map((c) => c.idempotencyKey)).toEqual([`upgrade:${workspaceId}:crash-1`])
    const upgrades = (await payments(user)).filter((p) => p.kind === 'upgrade')
    expect(upgrades.map((p) => [p.id, p.status])).toEqual([['pay_crashed_intent', 'pending']])
    expect((await row(user)).tier).toBe('pro')
    // A later retry changes nothing and asks Stripe nothing.
    const again = api.calls.length
    await post(user, '/v1/billing/upgrade-subscription', {
      subscription_type: 'pro',
      billing_period: 'monthly_period',
      idempotency_key: 'crash-1',
    })
    expect(api.calls.slice(again).filter((c) => c.path === '/v1/subscriptions/sub_crash')).toHaveLength(0)
  })

  it('a declined upgrade changes and charges nothing', async () => {
    const user = await createUser(t.app, t.database)
    await subscribeThroughStripe(user, 'sub_declined')
    api.declineNextSubscriptionUpdate()
    const res = await post(user, '/change-subscription', {
      subscription_type: 'pro',
      billing_period: 'monthly_period',
      idempotency_key: 'declined-1',
    })
    expect([res.statusCode, res.json().detail.code]).toEqual([402, 'card_declined'])
    expect((await row(user)).tier).toBe('creator')
    expect((await payments(user)).map((p) => p.kind)).toEqual(['checkout'])
  })

  it('follows the subscription through its events: renewal failed, paid, cancelled at the end, deleted', async () => {
    const user = await createUser(t.app, t.database)
    await subscribeThroughStripe(user, 'sub_events')
    const failed = await deliver(
      event('invoice.payment_failed', {
        id: 'in_cycle_1',
        object: 'invoice',
        billing_reason: 'subscription_cycle',
        parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_events' } },
        amount_paid: 0,
        amount_due: 2200,
        currency: 'usd',
        period_start: Math.floor(Date.now() / 1000),
        period_end: Math.floor(Date.now() / 1000) + 30 * 86400,
      }),
    )
    expect(failed.json().applied).toBe(true)
    expect((await row(user)).status).toBe('past_due')
    expect((await payments(user)).at(-1)).toMatchObject({
      kind: 'renewal',
      status: 'open',
      amount_cents: 2200,
    })
    const sub = await t.app.inject({ method: 'GET', url: '/v1/user/subscription', headers: user.auth })
    expect(sub.json().has_open_invoices).toBe(true)

    await deliver(
      event('invoice.paid', {
        id: 'in_cycle_1',
        object: 'invoice',
        billing_reason: 'subscription_cycle',
        parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_events' } },
        amount_paid: 2200,
        amount_due: 2200,
        currency: 'usd',
      }),
    )
    expect((await row(user)).status).toBe('active')
    expect((await payments(user)).filter((p) => p.status === 'open')).toHaveLength(0)

    const end = Math.floor(Date.now() / 1000) + 20 * 86400
    await deliver(
      event('customer.subscription.updated', {
        id: 'sub_events',
        object: 'subscription',
        status: 'active',
        customer: 'cus_1',
        cancel_at_period_end: true,
        cancel_at: end,
        schedule: null,
        metadata: {},
        items: {
          object: 'list',
          data: [
            {
              id: 'si_1',
              price: { id: 'price_x', lookup_key: 'timbre_pro_annual_period_usd' },
              current_period_start: end - 365 * 86400,
              current_period_end: end,
            },
          ],
        },
      }),
    )
    const updated = await row(user)
    expect(updated).toMatchObject({
      tier: 'pro',
      billing_period: 'annual_period',
      pending_change_kind: 'cancellation',
      character_limit: 500_000,
    })
    expect(Math.floor((updated.current_period_end as Date).getTime() / 1000)).toBe(end)

    await deliver(
      event('customer.subscription.deleted', {
        id: 'sub_events',
        object: 'subscription',
        status: 'canceled',
        metadata: {},
        items: { data: [] },
      }),
    )
    expect(await row(user)).toMatchObject({ tier: 'free', status: 'free', provider_subscription_id: null })
    // An event of a type we do not act on is still acknowledged (Stripe stops retrying it).
    const other = await deliver(event('customer.created', { id: 'cus_2', object: 'customer' }))
    expect([other.statusCode, other.json().applied]).toEqual([200, true])
  })
})

/** The workspace's plan changes as its admin reads them in the audit log, oldest first. */
async function planAudit(user: TestUser) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/v1/workspace/audit-logs?activity_name=subscription_changed',
    headers: user.auth,
  })
  expect(res.statusCode, res.body).toBe(200)
  return (res.json().entries as { actor: Record<string, unknown>; unmapped: Record<string, unknown> }[])
    .map((e) => ({ actor: e.actor, details: e.unmapped }))
    .reverse()
}

function subscriptionObject(id: string, lookupKey: string) {
  const now = Math.floor(Date.now() / 1000)
  return {
    id,
    object: 'subscription',
    status: 'active',
    customer: 'cus_1',
    cancel_at_period_end: false,
    cancel_at: null,
    schedule: null,
    metadata: {},
    items: {
      object: 'list',
      data: [
        {
          id: `si_${id}`,
          price: { id: 'price_y', lookup_key: lookupKey },
          current_period_start: now,
          current_period_end: now + 30 * 86400,
        },
      ],
    },
  }
}

describe('Stripe events in the audit log', () => {
  it('records each plan change from a Stripe event once, with Stripe as the actor', async () => {
    const user = await createUser(t.app, t.database)
    const { completed } = await subscribeThroughStripe(user, 'sub_audited')
    const stripeActor = { app_name: 'Stripe', user: { type: 'User', type_id: 1 } }
    expect(await planAudit(user)).toEqual([
      {
        actor: stripeActor,
        details: { action: 'checkout', from_tier: 'free', tier: 'creator', billing_period: 'monthly_period' },
      },
    ])
    const replay = await deliver(completed)
    expect([replay.statusCode, replay.json().applied]).toEqual([200, false])
    expect(await planAudit(user)).toHaveLength(1)

    const updated = event(
      'customer.subscription.updated',
      subscriptionObject('sub_audited', 'timbre_pro_monthly_period_usd'),
    )
    expect((await deliver(updated)).json().applied).toBe(true)
    expect((await row(user)).tier).toBe('pro')
    const change = {
      actor: stripeActor,
      details: { action: 'change', from_tier: 'creator', tier: 'pro', billing_period: 'monthly_period' },
    }
    expect((await planAudit(user)).slice(1)).toEqual([change])
    // The same event replayed, twice at once, and a new event that changes nothing: no new entry.
    const replays = await Promise.all([deliver(updated), deliver(updated)])
    expect(replays.map((r) => [r.statusCode, r.json().applied])).toEqual([
      [200, false],
      [200, false],
    ])
    const same = event(
      'customer.subscription.updated',
      subscriptionObject('sub_audited', 'timbre_pro_monthly_period_usd'),
    )
    expect((await deliver(same)).json().applied).toBe(true)
    expect((await planAudit(user)).slice(1)).toEqual([change])
  })

  it('records the subscription ending when Stripe deletes it, once', async () => {
    const user = await createUser(t.app, t.database)
    await subscribeThroughStripe(user, 'sub_audited_end')
    const deleted = event('customer.subscription.deleted', {
      ...subscriptionObject('sub_audited_end', 'timbre_creator_monthly_period_usd'),
      status: 'canceled',
    })
    expect((await deliver(deleted)).json().applied).toBe(true)
    expect((await row(user)).tier).toBe('free')
    const ended = {
      actor: { app_name: 'Stripe', user: { type: 'User', type_id: 1 } },
      details: { action: 'ended', from_tier: 'creator', tier: 'free' },
    }
    expect((await planAudit(user)).slice(1)).toEqual([ended])
    expect((await deliver(deleted)).json().applied).toBe(false)
    expect((await planAudit(user)).slice(1)).toEqual([ended])
  })
})
