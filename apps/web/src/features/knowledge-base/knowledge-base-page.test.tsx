// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { renderInApp } from '../../test/render-dom'

// The page against a stand-in of the server's knowledge base calls (the fetch the app makes).
// Node has no page to resolve the client's relative URLs against, so Request gets one before
// the API client is created (as the client's own tests do).
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://app.test') : input, init)
  }
}

let KnowledgeBasePage: typeof import('./knowledge-base-page').KnowledgeBasePage
beforeAll(async () => {
  vi.stubGlobal('Request', PageRequest)
  KnowledgeBasePage = (await import('./knowledge-base-page')).KnowledgeBasePage
})

const base = {
  metadata: {
    created_at_unix_secs: 1_700_000_000,
    last_updated_at_unix_secs: 1_700_000_000,
    size_bytes: 2048,
  },
  supported_usages: ['prompt', 'auto'],
  access_info: { is_creator: true, creator_name: 'a', creator_email: 'a@example.com', role: 'admin' },
  folder_path: [],
  dependent_agents: [],
}
const folder = {
  ...base,
  id: 'f1',
  name: 'Lamps',
  type: 'folder',
  folder_parent_id: null,
  index_state: null,
  children_count: 1,
  document_count: 1,
}
const faq = {
  ...base,
  id: 'd1',
  name: 'Shipping FAQ',
  type: 'text',
  folder_parent_id: null,
  index_state: 'stale',
}
const inner = { ...base, id: 'd2', name: 'Bulbs', type: 'file', folder_parent_id: 'f1', index_state: 'ready' }

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

function server() {
  const calls: { method: string; url: string; body: string | null }[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://app.test'), init)
    const url = new URL(request.url)
    const body = request.method === 'GET' ? null : await request.text()
    calls.push({ method: request.method, url: url.pathname + url.search, body })
    if (url.pathname === '/v1/convai/knowledge-base' && request.method === 'GET') {
      const parent = url.searchParams.get('parent_folder_id')
      return json({
        documents: parent === 'f1' ? [inner] : [folder, faq, inner],
        has_more: false,
        next_cursor: null,
      })
    }
    if (url.pathname === '/v1/convai/knowledge-base/d1') return json({ ...faq, extracted_inner_html: '' })
    if (url.pathname === '/v1/convai/knowledge-base/d1/content')
      return new Response('# Shipping\n\nOrders arrive in 3 days.', {
        headers: { 'content-type': 'text/plain' },
      })
    if (url.pathname === '/v1/convai/knowledge-base/text')
      return json({ id: 'd3', name: 'Returns', folder_path: [] })
    return json({ detail: { status: 'not_found', message: 'Not found.' } }, 404)
  })
  vi.stubGlobal('fetch', fetch)
  return calls
}

afterEach(() => vi.unstubAllGlobals())

describe('KnowledgeBasePage', () => {
  it('lists the top level, opens a folder, and shows a document’s text and index state', async () => {
    server()
    renderInApp(<KnowledgeBasePage />)
    expect(await screen.findByText('Shipping FAQ')).toBeTruthy()
    // Bulbs sits in a folder: not at the top level.
    expect(screen.queryByText('Bulbs')).toBeNull()
    expect(screen.getByText('Folder · 1 document')).toBeTruthy()

    await userEvent.click(screen.getByText('Shipping FAQ'))
    expect(await screen.findByText(/Orders arrive in 3 days\./)).toBeTruthy()
    expect(screen.getAllByText('Out of date').length).toBeGreaterThan(0)
    expect(screen.getByRole('button', { name: 'Build index' })).toBeTruthy()

    await userEvent.click(screen.getByText('Lamps'))
    expect(await screen.findByText('Bulbs')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Lamps' }).getAttribute('aria-current')).toBe('page')
  })

  it('adds a text document with its name and says so', async () => {
    const calls = server()
    renderInApp(<KnowledgeBasePage />)
    await screen.findByText('Shipping FAQ')
    await userEvent.click(screen.getByRole('radio', { name: 'Text' }))
    const add = screen.getByRole('button', { name: 'Add document' }) as HTMLButtonElement
    expect(add.disabled).toBe(true)
    await userEvent.type(screen.getByLabelText('Name'), 'Returns')
    await userEvent.type(screen.getByLabelText(/^Text/), 'Free within 30 days.')
    await userEvent.click(add)
    await waitFor(() => expect(calls.some((c) => c.url === '/v1/convai/knowledge-base/text')).toBe(true))
    const sent = calls.find((c) => c.url === '/v1/convai/knowledge-base/text')
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ name: 'Returns', text: 'Free within 30 days.' })
    expect(await screen.findByText('“Returns” added')).toBeTruthy()
  })
})
