import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { characterCount, setPlan, setProPlan } from '../../../test/helpers/plans.js'
import { type StripeApiServer, startStripeApiServer } from '../../../test/helpers/stripe-api-server.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { multipartBody, toneWav } from '../../../test/helpers/voice-factory.js'
import { createBillingModule } from '../billing/billing.module.js'
import { createClaimsRepository } from './claims.repository.js'
import { sweepDeadlines } from './deadlines.use-case.js'
import { createMachineTranscriptsRepository } from './machine-transcripts.repository.js'
import { createOrdersRepository } from './orders.repository.js'
import type { ProductionsDeps } from './productions-deps.js'

// Paying an order by card on the checkout page: the built-in test page (the test cards) and
// Stripe Checkout in payment mode (the real stripe client against a Stripe-protocol server the
// test starts, and its signed webhook). The order goes to work once the payment is recorded,
// exactly once; credits are refused while the page is open; an order whose page is never paid
// is cancelled when its window closes, and revived if the money comes after all; a payment
// whose notice was lost is found by the deadline sweep instead of cancelling the order.

const WEBHOOK_SECRET = 'whsec_productions_checkout'
const signer = new Stripe('sk_test_signer')

interface Ctx {
  t: TestApp
  customer: TestUser
  workspaceId: string
}

const as = (t: TestApp, user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) })

async function setUp(env: Record<string, string> = {}): Promise<Ctx> {
  const t = await createTestApp({ env })
  const customer = await createUser(t.app, t.database)
  const workspaceId = await setProPlan(t.database, customer.userId)
  return { t, customer, workspaceId }
}

async function placeOrder(ctx: Ctx, name: string) {
  const { payload, headers } = await multipartBody({ source_language: 'en', custom_name: name }, [
    { field: 'file', name: `${name}.wav`, data: toneWav(1), type: 'audio/wav' },
  ])
  const placed = await ctx.t.app.inject({
    method: 'POST',
    url: `/v1/productions/workspace/${ctx.workspaceId}/tasks/register`,
    payload,
    headers: { ...ctx.customer.auth, ...headers },
  })
  expect(placed.statusCode, placed.body).toBe(201)
  return placed.json() as { description_id: string; order_id: string; quote: { total_cents: number } }
}

const pay = (ctx: Ctx, orderId: string, method: 'credits' | 'checkout') =>
  as(ctx.t, ctx.customer, 'POST', `/v1/productions/workspace/${ctx.workspaceId}/orders/${orderId}/pay`, {
    method,
  })
const taskOf = async (ctx: Ctx, id: string) =>
  (await as(ctx.t, ctx.customer, 'GET', `/v1/productions/workspace/${ctx.workspaceId}/tasks/${id}`)).json()
const payPage = (ctx: Ctx, user: TestUser, purchaseId: string, card: string) =>
  as(ctx.t, user, 'POST', `/v1/billing/local/purchases/${purchaseId}/pay`, { card_number: card })

/**
 * The deadline sweep as the scheduled job runs it, over the same database and billing; the
 * machine transcripts it queues are recorded here rather than run.
 */
async function sweep(ctx: Ctx) {
  const db = ctx.t.database.db
  const billing = createBillingModule({ db })
  const queued: unknown[] = []
  const deps = {
    orders: createOrdersRepository(db),
    claims: createClaimsRepository(db),
    machine: createMachineTranscriptsRepository(db),
    queue: { send: async (name: string, payload: unknown) => queued.push([name, payload]) },
    purchases: billing.ports.purchases,
    now: () => new Date(),
  } as unknown as ProductionsDeps
  return { ...(await sweepDeadlines(deps)), queued }
}

// One app on the built-in provider for the local page and the enterprise decisions.
let ctx: Ctx
beforeAll(async () => {
  ctx = await setUp()
}, 60_000)
afterAll(async () => {
  await ctx?.t.close()
})

describe('paying an order on the local checkout page', () => {
  it('opens one page per order, refuses credits meanwhile, and puts the order to work once paid', async () => {
    const placed = await placeOrder(ctx, 'Card walk')
    const opened = await pay(ctx, placed.order_id, 'checkout')
    expect(opened.statusCode, opened.body).toBe(200)
    const page = opened.json()
    expect(page).toMatchObject({
      order_id: placed.order_id,
      amount_cents: placed.quote.total_cents,
      currency: 'usd',
    })
    expect(page.url).toBe(`http://timbre.test/checkout/purchase/${page.purchase_id}`)
    // Asking again opens the same page.
    expect((await pay(ctx, placed.order_id, 'checkout')).json().purchase_id).toBe(page.purchase_id)

    const credits = await pay(ctx, placed.order_id, 'credits')
    expect([credits.statusCode, credits.json().detail.code]).toEqual([409, 'production_checkout_open'])
    const stranger = await createUser(ctx.t.app, ctx.t.database)
    expect((await payPage(ctx, stranger, page.purchase_id, '4242424242424242')).statusCode).toBe(404)
    const shown = await as(ctx.t, ctx.customer, 'GET', `/v1/billing/local/purchases/${page.purchase_id}`)
    expect(shown.json()).toMatchObject({
      status: 'open',
      amount_cents: placed.quote.total_cents,
      description: 'Production: Card walk',
      test_mode: true,
    })

    const declined = await payPage(ctx, ctx.customer, page.purchase_id, '4000000000000002')
    expect([declined.statusCode, declined.json().detail.code]).toEqual([402, 'card_declined'])
    expect((await taskOf(ctx, placed.description_id)).status).toBe('payment_pending')

    const paid = await payPage(ctx, ctx.customer, page.purchase_id, '4242 4242 4242 4242')
    expect([paid.statusCode, paid.json().status]).toEqual([200, 'complete'])
    const task = await taskOf(ctx, placed.description_id)
    expect(task).toMatchObject({ status: 'in_progress', task_state: 'unclaimed', payment_method: 'checkout' })
    expect(task.history.filter((h: { event: string }) => h.event === 'payment processed')).toHaveLength(1)

    // Paying the page again, or asking for another, changes nothing.
    expect((await payPage(ctx, ctx.customer, page.purchase_id, '4242424242424242')).json().status).toBe(
      'complete',
    )
    const again = await pay(ctx, placed.order_id, 'checkout')
    expect([again.statusCode, again.json().detail.code]).toEqual([409, 'production_not_payable'])
    const history = (await taskOf(ctx, placed.description_id)).history
    expect(history.filter((h: { event: string }) => h.event === 'payment processed')).toHaveLength(1)
  })

  it('cancels an order whose page is not paid in time, revives it when paid late, and finds a lost notice', async () => {
    const db = ctx.t.database.db
    const late = await placeOrder(ctx, 'Late card')
    const latePage = (await pay(ctx, late.order_id, 'checkout')).json()
    const lost = await placeOrder(ctx, 'Lost notice')
    const lostPage = (await pay(ctx, lost.order_id, 'checkout')).json()
    await db
      .updateTable('production_orders')
      .set({ pay_by: new Date(Date.now() - 1000) })
      .where('id', 'in', [late.order_id, lost.order_id])
      .execute()
    // Paid at the provider, but the notice never reached the order (a process that died).
    await db
      .updateTable('checkout_purchases')
      .set({ status: 'complete', completed_at: new Date(), provider_reference: 'lost' })
      .where('id', '=', lostPage.purchase_id)
      .execute()

    const swept = await sweep(ctx)
    expect(swept.cancelled).toBe(1)
    // The paid order's file is transcribed for its producer.
    expect(swept.queued).toHaveLength(1)
    expect(await taskOf(ctx, late.description_id)).toMatchObject({
      status: 'cancelled',
      task_state: 'cancelled',
      cancel_reason: 'Payment was not received.',
    })
    expect(await taskOf(ctx, lost.description_id)).toMatchObject({
      status: 'in_progress',
      task_state: 'unclaimed',
      payment_method: 'checkout',
    })

    const paidLate = await payPage(ctx, ctx.customer, latePage.purchase_id, '4242424242424242')
    expect(paidLate.statusCode, paidLate.body).toBe(200)
    expect(await taskOf(ctx, late.description_id)).toMatchObject({
      status: 'in_progress',
      task_state: 'unclaimed',
      cancel_reason: null,
    })
  })
})

describe('ordering from a media address', () => {
  it('refuses a plain-HTTP or private address, both a file and an address, and neither', async () => {
    const register = async (fields: Record<string, string>, withFile = false) => {
      const { payload, headers } = await multipartBody(
        { source_language: 'en', ...fields },
        withFile ? [{ field: 'file', name: 'a.wav', data: toneWav(1), type: 'audio/wav' }] : [],
      )
      const res = await ctx.t.app.inject({
        method: 'POST',
        url: `/v1/productions/workspace/${ctx.workspaceId}/tasks/register`,
        payload,
        headers: { ...ctx.customer.auth, ...headers },
      })
      return [res.statusCode, res.json().detail?.code ?? res.json().detail?.status]
    }
    expect(await register({ media_url: 'http://media.example.com/a.wav' })).toEqual([
      422,
      'production_media_url_invalid',
    ])
    for (const address of ['https://127.0.0.1/a.wav', 'https://10.0.0.8/a.wav', 'https://[::1]/a.wav'])
      expect(await register({ media_url: address })).toEqual([422, 'production_media_url_refused'])
    expect((await register({ media_url: 'https://media.example.com/a.wav' }, true))[0]).toBe(422)
    expect((await register({}))[0]).toBe(422)
    const orders = await ctx.t.database.db
      .selectFrom('production_orders')
      .select('id')
      .where('workspace_id', '=', ctx.workspaceId)
      .where('name', '=', 'a.wav')
      .execute()
    expect(orders).toEqual([])
  })
})

describe('enterprise quote decisions', () => {
  let enterprise: Ctx
  beforeAll(async () => {
    const user = await createUser(ctx.t.app, ctx.t.database)
    const workspaceId = await setPlan(ctx.t.database, user.userId, { tier: 'enterprise', status: 'active' })
    enterprise = { t: ctx.t, customer: user, workspaceId }
  })

  const decide = (c: Ctx, taskId: string, decision: string) =>
    as(
      c.t,
      c.customer,
      'POST',
      `/v1/productions/workspace/${c.workspaceId}/tasks/${taskId}/enterprise-quote-decision`,
      { decision },
    )

  it('accepts a quote once (its credits charged), declines another (cancelled), and refuses the rest', async () => {
    const accepted = await placeOrder(enterprise, 'Board meeting')
    const estimate = await as(
      ctx.t,
      enterprise.customer,
      'GET',
      `/v1/productions/workspace/${enterprise.workspaceId}/enterprise-credits-cost-estimate?kind=transcription&duration_seconds=1`,
    )
    const credits = estimate.json().credits as number
    expect(credits).toBeGreaterThan(0)
    const before = await characterCount(ctx.t.database, enterprise.workspaceId)

    // Not an enterprise workspace; another workspace's task; a decision that is not one.
    const pro = await placeOrder(ctx, 'Pro order')
    expect((await decide(ctx, pro.description_id, 'accept')).json().detail.code).toBe(
      'production_not_enterprise',
    )
    expect((await decide(enterprise, pro.description_id, 'accept')).statusCode).toBe(404)
    expect((await decide(enterprise, accepted.description_id, 'maybe')).statusCode).toBe(422)

    const yes = await decide(enterprise, accepted.description_id, 'accept')
    expect(yes.statusCode, yes.body).toBe(200)
    expect(yes.json()).toEqual({
      description_id: accepted.description_id,
      decision: 'accept',
      status: 'in_progress',
      credits_charged: credits,
    })
    expect(await characterCount(ctx.t.database, enterprise.workspaceId)).toBe(before + credits)
    const again = await decide(enterprise, accepted.description_id, 'decline')
    expect([again.statusCode, again.json().detail.code]).toEqual([409, 'production_quote_decided'])
    const task = await taskOf(enterprise, accepted.description_id)
    expect(task).toMatchObject({ status: 'in_progress', task_state: 'unclaimed', payment_method: 'credits' })
    expect(task.history.map((h: { event: string }) => h.event)).toContain('enterprise quote accepted')

    const declined = await placeOrder(enterprise, 'Declined meeting')
    const no = await decide(enterprise, declined.description_id, 'decline')
    expect([no.statusCode, no.json().status, no.json().credits_charged]).toEqual([200, 'cancelled', 0])
    expect(await taskOf(enterprise, declined.description_id)).toMatchObject({
      status: 'cancelled',
      task_state: 'cancelled',
      cancel_reason: 'The quote was declined.',
    })
    expect((await decide(enterprise, declined.description_id, 'accept')).statusCode).toBe(409)
    expect((await pay(enterprise, declined.order_id, 'checkout')).json().detail.code).toBe(
      'production_not_payable',
    )
    expect(await characterCount(ctx.t.database, enterprise.workspaceId)).toBe(before + credits)
  })
})

describe('paying an order through Stripe Checkout', () => {
  let stripe: Ctx
  let api: StripeApiServer
  beforeAll(async () => {
    api = await startStripeApiServer()
    stripe = await setUp({
      STRIPE_SECRET_KEY: 'sk_test_timbre',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: api.url,
    })
  }, 60_000)
  afterAll(async () => {
    await stripe?.t.close()
    await api?.close()
  })

  const deliver = (type: string, object: object) => {
    const payload = JSON.stringify({
      id: `evt_${type}_${Math.random().toString(36).slice(2)}`,
      object: 'event',
      type,
      api_version: '2025-10-29.clover',
      created: Math.floor(Date.now() / 1000),
      data: { object },
    })
    return stripe.t.app.inject({
      method: 'POST',
      url: '/v1/billing/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      payload,
    })
  }

  it('opens a payment-mode session for the total and applies its signed completion once', async () => {
    const placed = await placeOrder(stripe, 'Stripe walk')
    const opened = await pay(stripe, placed.order_id, 'checkout')
    expect(opened.statusCode, opened.body).toBe(200)
    const page = opened.json()
    expect(page.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_stripe_/)
    const call = api.calls.find((c) => c.method === 'POST' && c.path === '/v1/checkout/sessions')
    expect(call?.idempotencyKey).toBe(`purchase:${page.purchase_id}`)
    expect(call?.form).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': String(placed.quote.total_cents),
      'line_items[0][price_data][product_data][name]': 'Production: Stripe walk',
      'metadata[purchase_id]': page.purchase_id,
      success_url: `http://timbre.test/app/productions/${placed.description_id}?checkout=success`,
    })
    const sessionId = page.url.split('/').at(-1)
    // The local test page does not exist in Stripe mode.
    expect((await payPage(stripe, stripe.customer, page.purchase_id, '4242424242424242')).statusCode).toBe(
      404,
    )

    // A completion naming the purchase from another Stripe session is not this purchase's payment.
    const forged = await deliver('checkout.session.completed', {
      id: 'cs_other',
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      metadata: { purchase_id: page.purchase_id },
    })
    expect(forged.statusCode).toBe(200)
    expect((await taskOf(stripe, placed.description_id)).status).toBe('payment_pending')

    const completed = {
      id: sessionId,
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      payment_intent: 'pi_production_1',
      amount_total: placed.quote.total_cents,
      metadata: { purchase_id: page.purchase_id, workspace_id: stripe.workspaceId },
    }
    const delivered = await deliver('checkout.session.completed', completed)
    expect([delivered.statusCode, delivered.json().applied]).toEqual([200, true])
    const task = await taskOf(stripe, placed.description_id)
    expect(task).toMatchObject({ status: 'in_progress', task_state: 'unclaimed', payment_method: 'checkout' })

    // A redelivery under a new event id changes nothing.
    expect((await deliver('checkout.session.completed', completed)).statusCode).toBe(200)
    const history = (await taskOf(stripe, placed.description_id)).history
    expect(history.filter((h: { event: string }) => h.event === 'payment processed')).toHaveLength(1)
    const purchase = await stripe.t.database.db
      .selectFrom('checkout_purchases')
      .selectAll()
      .where('id', '=', page.purchase_id)
      .executeTakeFirstOrThrow()
    expect(purchase).toMatchObject({ status: 'complete', provider_reference: 'pi_production_1' })
  })
})
