import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One call the Stripe client made: its form body flattened (`line_items[0][price]` keys). */
export interface StripeCall {
  method: string
  path: string
  query: Record<string, string>
  form: Record<string, string>
  idempotencyKey: string | undefined
  authorization: string | undefined
}

/** A meter event as Stripe counts it: one per identifier. */
export interface StripeMeterEvent {
  identifier: string
  event_name: string
  timestamp: number
  payload: Record<string, string>
}

export interface StripeApiServer {
  url: string
  calls: StripeCall[]
  /** Meter events counted (a repeated identifier is not counted again). */
  meterEvents: StripeMeterEvent[]
  /** The next subscription update is refused as a declined card (HTTP 402, card_error). */
  declineNextSubscriptionUpdate(): void
  /** The next subscription updates answer only after `ms` (a slow provider). */
  delaySubscriptionUpdates(ms: number): void
  /**
   * The next `n` meter-event requests are applied, then the connection is cut before the
   * answer (the caller cannot know the event was counted, as when its process dies).
   */
  dropMeterEventAnswers(n: number): void
  close(): Promise<void>
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

const flatten = (params: URLSearchParams) => Object.fromEntries(params.entries())

/**
 * A small server that speaks Stripe's REST protocol for the calls our provider makes (form
 * bodies in, JSON objects out, card errors as 402) and records every call, so a test can check
 * what the real `stripe` client sent over the wire. State is kept per object id.
 */
export async function startStripeApiServer(): Promise<StripeApiServer> {
  const calls: StripeCall[] = []
  const prices = new Map<string, { id: string; lookup_key: string; recurring?: object }>()
  const meters: { id: string; object: 'billing.meter'; event_name: string; status: 'active' }[] = []
  const meterEvents: StripeMeterEvent[] = []
  // The items a subscription has beyond its plan item, and the plan price it was moved to.
  const extraItems = new Map<string, object[]>()
  const planPrices = new Map<string, string>()
  // Stripe answers a repeated idempotency key with the first answer.
  const answered = new Map<string, { status: number; body: object }>()
  let declineNext = false
  let updateDelayMs = 0
  let dropMeterAnswers = 0
  let counter = 0
  const id = (prefix: string) => `${prefix}_${++counter}`
  const now = () => Math.floor(Date.now() / 1000)

  const priceObject = (priceId: string) => {
    const known = prices.get(priceId)
    return {
      id: priceId,
      object: 'price',
      lookup_key: known?.lookup_key ?? null,
      recurring: known?.recurring ?? null,
    }
  }

  const subscription = (subId: string, price: string) => ({
    id: subId,
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
          id: `si_${subId}`,
          object: 'subscription_item',
          price: priceObject(price),
          quantity: 1,
          current_period_start: now(),
          current_period_end: now() + 30 * 86400,
        },
        ...(extraItems.get(subId) ?? []),
      ],
    },
  })

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stripe.local')
    const raw = await readBody(request)
    const form = flatten(new URLSearchParams(raw))
    const call: StripeCall = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: flatten(url.searchParams),
      form,
      idempotencyKey: request.headers['idempotency-key'] as string | undefined,
      authorization: request.headers.authorization,
    }
    calls.push(call)
    const replay =
      call.method === 'POST' && call.idempotencyKey ? answered.get(call.idempotencyKey) : undefined
    const send = (status: number, body: object) => {
      if (call.method === 'POST' && call.idempotencyKey && status < 500 && !replay)
        answered.set(call.idempotencyKey, { status, body })
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${counter}`,
        ...(replay ? { 'idempotent-replayed': 'true' } : {}),
      })
      response.end(JSON.stringify(body))
    }
    const route = `${call.method} ${url.pathname}`
    if (replay && route !== 'POST /v1/billing/meter_events') return send(replay.status, replay.body)
    // The id in a path such as /v1/subscriptions/{id}, when the route has that shape.
    const idIn = (pattern: RegExp) => pattern.exec(route)?.[1]
    if (route === 'GET /v1/prices') {
      const key = call.query['lookup_keys[0]'] ?? call.query['lookup_keys[]']
      const found = [...prices.values()].filter((p) => p.lookup_key === key)
      return send(200, { object: 'list', data: found, has_more: false, url: '/v1/prices' })
    }
    if (route === 'POST /v1/prices') {
      const recurring = {
        interval: form['recurring[interval]'],
        usage_type: form['recurring[usage_type]'] ?? 'licensed',
        meter: form['recurring[meter]'] ?? null,
      }
      const price = { id: id('price'), object: 'price', lookup_key: form.lookup_key ?? '', recurring }
      prices.set(price.id, price)
      return send(200, { ...price, unit_amount: Number(form.unit_amount), currency: form.currency })
    }
    if (route === 'GET /v1/billing/meters')
      return send(200, { object: 'list', data: meters, has_more: false, url: '/v1/billing/meters' })
    if (route === 'POST /v1/billing/meters') {
      const meter = {
        id: id('mtr'),
        object: 'billing.meter' as const,
        event_name: form.event_name ?? '',
        status: 'active' as const,
      }
      meters.push(meter)
      return send(200, { ...meter, default_aggregation: { formula: form['default_aggregation[formula]'] } })
    }
    if (route === 'POST /v1/subscription_items') {
      const subId = form.subscription ?? ''
      const price = form.price ?? ''
      const price_ = prices.get(price)
      if (!price_)
        return send(400, { error: { type: 'invalid_request_error', message: `No such price: '${price}'` } })
      const item = {
        id: id('si'),
        object: 'subscription_item',
        subscription: subId,
        price: priceObject(price),
      }
      extraItems.set(subId, [...(extraItems.get(subId) ?? []), item])
      return send(200, item)
    }
    if (route === 'POST /v1/billing/meter_events') {
      const meterKnown = meters.some((m) => m.event_name === form.event_name)
      if (!meterKnown)
        return send(400, {
          error: { type: 'invalid_request_error', message: 'No active meter with this event_name.' },
        })
      const identifier = form.identifier ?? id('mev')
      const payload: Record<string, string> = {}
      for (const [key, value] of Object.entries(form)) {
        const field = /^payload\[(.+)\]$/.exec(key)?.[1]
        if (field) payload[field] = value
      }
      // Counted once per identifier, however often it is sent.
      if (!meterEvents.some((e) => e.identifier === identifier))
        meterEvents.push({
          identifier,
          event_name: form.event_name ?? '',
          timestamp: Number(form.timestamp),
          payload,
        })
      if (dropMeterAnswers > 0) {
        dropMeterAnswers -= 1
        response.socket?.destroy()
        return
      }
      return send(200, {
        object: 'billing.meter_event',
        identifier,
        event_name: form.event_name,
        timestamp: Number(form.timestamp),
        payload,
        created: now(),
        livemode: false,
      })
    }
    if (route === 'POST /v1/coupons')
      return send(200, { id: id('coupon'), object: 'coupon', amount_off: Number(form.amount_off) })
    if (route === 'POST /v1/checkout/sessions') {
      const sessionId = id('cs_stripe')
      return send(200, {
        id: sessionId,
        object: 'checkout.session',
        mode: form.mode,
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
      })
    }
    if (route === 'POST /v1/billing_portal/sessions')
      return send(200, {
        id: id('bps'),
        object: 'billing_portal.session',
        url: 'https://billing.stripe.test/p/session',
      })
    const readSubscription = idIn(/^GET \/v1\/subscriptions\/([^/]+)$/)
    if (readSubscription) {
      const price = planPrices.get(readSubscription) ?? [...prices.keys()][0] ?? 'price_unknown'
      return send(200, subscription(readSubscription, price))
    }
    const updateSubscription = idIn(/^POST \/v1\/subscriptions\/([^/]+)$/)
    if (updateSubscription) {
      if (updateDelayMs > 0) await new Promise((r) => setTimeout(r, updateDelayMs))
      if (declineNext && form['items[0][price]']) {
        declineNext = false
        return send(402, {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          },
        })
      }
      const moved = form['items[0][price]']
      if (moved) planPrices.set(updateSubscription, moved)
      return send(
        200,
        subscription(updateSubscription, planPrices.get(updateSubscription) ?? [...prices.keys()][0] ?? ''),
      )
    }
    if (route === 'POST /v1/subscription_schedules') {
      const start = now()
      const price = [...prices.keys()][0] ?? 'price_unknown'
      return send(200, {
        id: id('sub_sched'),
        object: 'subscription_schedule',
        phases: [{ start_date: start, end_date: start + 30 * 86400, items: [{ price, quantity: 1 }] }],
      })
    }
    const released = idIn(/^POST \/v1\/subscription_schedules\/([^/]+)\/release$/)
    if (released) return send(200, { id: released, object: 'subscription_schedule', status: 'released' })
    const schedule = idIn(/^POST \/v1\/subscription_schedules\/([^/]+)$/)
    if (schedule) return send(200, { id: schedule, object: 'subscription_schedule', phases: [] })
    const customer = idIn(/^GET \/v1\/customers\/([^/]+)$/)
    if (customer)
      return send(200, {
        id: customer,
        object: 'customer',
        invoice_settings: {
          default_payment_method: {
            id: 'pm_1',
            object: 'payment_method',
            card: { brand: 'visa', last4: '4242' },
          },
        },
      })
    return send(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${route})` },
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    meterEvents,
    declineNextSubscriptionUpdate() {
      declineNext = true
    },
    delaySubscriptionUpdates(ms: number) {
      updateDelayMs = ms
    },
    dropMeterEventAnswers(n: number) {
      dropMeterAnswers = n
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
