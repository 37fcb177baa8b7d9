import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js'
import {
  AudioInterface,
  ClientTools,
  Conversation,
} from '@elevenlabs/elevenlabs-js/api/resources/conversationalAi/conversation/index.js'
import { BUILT_IN_NO_ANSWER } from '@timbre/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { createUser, type TestUser, workspaceIdOf } from '../../../../test/helpers/factories.js'
import { type OpenAiChatServer, startOpenAiChatServer } from '../../../../test/helpers/openai-chat-server.js'
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js'
import { LLM_FAILURE_MESSAGE } from './conversation-session.js'

// Live conversations through the official SDK's own conversation client (Node), in text: the
// first message, answers from the built-in engine and from an OpenAI-compatible model, a client
// tool called over the socket with its result in the next turn, records kept and refusals.

class SilentAudio extends AudioInterface {
  start(): void {}
  stop(): void {}
  output(): void {}
  interrupt(): void {}
}

let t: TestApp
let address: string
let owner: TestUser
let sdk: ElevenLabsClient
let llm: OpenAiChatServer

beforeAll(async () => {
  llm = await startOpenAiChatServer((body) => {
    const last = body.messages.at(-1)
    if (last?.role === 'tool') return { text: `I opened the map: ${last.content}.` }
    if (String(last?.content).includes('map'))
      return { toolCalls: [{ id: 'call_9', name: 'show_map', arguments: { city: 'Lyon' } }] }
    return { text: 'Our shop opens at nine.' }
  })
  t = await createTestApp({ env: { AGENTS_LLM_URL: llm.url, AGENTS_LLM_MODELS: 'qwen3-4b,gpt-oss-20b' } })
  owner = await createUser(t.app, t.database)
  address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  const key = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: owner.auth,
    payload: { name: 'sdk', permissions: ['convai'] },
  })
  sdk = new ElevenLabsClient({ apiKey: key.json().api_key, baseUrl: address, maxRetries: 0 })
})
afterAll(async () => {
  await t?.close()
  await llm?.close()
})

function until<T>(check: () => T | undefined, ms = 10_000): Promise<T> {
  const started = Date.now()
  return new Promise((resolve, reject) => {
    const poll = () => {
      const value = check()
      if (value !== undefined) return resolve(value)
      if (Date.now() - started > ms) return reject(new Error('timed out'))
      setTimeout(poll, 20)
    }
    poll()
  })
}

async function talk(agentId: string, tools = new ClientTools()) {
  const responses: string[] = []
  const messages: Array<{ type: string }> = []
  const conversation = new Conversation({
    // The conversation client is typed against the generated client; the wrapper is the same client.
    client: sdk as never,
    agentId,
    requiresAuth: true,
    audioInterface: new SilentAudio(),
    clientTools: tools,
    callbackAgentResponse: (text) => responses.push(text),
    callbackMessageReceived: (message) => messages.push(message as { type: string }),
  })
  const ended = new Promise<void>((resolve) => conversation.on('session_ended', () => resolve()))
  await conversation.startSession()
  await until(() => conversation.getConversationId())
  return { conversation, responses, messages, ended }
}

describe('the conversation socket with the SDK conversation client', () => {
  it('greets, answers honestly with the built-in engine, calls a client tool and keeps the record', async () => {
    const tool = await sdk.conversationalAi.tools.create({
      toolConfig: { type: 'client', name: 'show_map', description: 'Shows a map', expectsResponse: true },
    })
    const { agentId } = await sdk.conversationalAi.agents.create({
      name: 'Shop',
      conversationConfig: {
        agent: { firstMessage: 'Hi {{name}}, welcome to the shop.', prompt: { toolIds: [tool.id] } },
      },
    })
    const tools = new ClientTools()
    const calls: unknown[] = []
    tools.register('show_map', async (parameters) => {
      calls.push(parameters)
      return 'The map is on screen'
    })
    const { conversation, responses, messages } = await talk(agentId, tools)
    await until(() => (responses.length >= 1 ? true : undefined))
    expect(responses[0]).toBe('Hi {{name}}, welcome to the shop.')
    conversation.sendUserMessage('What is the capital of Peru?')
    await until(() => (responses.length >= 2 ? true : undefined))
    expect(responses[1]).toBe(BUILT_IN_NO_ANSWER.trim())
    conversation.sendUserMessage('Please show map of the area')
    await until(() => (responses.length >= 3 ? true : undefined))
    expect(calls).toHaveLength(1)
    expect(responses[2]).toBe('The map is on screen')
    expect(messages.map((m) => m.type)).toContain('client_tool_call')
    expect(messages.map((m) => m.type)).toContain('user_transcript')
    const id = conversation.getConversationId() as string
    conversation.endSession()

    const record = await untilAsync(async () => {
      const got = await sdk.conversationalAi.conversations.get(id)
      return got.status === 'done' ? got : undefined
    })
    expect(record.agentId).toBe(agentId)
    expect(record.transcript.map((e) => e.role)).toEqual(['agent', 'user', 'agent', 'user', 'agent', 'agent'])
    expect(record.transcript[4]?.toolCalls?.[0]?.toolName).toBe('show_map')
    const list = await sdk.conversationalAi.conversations.list({ agentId })
    expect(list.conversations.map((c) => c.conversationId)).toEqual([id])
    expect((await sdk.conversationalAi.tools.get(tool.id)).usageStats.totalCalls).toBe(1)
    await sdk.conversationalAi.conversations.feedback.create(id, { feedback: 'like' })
    await sdk.conversationalAi.conversations.delete(id)
    expect((await sdk.conversationalAi.conversations.list({ agentId })).conversations).toEqual([])
  })

  it('runs on an OpenAI-compatible model: its tool call reaches the client and the result the next request', async () => {
    const tool = await sdk.conversationalAi.tools.create({
      toolConfig: {
        type: 'client',
        name: 'show_map',
        description: 'Shows a map of a city',
        parameters: { type: 'object', properties: { city: { type: 'string', description: 'City' } } },
        expectsResponse: true,
      },
    })
    const { agentId } = await sdk.conversationalAi.agents.create({
      conversationConfig: {
        agent: {
          prompt: { prompt: 'You are a shop assistant.', toolIds: [tool.id], llm: 'qwen3-4b' },
        },
      },
    })
    const tools = new ClientTools()
    const calls: Array<Record<string, unknown>> = []
    tools.register('show_map', async (parameters) => {
      calls.push(parameters as Record<string, unknown>)
      return 'shown'
    })
    const { conversation, responses } = await talk(agentId, tools)
    conversation.sendUserMessage('When do you open?')
    await until(() => (responses.length >= 1 ? true : undefined))
    expect(responses[0]).toBe('Our shop opens at nine.')
    conversation.sendUserMessage('Show me the map')
    await until(() => (responses.length >= 2 ? true : undefined))
    expect(calls[0]).toMatchObject({ city: 'Lyon' })
    expect(responses[1]).toBe('I opened the map: shown.')
    const toolRequest = llm.requests.at(-1)
    expect(toolRequest?.model).toBe('qwen3-4b')
    expect(toolRequest?.messages[0]).toMatchObject({ role: 'system', content: 'You are a shop assistant.' })
    expect(toolRequest?.messages.at(-1)).toMatchObject({
      role: 'tool',
      tool_call_id: 'call_9',
      content: 'shown',
    })
    expect(toolRequest?.tools?.[0]?.function.name).toBe('show_map')
    conversation.endSession()
  })
})

async function untilAsync<T>(check: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const started = Date.now()
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() - started > ms) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('the conversation socket refuses and fails cleanly', () => {
  async function rawSocket(url: string, headers: Record<string, string> = {}) {
    const socket = new WebSocket(url, { headers })
    const received: Array<Record<string, unknown>> = []
    socket.on('message', (data) => received.push(JSON.parse(data.toString())))
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    )
    await new Promise((resolve, reject) => {
      socket.once('open', resolve)
      socket.once('error', reject)
    })
    return { socket, received, closed }
  }

  it('says so in its own words when the model is down, and records the conversation as failed', async () => {
    await llm.close()
    const { agentId } = await sdk.conversationalAi.agents.create({
      conversationConfig: { agent: { prompt: { llm: 'qwen3-4b' } } },
    })
    const { conversation, responses, ended } = await talk(agentId)
    const id = conversation.getConversationId() as string
    conversation.sendUserMessage('hello?')
    await until(() => (responses.length >= 1 ? true : undefined), 30_000)
    expect(responses[0]).toBe(LLM_FAILURE_MESSAGE)
    await ended
    const record = await untilAsync(async () => {
      const got = await sdk.conversationalAi.conversations.get(id)
      return got.status === 'failed' ? got : undefined
    })
    expect(record.status).toBe('failed')
  }, 40_000)

  it('answers an unknown message type with an error and keeps the conversation', async () => {
    const { agentId } = await sdk.conversationalAi.agents.create({
      conversationConfig: { agent: { firstMessage: 'Hello' } },
    })
    const { signedUrl } = await sdk.conversationalAi.conversations.getSignedUrl({ agentId })
    const { socket, received } = await rawSocket(signedUrl)
    socket.send(JSON.stringify({ type: 'conversation_initiation_client_data', dynamic_variables: {} }))
    socket.send(JSON.stringify({ type: 'made_up' }))
    await until(() => received.find((m) => m.type === 'error'))
    expect(received.find((m) => m.type === 'error')).toMatchObject({
      error_event: { message: 'Unknown system message type: made_up' },
    })
    socket.send(JSON.stringify({ type: 'user_message', text: 'still there?' }))
    await until(() => received.filter((m) => m.type === 'agent_response').length >= 2 || undefined)
    socket.close()
  })

  it('refuses an origin that is not on the allowlist, a bad signature, and too many conversations', async () => {
    const { agentId } = await sdk.conversationalAi.agents.create({
      conversationConfig: {},
      platformSettings: { auth: { allowlist: [{ hostname: 'shop.example.com' }] } },
    })
    const base = address.replace('http', 'ws')
    const refused = await rawSocket(`${base}/v1/convai/conversation?agent_id=${agentId}`, {
      origin: 'https://evil.example.net',
    })
    expect((await refused.closed).code).toBe(1008)
    expect(refused.received[0]).toMatchObject({ error_event: { error_type: 'conversation_origin_refused' } })
    const allowed = await rawSocket(`${base}/v1/convai/conversation?agent_id=${agentId}`, {
      origin: 'https://shop.example.com',
    })
    allowed.socket.send(JSON.stringify({ type: 'conversation_initiation_client_data' }))
    await until(() => allowed.received.find((m) => m.type === 'conversation_initiation_metadata'))
    allowed.socket.close()

    const forged = await rawSocket(`${base}/v1/convai/conversation?conversation_signature=abc.def`)
    expect((await forged.closed).code).toBe(1008)

    // The free plan allows 4 conversations at once: four live ones fill it.
    const workspaceId = await workspaceIdOf(t.database.db, owner.userId)
    for (let i = 0; i < 4; i++)
      await t.database.db
        .insertInto('convai_conversations')
        .values({
          id: `live_${i}`,
          workspace_id: workspaceId,
          agent_id: agentId,
          status: 'in-progress',
          mode: 'text',
        })
        .execute()
    const { signedUrl } = await sdk.conversationalAi.conversations.getSignedUrl({ agentId })
    const full = await rawSocket(signedUrl)
    expect((await full.closed).code).toBe(1008)
    expect(full.received[0]).toMatchObject({ error_event: { error_type: 'convai_concurrency_exceeded' } })
  })
})

describe('simulated conversations', () => {
  it('plays a simulated user against the agent and stores nothing', async () => {
    const { agentId } = await sdk.conversationalAi.agents.create({
      conversationConfig: { agent: { firstMessage: 'Welcome!' } },
    })
    const before = (await sdk.conversationalAi.conversations.list({ agentId })).conversations.length
    const result = await sdk.conversationalAi.agents.simulateConversation(agentId, {
      simulationSpecification: { simulatedUserConfig: { firstMessage: 'Do you sell umbrellas?' } },
      newTurnsLimit: 3,
    })
    expect(result.simulatedConversation.map((e) => [e.role, e.message])).toEqual([
      ['agent', 'Welcome!'],
      ['user', 'Do you sell umbrellas?'],
      ['agent', BUILT_IN_NO_ANSWER],
    ])
    expect(result.analysis.callSuccessful).toBe('success')
    expect((await sdk.conversationalAi.conversations.list({ agentId })).conversations.length).toBe(before)
  })
})
