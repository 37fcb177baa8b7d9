// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { renderInApp } from '../../test/render-dom'
import type { ProductionTask } from './productions-api'

// The payment panel of an order waiting for payment, against a stand-in of the server's calls:
// a workspace on a paid plan pays with credits or opens the checkout page (and is sent there);
// an enterprise workspace accepts or declines the quote instead; a refusal shows its message.
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://app.test') : input, init)
  }
}

let panel: typeof import('./payment-panel')
beforeAll(async () => {
  vi.stubGlobal('Request', PageRequest)
  panel = await import('./payment-panel')
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.stubGlobal('Request', PageRequest)
  vi.restoreAllMocks()
})

const task = {
  description_id: 't1',
  order_id: 'o1',
  name: 'Interview',
  status: 'payment_pending',
  task_state: 'payment_pending',
  progress_percent: 10,
  options: {
    kind: 'transcription',
    source_language: 'en',
    verbatim: false,
    sdh: false,
    audio_event_tags: false,
  },
  quote: {
    charged_duration_seconds: 300,
    cost_per_minute_cents: 220,
    subtotal_cents: 1100,
    discount_cents: 0,
    total_cents: 1100,
    credits: 11_000,
    estimated_hours: 48,
  },
  created_at_unix: 1_700_000_000,
  deliverables: [],
  history: [],
} as ProductionTask

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

function server(tier: string, pay: (body: { method?: string; decision?: string }) => Response) {
  const calls: { method: string; path: string; body: string | null }[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://app.test'), init)
    const url = new URL(request.url)
    const body = request.method === 'GET' ? null : await request.text()
    calls.push({ method: request.method, path: url.pathname, body })
    if (url.pathname === '/v1/billing/subscription-info') return json({ tier, status: 'active' })
    if (request.method === 'POST') return pay(JSON.parse(body ?? '{}'))
    return json({ detail: { status: 'not_found', message: 'Not found.' } }, 404)
  })
  vi.stubGlobal('fetch', fetch)
  return calls
}

describe('PaymentPanel', () => {
  it('opens the checkout page and sends the browser there, or pays with credits', async () => {
    const calls = server('pro', (body) =>
      body.method === 'checkout'
        ? json({
            order_id: 'o1',
            purchase_id: 'pur_1',
            url: 'http://app.test/checkout/purchase/pur_1',
            amount_cents: 1100,
            currency: 'usd',
          })
        : json({ order_id: 'o1', status: 'in_progress', credits_charged: 11_000 }),
    )
    const goTo = vi.spyOn(panel.browser, 'goTo').mockImplementation(() => undefined)
    renderInApp(<panel.PaymentPanel workspaceId="w1" task={task} />)
    expect(screen.getByRole('heading', { name: 'Waiting for payment: $11.00' })).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Pay by card' }))
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('http://app.test/checkout/purchase/pur_1'))
    await userEvent.click(screen.getByRole('button', { name: 'Pay 11,000 credits' }))
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2))
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, JSON.parse(c.body!)])).toEqual([
      ['/v1/productions/workspace/w1/orders/o1/pay', { method: 'checkout' }],
      ['/v1/productions/workspace/w1/orders/o1/pay', { method: 'credits' }],
    ])
    expect(screen.queryByRole('button', { name: 'Accept quote' })).toBeNull()
  })

  it('lets an enterprise workspace accept or decline the quote, and shows a refusal', async () => {
    const calls = server('enterprise', (body) =>
      body.decision === 'decline'
        ? json(
            {
              detail: {
                status: 'production_quote_decided',
                message: 'A decision was already taken on this quote.',
              },
            },
            409,
          )
        : json({ description_id: 't1', decision: 'accept', status: 'in_progress', credits_charged: 11_000 }),
    )
    renderInApp(<panel.PaymentPanel workspaceId="w1" task={task} />)
    await userEvent.click(await screen.findByRole('button', { name: 'Accept quote' }))
    await userEvent.click(screen.getByRole('button', { name: 'Decline quote' }))
    expect(await screen.findByText('A decision was already taken on this quote.')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, JSON.parse(c.body!)])).toEqual([
      ['/v1/productions/workspace/w1/tasks/t1/enterprise-quote-decision', { decision: 'accept' }],
      ['/v1/productions/workspace/w1/tasks/t1/enterprise-quote-decision', { decision: 'decline' }],
    ])
    expect(screen.queryByRole('button', { name: 'Pay by card' })).toBeNull()
  })
})
