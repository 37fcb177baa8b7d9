// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderInApp } from '../../test/render-dom'
import type { ConversationMetrics, DashboardChart } from './agent-ops-api'

// The dashboard's own charts against a stand-in of the server's dashboard settings calls (the
// fetch the app makes): the saved charts are drawn from the range's buckets, a chart is added
// with the criterion it follows, and removed.
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://app.test') : input, init)
  }
}

let CustomCharts: typeof import('./custom-charts').CustomCharts
beforeAll(async () => {
  CustomCharts = (await import('./custom-charts')).CustomCharts
})
beforeEach(() => vi.stubGlobal('Request', PageRequest))
afterEach(() => vi.unstubAllGlobals())

const bucket = (start: number, polite: Record<string, number>, plan: Record<string, number>) => ({
  start_unix: start,
  calls: 2,
  minutes: 1,
  successful: 1,
  failed: 1,
  cost: 10,
  success_rate: 0.5,
  average_duration_secs: 30,
  evaluation_criteria: { polite },
  data_collection: { plan },
})
const metrics: ConversationMetrics = {
  start_unix: 0,
  end_unix: 7200,
  bucket_size_secs: 3600,
  totals: {
    calls: 4,
    minutes: 2,
    successful: 2,
    failed: 2,
    success_rate: 0.5,
    cost: 20,
    average_duration_secs: 30,
  },
  buckets: [bucket(0, { success: 2 }, { pro: 1 }), bucket(3600, { failure: 1 }, { free: 2 })],
  evaluation_criteria: { polite: { success: 2, failure: 1 } },
  data_collection: { plan: { pro: 1, free: 2 } },
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

function server(initial: DashboardChart[]) {
  let charts = initial
  const saves: DashboardChart[][] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init)
      if (new URL(request.url).pathname !== '/v1/convai/settings/dashboard')
        return json({ detail: { status: 'not_found', message: 'Not found.' } }, 404)
      if (request.method === 'PATCH') {
        charts = ((await request.json()) as { charts: DashboardChart[] }).charts
        saves.push(charts)
      }
      return json({ charts })
    }),
  )
  return saves
}

const render = () =>
  renderInApp(<CustomCharts metrics={metrics} formatTime={(t) => String(t)} rangeName="24 hours" />)

describe('the dashboard’s own charts', () => {
  it('draws a saved criterion chart from the buckets, and removes it', async () => {
    const saves = server([{ type: 'criteria', name: 'Politeness', criteria_id: 'polite' }])
    render()
    expect(await screen.findByRole('heading', { name: 'Politeness' })).toBeTruthy()
    // The chart's legend names the criterion's results found in the range.
    expect(screen.getAllByText('Success').length).toBeGreaterThan(0)
    expect(screen.getAllByText('Failure').length).toBeGreaterThan(0)
    await userEvent.click(screen.getByRole('button', { name: 'Remove the chart Politeness' }))
    await waitFor(() => expect(saves).toEqual([[]]))
    expect(await screen.findByText(/Add a chart to follow/)).toBeTruthy()
  })

  it('adds a data collection chart with the field it follows, and refuses one without', async () => {
    const saves = server([])
    render()
    await userEvent.click(await screen.findByRole('button', { name: 'Add chart' }))
    await userEvent.selectOptions(screen.getByLabelText('Shows'), 'data_collection')
    await userEvent.type(screen.getByLabelText('Name'), 'Plans')
    // The fields with results in the range are offered.
    expect(screen.getByText('With results in this range: plan')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Add' }))
    expect(screen.getByText('Say which criterion or field the chart follows.')).toBeTruthy()
    expect(saves).toHaveLength(0)
    await userEvent.type(screen.getByLabelText('Field ID'), 'plan')
    await userEvent.click(screen.getByRole('button', { name: 'Add' }))
    await waitFor(() =>
      expect(saves).toEqual([[{ type: 'data_collection', name: 'Plans', data_collection_id: 'plan' }]]),
    )
    expect(await screen.findByRole('heading', { name: 'Plans' })).toBeTruthy()
    expect(screen.getAllByText('free').length).toBeGreaterThan(0)
  })
})
