// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { renderInApp } from '../../test/render-dom'

// The API client resolves its same-origin paths against a page; the test gives Request one
// before the client is made.
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://timbre.test') : input, init)
  }
}

let page: typeof import('./dubbing-page')
beforeAll(async () => {
  vi.stubGlobal('Request', PageRequest)
  page = await import('./dubbing-page')
})

const running = {
  dubbing_id: 'dub1',
  name: 'Interview',
  status: 'dubbing',
  source_language: 'en',
  target_languages: ['es'],
  editable: false,
  created_at: '2026-11-29T10:00:00.000Z',
  media_metadata: { content_type: 'audio/wav', duration: 12 },
  progress: 45,
  progress_message: 'Voicing each speaker',
  refunded: false,
  credits: 0,
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.stubGlobal('Request', PageRequest)
})

describe('dubbing', () => {
  it('shows a running dub as a progress bar with its step, and a finished or failed one as text', () => {
    const { rerender } = renderInApp(
      <page.DubProgress status="dubbing" progress={45} message="Voicing each speaker" />,
    )
    const bar = screen.getByRole('progressbar', { name: 'Dubbing progress' })
    expect(bar.getAttribute('aria-valuenow')).toBe('45')
    expect(screen.getByText('45% · Voicing each speaker')).toBeTruthy()
    rerender(
      <page.DubProgress
        status="failed"
        progress={20}
        message={null}
        error="No speech was found in this file."
      />,
    )
    expect(screen.getByText(/the credits were refunded\. No speech was found/)).toBeTruthy()
  })

  it('lists the workspace dubs with their progress, and starts a dub only once a file is chosen', async () => {
    const calls: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request | string) => {
        const url = typeof input === 'string' ? input : input.url
        calls.push(url)
        return new Response(JSON.stringify({ dubs: [running], has_more: false }), {
          headers: { 'content-type': 'application/json' },
        })
      }),
    )
    renderInApp(<page.DubbingPage />)
    await waitFor(() => expect(screen.getByText('Interview')).toBeTruthy())
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('45')
    expect(calls.some((u) => u.includes('/v1/dubbing'))).toBe(true)
    const start = screen.getByTestId('dub-start') as HTMLButtonElement
    expect(start.disabled).toBe(true)
    await userEvent.upload(
      screen.getByLabelText(/Choose a video or audio file/),
      new File(['RIFF'], 'talk.wav', { type: 'audio/wav' }),
    )
    expect(screen.getByText('talk.wav')).toBeTruthy()
    expect((screen.getByTestId('dub-target') as HTMLSelectElement).value).toBe('es')
  })
})
