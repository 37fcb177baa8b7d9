// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderInApp } from '../../../test/render-dom'
import { player } from '../../player/player-store'
import type { EditorDocument } from './editor-api'

// The client calls the server on its own origin; the test's Request resolves those paths, and
// is in place before the client is made.
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://timbre.test') : input, init)
  }
}
let TranscriptEditor: typeof import('./transcript-editor').TranscriptEditor
beforeAll(async () => {
  vi.stubGlobal('Request', PageRequest)
  TranscriptEditor = (await import('./transcript-editor')).TranscriptEditor
})

// The editor against a stubbed server: words play from where they are clicked, a word edited in
// place is sent on the version on show, a conflict is told, and a narrow screen only reads.

const word = (text: string, start: number, speaker: string) => ({
  text,
  start,
  end: start + 0.4,
  type: 'word' as const,
  speaker_id: speaker,
  logprob: 0,
  characters: null,
})
const gap = (start: number, speaker: string) => ({ ...word(' ', start, speaker), type: 'spacing' as const })

const DOC: EditorDocument = {
  transcription_id: 't1',
  file_name: 'talk.wav',
  version: 3,
  language_code: 'eng',
  audio_duration_secs: 4,
  text: 'hello there yes',
  words: [
    word('hello', 0.1, 'speaker_0'),
    gap(0.5, 'speaker_0'),
    word('there', 0.6, 'speaker_0'),
    gap(1, 'speaker_1'),
    word('yes', 2.5, 'speaker_1'),
  ],
  segments: [
    { start_index: 0, end_index: 2, speaker_id: 'speaker_0', start: 0.1, end: 1 },
    { start_index: 4, end_index: 4, speaker_id: 'speaker_1', start: 2.5, end: 2.9 },
  ],
  speakers: [
    { speaker_id: 'speaker_0', name: 'Ann' },
    { speaker_id: 'speaker_1', name: null },
  ],
  audio: { available: true, url: '/v1/speech-to-text/transcripts/t1/audio' },
  peaks: [0, 50, 100, 20],
}

let requests: { method: string; url: string; body: unknown }[]
let answer: (method: string, url: string) => Response

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

function screenWidth(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }))
}

beforeEach(() => {
  requests = []
  answer = () => json(200, DOC)
  vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
    const request = typeof input === 'string' ? new PageRequest(input, init) : input
    const text = request.method === 'GET' ? '' : await request.text()
    requests.push({ method: request.method, url: request.url, body: text ? JSON.parse(text) : null })
    return answer(request.method, request.url)
  })
  player.clear()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the transcript editor', () => {
  it('plays from a clicked word and saves an edited word on the version on show', async () => {
    screenWidth(true)
    renderInApp(<TranscriptEditor transcriptId="t1" />)
    const there = await screen.findByRole('button', { name: 'there' })
    expect(screen.getAllByTestId('transcript-speaker').map((e) => e.textContent)).toEqual([
      'Ann',
      'Speaker 2',
    ])

    await userEvent.click(there)
    expect(player.current()).toMatchObject({
      src: DOC.audio.url,
      startAt: 0.6,
      title: 'talk.wav',
      autoStart: true,
    })

    const edited = {
      ...DOC,
      version: 4,
      words: DOC.words.map((w, i) => (i === 2 ? { ...w, text: 'friend' } : w)),
    }
    answer = (method) => (method === 'PATCH' ? json(200, edited) : json(200, DOC))
    await userEvent.dblClick(there)
    const input = screen.getByRole('textbox', { name: 'Edit “there”' })
    await userEvent.clear(input)
    await userEvent.type(input, 'friend{Enter}')
    await screen.findByRole('button', { name: 'friend' })
    const patch = requests.find((r) => r.method === 'PATCH')!
    expect(patch.url).toMatch(/\/v1\/speech-to-text\/transcripts\/t1\/words$/)
    expect(patch.body).toEqual({ version: 3, from_index: 2, to_index: 2, text: 'friend' })
    // Typing in jsdom is slow on a busy machine.
  }, 20_000)

  it('tells of a conflict when someone saved first', async () => {
    screenWidth(true)
    answer = (method) =>
      method === 'POST'
        ? json(409, {
            detail: {
              status: 'transcript_version_conflict',
              message: 'Conflict detected with server: this transcript was changed since you opened it.',
            },
          })
        : json(200, DOC)
    renderInApp(<TranscriptEditor transcriptId="t1" />)
    await userEvent.click(await screen.findByRole('button', { name: 'Join with next' }))
    await screen.findByText(/^Conflict detected with server/)
  })

  it('only reads on a narrow screen, and says so', async () => {
    screenWidth(false)
    renderInApp(<TranscriptEditor transcriptId="t1" />)
    const hello = await screen.findByRole('button', { name: 'hello' })
    expect(screen.getByText(/Editing needs a wider screen/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Join with next' })).toBeNull()
    await userEvent.dblClick(hello)
    expect(screen.queryByRole('textbox')).toBeNull()
    await waitFor(() => expect(player.current()?.startAt).toBe(0.1))
  })
})
