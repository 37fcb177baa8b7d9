import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js'
import {
  AudioInterface,
  Conversation,
} from '@elevenlabs/elevenlabs-js/api/resources/conversationalAi/conversation/index.js'
import { CONVAI_REENGAGE_MESSAGE, CONVAI_REENGAGE_MESSAGES } from '@timbre/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { createUser, type TestUser } from '../../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js'
import { creditsForSeconds } from './conversation-charge.js'

// A voice agent re-engages a caller silent for its turn timeout (and does not when it is -1);
// a call a member opens from the app (the playground's signed URL) is charged at the development
// discount, one through an API key at the full price, both through the credits ledger.

/** A caller that never speaks, and counts the agent's audio it hears. */
class SilentCaller extends AudioInterface {
  heardBytes = 0
  start(): void {}
  stop(): void {}
  output(audio: Buffer): void {
    this.heardBytes += audio.length
  }
  interrupt(): void {}
}

let t: TestApp
let address: string
let owner: TestUser
let sdk: ElevenLabsClient

beforeAll(async () => {
  t = await createTestApp()
  owner = await createUser(t.app, t.database)
  address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  const key = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: owner.auth,
    payload: { name: 'sdk' },
  })
  sdk = new ElevenLabsClient({ apiKey: key.json().api_key, baseUrl: address, maxRetries: 0 })
}, 60_000)
afterAll(async () => {
  await t?.close()
})

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function silentCall(turnTimeout: number, listenMs: number, language = 'en'): Promise<string[]> {
  const { agentId } = await sdk.conversationalAi.agents.create({
    conversationConfig: { agent: { firstMessage: 'Hello.', language }, turn: { turnTimeout } },
  })
  const heard: string[] = []
  const caller = new SilentCaller()
  const conversation = new Conversation({
    client: sdk as never,
    agentId,
    requiresAuth: true,
    audioInterface: caller,
    callbackAgentResponse: (text) => heard.push(text),
  })
  await conversation.startSession()
  // The silence counts from when the greeting has been spoken.
  for (let i = 0; i < 1200 && caller.heardBytes === 0; i++) await pause(50)
  await pause(listenMs)
  conversation.endSession()
  return heard
}

describe('turn timeout', () => {
  it('re-engages a silent caller after the turn timeout, again and again', async () => {
    const heard = await silentCall(1, 5000)
    expect(heard[0]).toBe('Hello.')
    expect(heard.length).toBeGreaterThanOrEqual(3)
    expect(new Set(heard.slice(1))).toEqual(new Set([CONVAI_REENGAGE_MESSAGE]))
  }, 60_000)

  it('re-engages in the agent’s language', async () => {
    const heard = await silentCall(1, 2500, 'fr')
    expect(heard.length).toBeGreaterThanOrEqual(2)
    expect(new Set(heard.slice(1))).toEqual(new Set([CONVAI_REENGAGE_MESSAGES.fr]))
    expect(CONVAI_REENGAGE_MESSAGES.fr).not.toBe(CONVAI_REENGAGE_MESSAGE)
  }, 60_000)

  it('never re-engages when the turn timeout is -1', async () => {
    expect(await silentCall(-1, 3000)).toEqual(['Hello.'])
  }, 60_000)
})

describe('the development discount', () => {
  async function callFor(signedUrl: string, ms: number): Promise<string> {
    const socket = new WebSocket(signedUrl.replace(/^ws:\/\/[^/]+/, address.replace(/^http/, 'ws')))
    const received: Array<Record<string, unknown>> = []
    socket.on('message', (data) => received.push(JSON.parse(data.toString())))
    await new Promise((resolve, reject) => {
      socket.once('open', resolve)
      socket.once('error', reject)
    })
    socket.send(JSON.stringify({ type: 'conversation_initiation_client_data' }))
    await pause(ms)
    socket.close()
    const metadata = received.find((m) => m.type === 'conversation_initiation_metadata') as {
      conversation_initiation_metadata_event: { conversation_id: string }
    }
    const id = metadata.conversation_initiation_metadata_event.conversation_id
    for (let i = 0; i < 200; i++) {
      if ((await sdk.conversationalAi.conversations.get(id)).status !== 'in-progress') break
      await pause(50)
    }
    return id
  }

  it('charges half for a call opened from the app, full price through an API key', async () => {
    const { agentId } = await sdk.conversationalAi.agents.create({
      conversationConfig: { conversation: { textOnly: true }, agent: { firstMessage: 'Hi.' } },
    })
    const fromApp = await t.app.inject({
      method: 'GET',
      url: `/v1/convai/conversation/get-signed-url?agent_id=${agentId}`,
      headers: owner.auth,
    })
    const playground = await callFor(fromApp.json().signed_url, 4200)
    const { signedUrl } = await sdk.conversationalAi.conversations.getSignedUrl({ agentId })
    const production = await callFor(signedUrl, 4200)

    const tier = (await sdk.user.subscription.get()).tier as never
    const costOf = async (id: string) => {
      const { metadata } = await sdk.conversationalAi.conversations.get(id)
      return {
        seconds: metadata.callDurationSecs,
        cost: metadata.cost,
        discounted: (metadata.charging as { devDiscount?: boolean } | undefined)?.devDiscount,
      }
    }
    const dev = await costOf(playground)
    const full = await costOf(production)
    expect(dev.seconds).toBeGreaterThanOrEqual(4)
    expect(dev).toMatchObject({ discounted: true, cost: creditsForSeconds(tier, dev.seconds, true) })
    expect(full).toMatchObject({ discounted: false, cost: creditsForSeconds(tier, full.seconds) })
    expect(dev.cost).toBeGreaterThan(0)
    expect(dev.cost).toBeLessThan(full.cost as number)
    const ledger = await t.database.db
      .selectFrom('credit_ledger')
      .select(['request_id', 'state', 'characters'])
      .where('request_id', 'in', [playground, production])
      .execute()
    expect(
      ledger
        .map((row) => ({ ...row, characters: Number(row.characters) }))
        .sort((a, b) => a.characters - b.characters),
    ).toEqual([
      { request_id: playground, state: 'charged', characters: dev.cost },
      { request_id: production, state: 'charged', characters: full.cost },
    ])
  }, 60_000)
})
