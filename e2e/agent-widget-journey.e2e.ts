import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shots, signUpAndSignIn, useJourney } from './helpers/journey.js'

// The conversation widget as a site owner and a visitor meet it: one script tag and
// <elevenlabs-convai agent-id> pasted into a plain HTML page on another site (a server this test
// starts); the visitor agrees to the agent's terms and chats with it there, in the agent's
// colours and placement, and the conversation is recorded. A site that is not on the agent's
// allowlist gets no widget, and its page cannot open a conversation either.

const journey = useJourney()

let allowed: Server
let other: Server
let allowedOrigin = ''
let otherOrigin = ''
let agentId = ''

function page(title: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: Georgia, serif; max-width: 680px; margin: 40px auto; padding: 0 16px">
<h1>${title}</h1><p>Fresh bread every morning.</p>
<script src="${journey.server.url}/convai-widget/index.js" async type="text/javascript"></script>
<elevenlabs-convai agent-id="${agentId}"></elevenlabs-convai>
</body></html>`
}

async function site(title: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8')
    res.end(page(title))
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
    const transcript = await app.evaluate(async (id) => {
      for (let i = 0; i < 100; i++) {
        const list = await (await fetch(`/v1/convai/conversations?agent_id=${id}`)).json()
        const first = list.conversations[0]
        if (first && first.status !== 'in-progress') {
          const detail = await (await fetch(`/v1/convai/conversations/${first.conversation_id}`)).json()
          return detail.transcript.map((e: { role: string; message: string }) => `${e.role}: ${e.message}`)
        }
        await new Promise((r) => setTimeout(r, 200))
      }
      return []
    }, agentId)
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
    await context.close()
  })
})
