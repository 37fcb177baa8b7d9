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

export interface StripeApiServer {
  url: string
  calls: StripeCall[]
  /** The next subscription update is refused as a declined card (HTTP 402, card_error). */
  declineNextSubscriptionUpdate(): void
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
  const prices = new Map<string, { id: string; lookup_key: string }>()
  let declineNext = false
  let counter = 0
  const id = (prefix: string) => `${prefix}_${++counter}`
  const now = () => Math.floor(Date.now() / 1000)

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
          price: { id: price, object: 'price', lookup_key: prices.get(price)?.lookup_key ?? null },
          quantity: 1,
          current_period_start: now(),
          current_period_end: now() + 30 * 86400,
        },
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
    const send = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${counter}` })
      response.end(JSON.stringify(body))
    }
    const route = `${call.method} ${url.pathname}`
    // The id in a path such as /v1/subscriptions/{id}, when the route has that shape.
    const idIn = (pattern: RegExp) => pattern.exec(route)?.[1]
    if (route === 'GET /v1/prices') {
      const key = call.query['lookup_keys[0]'] ?? call.query['lookup_keys[]']
      const found = [...prices.values()].filter((p) => p.lookup_key === key)
      return send(200, { object: 'list', data: found, has_more: false, url: '/v1/prices' })
    }
    if (route === 'POST /v1/prices') {
      const price = { id: id('price'), object: 'price', lookup_key: form.lookup_key ?? '' }
      prices.set(price.id, price)
      return send(200, { ...price, unit_amount: Number(form.unit_amount), currency: form.currency })
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
      const price = [...prices.keys()][0] ?? 'price_unknown'
      return send(200, subscription(readSubscription, price))
    }
    const updateSubscription = idIn(/^POST \/v1\/subscriptions\/([^/]+)$/)
    if (updateSubscription) {
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
      return send(
        200,
        subscription(updateSubscription, form['items[0][price]'] ?? [...prices.keys()][0] ?? ''),
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
    declineNextSubscriptionUpdate() {
      declineNext = true
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
