// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes, useLocation } from 'react-router'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { renderInApp } from '../../test/render-dom'

// The local test-mode page of a one-off purchase (a Productions order), against a stand-in of the
// server: it shows what is bought and its price, a declined card says so, and a paid purchase
// returns to the page the purchase names.
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://app.test') : input, init)
  }
}

let PurchasePage: typeof import('./purchase-page').PurchasePage
beforeAll(async () => {
  vi.stubGlobal('Request', PageRequest)
  PurchasePage = (await import('./purchase-page')).PurchasePage
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.stubGlobal('Request', PageRequest)
})

const purchase = {
  purchase_id: 'pur_1',
  status: 'open',
  description: 'Production: Interview',
  amount_cents: 1155,
  currency: 'usd',
  provider: 'local',
  return_path: '/app/productions/t1',
  url: 'http://app.test/checkout/purchase/pur_1',
  test_mode: true,
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

function Where() {
  const location = useLocation()
  return <p>at {location.pathname + location.search}</p>
}

describe('PurchasePage', () => {
  it('refuses a declined card, then pays and returns to the order', async () => {
    const cards: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = input instanceof Request ? input : new Request(String(input), init)
        const path = new URL(request.url).pathname
        if (path === '/v1/user') return json({ user_id: 'u1', email: 'a@example.com' })
        if (path === '/v1/billing/local/purchases/pur_1') return json(purchase)
        if (path === '/v1/billing/local/purchases/pur_1/pay') {
          const card = JSON.parse(await request.text()).card_number as string
          cards.push(card)
          return card.startsWith('4000')
            ? json({ detail: { status: 'card_declined', message: 'Your card was declined.' } }, 402)
            : json({ ...purchase, status: 'complete' })
        }
        return json({ detail: { status: 'not_found', message: 'Not found.' } }, 404)
      }),
    )
    renderInApp(
      <Routes>
        <Route path="/checkout/purchase/:purchaseId" element={<PurchasePage />} />
        <Route path="*" element={<Where />} />
      </Routes>,
      { path: '/checkout/purchase/pur_1' },
    )
    expect(await screen.findByRole('heading', { name: 'Production: Interview' })).toBeTruthy()
    expect(screen.getByTestId('amount-due').textContent).toBe('$11.55')
    const field = screen.getByLabelText('Card number')
    await userEvent.type(field, '4000000000000002')
    await userEvent.click(screen.getByRole('button', { name: /\$11\.55/ }))
    expect(await screen.findByText('Your card was declined.')).toBeTruthy()
    await userEvent.clear(field)
    await userEvent.type(field, '4242424242424242')
    await userEvent.click(screen.getByRole('button', { name: /\$11\.55/ }))
    await waitFor(() => expect(screen.getByText('at /app/productions/t1?checkout=success')).toBeTruthy())
    expect(cards).toEqual(['4000 0000 0000 0002', '4242 4242 4242 4242'])
  })
})
