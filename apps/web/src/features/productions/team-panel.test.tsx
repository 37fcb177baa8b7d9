// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { renderInApp } from '../../test/render-dom'

// The producer's team panel against a stand-in of the server's team calls: without a team it
// makes one or joins one with an ID and code (a wrong code shows the server's message); in a
// team it lists the members with their outcomes and the code to share.
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://app.test') : input, init)
  }
}

let TeamPanel: typeof import('./team-panel').TeamPanel
beforeAll(async () => {
  vi.stubGlobal('Request', PageRequest)
  TeamPanel = (await import('./team-panel')).TeamPanel
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.stubGlobal('Request', PageRequest)
})

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const team = {
  team_id: 'team1',
  name: 'Night shift',
  join_code: 'c0de',
  members: [
    {
      user_id: 'u1',
      first_name: 'Sam',
      email: 'sam@example.com',
      is_owner: true,
      stats: { claimed: 4, approved: 3, rejected: 1, approval_rate_percent: 75 },
    },
    {
      user_id: 'u2',
      first_name: null,
      email: 'kim@example.com',
      is_owner: false,
      stats: { claimed: 0, approved: 0, rejected: 0, approval_rate_percent: null },
    },
  ],
}

function server() {
  const calls: { method: string; path: string; body: unknown }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init)
      const path = new URL(request.url).pathname
      const text = request.method === 'GET' ? '' : await request.text()
      calls.push({ method: request.method, path, body: text ? JSON.parse(text) : null })
      if (path === '/v1/productions/teams/team1' && request.method === 'GET') return json(team)
      if (path === '/v1/productions/teams' && request.method === 'POST') return json(team, 201)
      if (path === '/v1/productions/teams/team1/join')
        return json(
          {
            detail: {
              status: 'production_team_code',
              message: 'This team does not exist or the join code is wrong.',
            },
          },
          403,
        )
      return json({ detail: { status: 'not_found', message: 'Not found.' } }, 404)
    }),
  )
  return calls
}

describe('TeamPanel', () => {
  it('lists the members of the team with their outcomes and the code to share', async () => {
    server()
    renderInApp(<TeamPanel teamId="team1" />)
    expect(
      await screen.findByRole('heading', { name: 'Team: Night shift' }, { timeout: 10_000 }),
    ).toBeTruthy()
    expect(screen.getByText('Invite producers with the team ID team1 and the join code c0de.')).toBeTruthy()
    const rows = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent)
    expect(rows).toEqual(['Sam · owner375%', 'kim@example.com0—'])
  })

  it('makes a team, and shows why a join was refused', async () => {
    const calls = server()
    renderInApp(<TeamPanel teamId={null} />)
    await userEvent.type(screen.getByLabelText('Team name'), 'Night shift')
    await userEvent.click(screen.getByRole('button', { name: 'Make a team' }))
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/productions/teams')).toBe(true))
    expect(calls.find((c) => c.path === '/v1/productions/teams')?.body).toEqual({ name: 'Night shift' })
    await userEvent.type(screen.getByLabelText('Team ID'), 'team1')
    await userEvent.type(screen.getByLabelText('Join code'), 'wrong')
    await userEvent.click(screen.getByRole('button', { name: 'Join team' }))
    expect(await screen.findByText('This team does not exist or the join code is wrong.')).toBeTruthy()
    expect(calls.find((c) => c.path.endsWith('/join'))?.body).toEqual({ join_code: 'wrong' })
  })
})
