import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from './helpers/browser.js'
import { shots, signUpAndSignIn, useJourney } from './helpers/journey.js'
import { wavFile } from './helpers/wav.js'

// The conversation widget as a site owner and a visitor meet it: one script tag and
// <elevenlabs-convai agent-id> pasted into a plain HTML page on another site (a server this test
// starts); the visitor agrees to the agent's terms and chats with it there, in the agent's
// colours and placement, and the conversation is recorded. A site that is not on the agent's
// allowlist gets no widget, and its page cannot open a conversation either. Then a voice agent
// on the same site: a visitor asks it a question aloud through Chromium's fake microphone (a
// file our own speech engine said); the agent hears the words and its spoken answer plays in
// the page.

const journey = useJourney()

let allowed: Server
let other: Server
let allowedOrigin = ''
let otherOrigin = ''
let agentId = ''

function page(title: string, agent: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: Georgia, serif; max-width: 680px; margin: 40px auto; padding: 0 16px">
<h1>${title}</h1><p>Fresh bread every morning.</p>
<script src="${journey.server.url}/convai-widget/index.js" async type="text/javascript"></script>
<elevenlabs-convai agent-id="${agent}"></elevenlabs-convai>
</body></html>`
}

async function site(title: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8')
    const asked = new URL(req.url ?? '/', 'http://site').searchParams.get('agent')
    res.end(page(title, asked ?? agentId))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

beforeAll(async () => {
  ;({ server: allowed, origin: allowedOrigin } = await site('The Corner Bakery'))
  ;({ server: other, origin: otherOrigin } = await site('Somebody else'))
})
afterAll(async () => {
  await new Promise((r) => allowed?.close(r))
  await new Promise((r) => other?.close(r))
})

async function shoot(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 })
      await page.waitForTimeout(150)
      await page.screenshot({ path: `${shots}agent-widget-${name}-${scheme}-${width}.png` })
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1280, height: 900 })
}

/** The newest finished conversation of an agent, as `role: message` lines, read through the API. */
function finishedTranscript(app: Page, id: string): Promise<string[]> {
  return app.evaluate(async (id) => {
    for (let i = 0; i < 150; i++) {
      const list = await (await fetch(`/v1/convai/conversations?agent_id=${id}`)).json()
      const first = list.conversations[0]
      if (first && first.status !== 'in-progress') {
        const detail = await (await fetch(`/v1/convai/conversations/${first.conversation_id}`)).json()
        return detail.transcript.map((e: { role: string; message: string }) => `${e.role}: ${e.message}`)
      }
      await new Promise((r) => setTimeout(r, 200))
    }
    return []
  }, id)
}

/** A question said by one of our voices, as 48 kHz 16-bit mono PCM from the speech API. */
async function spoken(app: Page, text: string): Promise<Buffer> {
  const base64 = await app.evaluate(async (text) => {
    const { voices } = (await (await fetch('/v1/voices')).json()) as { voices: { voice_id: string }[] }
    const res = await fetch(`/v1/text-to-speech/${voices[0]?.voice_id}?output_format=pcm_48000`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
    })
    if (!res.ok) throw new Error(`text to speech answered ${res.status}`)
    const bytes = new Uint8Array(await res.arrayBuffer())
    let binary = ''
    for (let i = 0; i < bytes.length; i += 0x8000)
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
    return btoa(binary)
  }, text)
  return Buffer.from(base64, 'base64')
}

// Watches the page from outside the widget: the conversation events its socket receives, and
// every buffer of sound it starts, with the state of the audio context playing it.
function watchAudio(): void {
  const w = window as unknown as {
    heard: string[]
    played: { afterQuestion: boolean; seconds: number; state: string }[]
  }
  w.heard = []
  w.played = []
  const Native = window.WebSocket
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols)
      this.addEventListener('message', (event) => w.heard.push(JSON.parse(String(event.data)).type))
    }
  }
  const start = AudioBufferSourceNode.prototype.start
  AudioBufferSourceNode.prototype.start = function (this: AudioBufferSourceNode, ...args) {
    w.played.push({
      afterQuestion: w.heard.includes('user_transcript'),
      seconds: this.buffer?.duration ?? 0,
      state: this.context.state,
    })
    return start.apply(this, args)
  }
}

describe('the conversation widget', () => {
  it('chats with the agent on an allowlisted site and is refused on another', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const app = await context.newPage()
    await signUpAndSignIn(journey, app, {
      email: `widget-${Date.now()}@example.com`,
      password: 'widget pass 2026',
      firstName: 'Wendy',
    })
    const allowedHost = new URL(allowedOrigin).host
    agentId = await app.evaluate(async (host) => {
      const post = async (path: string, body: object) => {
        const answer = await fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
        if (!answer.ok) throw new Error(`${path} answered ${answer.status}: ${await answer.text()}`)
        return answer.json()
      }
      const document = await post('/v1/convai/knowledge-base/text', {
        name: 'Opening hours',
        text: 'The Corner Bakery opens at seven in the morning on Saturday and closes at two in the afternoon. On Sunday the bakery is closed.',
      })
      const created = await post('/v1/convai/agents/create', {
        name: 'Bakery helper',
        conversation_config: {
          conversation: { text_only: true },
          agent: {
            first_message: 'Hello! Ask me about our opening hours.',
            prompt: { knowledge_base: [{ type: 'text', id: document.id, name: 'Opening hours' }] },
          },
        },
        platform_settings: {
          auth: { allowlist: [{ hostname: host }] },
          widget: {
            variant: 'full',
            placement: 'bottom-left',
            bg_color: '#fdf6e3',
            text_color: '#073642',
            btn_color: '#b58900',
            btn_text_color: '#ffffff',
            border_color: '#d9c9a3',
            border_radius: 14,
            btn_radius: 22,
            action_text: 'Questions?',
            start_call_text: 'Chat with the bakery',
            end_call_text: 'End chat',
            terms_text: 'Chats are recorded to improve our service.',
            avatar: { type: 'orb', color_1: '#b58900', color_2: '#cb4b16' },
          },
        },
      })
      return created.agent_id as string
    }, allowedHost)

    const visitor = await context.newPage()
    await visitor.goto(allowedOrigin)
    const start = visitor.getByRole('button', { name: /Chat with the bakery/ })
    await start.waitFor()
    const box = await start.boundingBox()
    // bottom-left placement: the button sits in the lower left corner.
    expect(box?.x).toBeLessThan(100)
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan(800)
    const colours = await start.evaluate((b) => getComputedStyle(b).backgroundColor)
    expect(colours).toBe('rgb(253, 246, 227)')
    await shoot(visitor, 'closed')

    await start.click()
    await visitor.getByText('Chats are recorded to improve our service.').waitFor()
    await visitor.getByRole('button', { name: 'Agree' }).click()
    const log = visitor.getByRole('log')
    await log.getByText('Hello! Ask me about our opening hours.').waitFor()
    await visitor.getByRole('textbox', { name: 'Send a message' }).fill('When do you open on Saturday?')
    await visitor.getByRole('button', { name: 'Send', exact: true }).click()
    await log.getByText(/seven in the morning on Saturday/).waitFor({ timeout: 30_000 })
    expect(await log.getByText('When do you open on Saturday?').count()).toBe(1)
    await shoot(visitor, 'chat')
    await visitor.getByRole('button', { name: /End chat/ }).click()

    // The conversation was recorded, with the visitor's words.
    const transcript = await finishedTranscript(app, agentId)
    expect(transcript[0]).toBe('agent: Hello! Ask me about our opening hours.')
    expect(transcript[1]).toBe('user: When do you open on Saturday?')
    expect(transcript[2]).toMatch(/seven in the morning on Saturday/)

    // Another site: no widget, and its page cannot open a conversation with the agent.
    const stranger = await context.newPage()
    await stranger.goto(otherOrigin)
    await stranger.getByText('This website is not on the agent’s allowlist.').waitFor()
    expect(await stranger.getByRole('button', { name: /Chat with the bakery/ }).count()).toBe(0)
    const closed = await stranger.evaluate(
      ({ url, id }) =>
        new Promise<{ code: number; reason: string }>((resolve) => {
          const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/v1/convai/conversation?agent_id=${id}`)
          socket.onclose = (event) => resolve({ code: event.code, reason: event.reason })
        }),
      { url: journey.server.url, id: agentId },
    )
    expect(closed.code).toBe(1008)
    expect(closed.reason).toBe('This website is not on the agent’s allowlist.')
    await shoot(stranger, 'refused')

    // A voice agent on the same site, asked aloud through the fake microphone.
    const voiceAgent = await app.evaluate(async (host) => {
      const documents = (await (await fetch('/v1/convai/knowledge-base')).json()) as {
        documents: { id: string; name: string }[]
      }
      const hours = documents.documents.find((d) => d.name === 'Opening hours')
      const answer = await fetch('/v1/convai/agents/create', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Bakery voice',
          conversation_config: {
            agent: {
              first_message: 'Hi!',
              prompt: { knowledge_base: [{ type: 'text', id: hours?.id, name: 'Opening hours' }] },
            },
          },
          platform_settings: {
            auth: { allowlist: [{ hostname: host }] },
            widget: { variant: 'compact', start_call_text: 'Call the bakery', end_call_text: 'Hang up' },
          },
        }),
      })
      if (!answer.ok) throw new Error(`create answered ${answer.status}: ${await answer.text()}`)
      return ((await answer.json()) as { agent_id: string }).agent_id
    }, allowedHost)
    const rate = 48_000
    const question = await spoken(app, 'When does the bakery open on Saturday?')
    const file = wavFile(
      Buffer.concat([Buffer.alloc(rate), question, Buffer.alloc(rate * 10)]),
      rate,
      'question.wav',
    )
    const listening = await launchChromium([
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${file}`,
    ])
    try {
      const caller = await (await listening.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
      await caller.addInitScript(watchAudio)
      await caller.goto(`${allowedOrigin}/?agent=${voiceAgent}`)
      await caller.getByRole('button', { name: /Call the bakery/ }).click()
      const voiceLog = caller.getByRole('log')
      // What the recogniser heard of the question (its exact words may vary a little; the
      // microphone file repeats, and a busy machine can garble a pass, so several are allowed).
      await voiceLog
        .locator('[data-role=user]', { hasText: /bakery|saturday/i })
        .waitFor({ timeout: 90_000 })
        .catch(async (error: unknown) => {
          // What was heard instead, for whoever reads the failure.
          console.log(`widget voice: heard ${JSON.stringify(await voiceLog.innerText())}`)
          throw error
        })
      await voiceLog
        .getByText(/seven in the morning/)
        .first()
        .waitFor({ timeout: 90_000 })
      // The answer's sound arrives and is played by a running audio context.
      await expect
        .poll(
          () =>
            caller.evaluate(() => {
              const w = window as unknown as {
                played: { afterQuestion: boolean; seconds: number; state: string }[]
              }
              return w.played
                .filter((p) => p.afterQuestion && p.state === 'running')
                .reduce((t, p) => t + p.seconds, 0)
            }),
          { timeout: 30_000 },
        )
        .toBeGreaterThan(1)
      await caller.getByText('Talk to interrupt').waitFor()
      const heard = await caller.evaluate(() => (window as unknown as { heard: string[] }).heard)
      expect(heard.indexOf('audio', heard.indexOf('user_transcript'))).toBeGreaterThan(0)
      await shoot(caller, 'voice')
      await caller.getByRole('button', { name: /Hang up/ }).click()
    } finally {
      await listening.close()
    }
    const voiceTranscript = (await finishedTranscript(app, voiceAgent)).join(' | ')
    // What the recogniser heard of the question (its exact words may vary a little).
    expect(voiceTranscript).toMatch(/user: [^|]*(bakery|saturday)/i)
    expect(voiceTranscript).toMatch(/agent: [^|]*seven in the morning/)
    await context.close()
  }, 300_000)
})
