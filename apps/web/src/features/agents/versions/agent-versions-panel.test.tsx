// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { renderInApp } from '../../../test/render-dom'

// The API client resolves its same-origin paths against a page; the test gives Request one
// before the client is made.
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://timbre.test') : input, init)
  }
}

let panel: typeof import('./agent-versions-panel')
beforeAll(async () => {
  vi.stubGlobal('Request', PageRequest)
  panel = await import('./agent-versions-panel')
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.stubGlobal('Request', PageRequest)
})

const branch = (id: string, name: string, share: number, extra: object = {}) => ({
  id,
  name,
  agent_id: 'agent_1',
  description: '',
  created_at: 1,
  last_committed_at: 1,
  is_archived: false,
  protection_status: null,
  auto_rebase: false,
  current_live_percentage: share,
  parent_branch_id: id === 'main' ? null : 'main',
  draft_exists: false,
  draft_created_at: null,
  calls_7d: 3,
  merged_into_branch_id: null,
  ...extra,
})

interface Call {
  method: string
  url: string
  body: unknown
}

/** A fake server for the panel's calls; it records each request with its body. */
function serve(answers: (call: Call) => unknown): Call[] {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const text = request.method === 'GET' ? '' : await request.text()
      const call = { method: request.method, url: request.url, body: text ? JSON.parse(text) : null }
      calls.push(call)
      return new Response(JSON.stringify(answers(call)), { headers: { 'content-type': 'application/json' } })
    }),
  )
  return calls
}

describe('the versions and branches panel', () => {
  it('lists branches with their share, refuses a split that does not add up, and deploys one that does', async () => {
    const calls = serve((call) => {
      if (call.url.includes('/deployments')) return { traffic_percentage_branch_id_map: {} }
      return { results: [branch('main', 'Main', 100), branch('b1', 'Warmer', 0, { draft_exists: true })] }
    })
    renderInApp(<panel.AgentVersionsPanel agentId="agent_1" />)
    const mainShare = (await screen.findByLabelText('Traffic share of Main')) as HTMLInputElement
    expect(mainShare.value).toBe('100')
    expect(screen.getByText('Draft')).toBeTruthy()
    const save = screen.getByRole('button', { name: 'Save traffic split' }) as HTMLButtonElement

    fireEvent.change(screen.getByLabelText('Traffic share of Warmer'), { target: { value: '30' } })
    expect(screen.getByText('Total: 130 %. The shares must add up to 100 %.')).toBeTruthy()
    expect(save.disabled).toBe(true)

    fireEvent.change(mainShare, { target: { value: '70' } })
    expect(screen.getByText('Total: 100 %')).toBeTruthy()
    await userEvent.click(save)
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true))
    const deployment = calls.find((c) => c.method === 'POST')
    expect(deployment?.url).toContain('/v1/convai/agents/agent_1/deployments')
    expect(deployment?.body).toEqual({
      deployment_request: {
        requests: [
          { branch_id: 'main', deployment_strategy: { type: 'percentage', traffic_percentage: 70 } },
          { branch_id: 'b1', deployment_strategy: { type: 'percentage', traffic_percentage: 30 } },
        ],
      },
    })
  })

  it('commits a draft on its branch and shows a merge blocked by conflicts', async () => {
    const calls = serve((call) => {
      if (call.url.includes('merge-preview'))
        return {
          agent_id: 'agent_1',
          name: 'Desk',
          conversation_config: {},
          metadata: { created_at_unix_secs: 1, updated_at_unix_secs: 1 },
          platform_settings: {},
          phone_numbers: [],
          access_info: { is_creator: true, creator_name: '', creator_email: '', role: 'admin' },
          tags: [],
          conflicts: [
            {
              path: 'conversation_config.agent.first_message',
              section: 'conversation_config',
              base_value: 'a',
              source_value: 'b',
              target_value: 'c',
            },
          ],
          source_identical_to_target: false,
        }
      if (call.method === 'PATCH') return {}
      return { results: [branch('main', 'Main', 100), branch('b1', 'Warmer', 0, { draft_exists: true })] }
    })
    renderInApp(<panel.AgentVersionsPanel agentId="agent_1" />)
    await userEvent.click(await screen.findByRole('button', { name: 'Commit draft' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true))
    const commit = calls.find((c) => c.method === 'PATCH')
    expect(commit?.url).toContain('/v1/convai/agents/agent_1?branch_id=b1')

    await userEvent.click(screen.getByRole('button', { name: 'Merge into main' }))
    expect(await screen.findByText(/Conflicting changes: 1/)).toBeTruthy()
    expect(screen.getByText('conversation_config.agent.first_message')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Merge' }) as HTMLButtonElement).disabled).toBe(true)
  })
})
