import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js'
import {
  AudioInterface,
  Conversation,
} from '@elevenlabs/elevenlabs-js/api/resources/conversationalAi/conversation/index.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../../../test/helpers/factories.js'
import { type OpenAiChatServer, startOpenAiChatServer } from '../../../../test/helpers/openai-chat-server.js'
import { type SelfSignedCertificate, selfSignedCertificate } from '../../../../test/helpers/self-signed.js'
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js'

// A webhook tool called from the OpenAI-compatible model's tool call: the path parameter lands in
// the URL, the rest in the body, the receiver's answer reaches the model's next request.

class SilentAudio extends AudioInterface {
  start(): void {}
  stop(): void {}
  output(): void {}
  interrupt(): void {}
}

let t: TestApp
let llm: OpenAiChatServer
let tls: SelfSignedCertificate
let receiver: Server
let receiverUrl: string
const received: Array<{ method: string; path: string; body: string }> = []

beforeAll(async () => {
  tls = selfSignedCertificate('IP:127.0.0.1,DNS:localhost')
  receiver = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        body: Buffer.concat(chunks).toString('utf8'),
      })
      res.setHeader('content-type', 'application/json')
      res.end('{"status":"shipped"}')
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  receiverUrl = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}`
  llm = await startOpenAiChatServer((body) => {
    const last = body.messages.at(-1)
    if (last?.role === 'tool') return { text: `Your order is ${JSON.parse(last.content ?? '{}').status}.` }
    return {
      toolCalls: [{ id: 'call_1', name: 'order_status', arguments: { order_id: 'A-17', note: 'urgent' } }],
    }
  })
  t = await createTestApp({
    env: {
      AGENTS_LLM_URL: llm.url,
      AGENTS_LLM_MODELS: 'qwen3-4b',
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
      WEBHOOK_CA_FILE: tls.certPath,
    },
  })
})
afterAll(async () => {
  await t?.close()
  await llm?.close()
  receiver?.close()
  tls?.remove()
})

describe('webhook tools in a conversation', () => {
  it('calls the webhook with the model’s arguments and gives its answer back to the model', async () => {
    const owner = await createUser(t.app, t.database)
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const key = await t.app.inject({
      method: 'POST',
      url: '/v1/user/api-keys',
      headers: owner.auth,
      payload: { name: 'sdk', permissions: ['convai'] },
    })
    const sdk = new ElevenLabsClient({ apiKey: key.json().api_key, baseUrl: address, maxRetries: 0 })
    const tool = await sdk.conversationalAi.tools.create({
      toolConfig: {
        type: 'webhook',
        name: 'order_status',
        description: 'Looks up an order',
        apiSchema: {
          url: `${receiverUrl}/orders/{order_id}`,
          method: 'POST',
          pathParamsSchema: { order_id: { type: 'string', description: 'The order' } },
          requestBodySchema: {
            type: 'object',
            properties: { note: { type: 'string', description: 'A note' } },
          },
        },
      },
    })
    const { agentId } = await sdk.conversationalAi.agents.create({
      conversationConfig: { agent: { prompt: { llm: 'qwen3-4b', toolIds: [tool.id] } } },
    })
    const responses: string[] = []
    const conversation = new Conversation({
      client: sdk as never,
      agentId,
      requiresAuth: true,
      audioInterface: new SilentAudio(),
      callbackAgentResponse: (text) => responses.push(text),
    })
    await conversation.startSession()
    await new Promise((resolve) => setTimeout(resolve, 300))
    conversation.sendUserMessage('Where is my order A-17?')
    for (let i = 0; i < 200 && responses.length === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 50))
    conversation.endSession()
    expect(received).toEqual([{ method: 'POST', path: '/orders/A-17', body: '{"note":"urgent"}' }])
    expect(llm.requests.at(-1)?.messages.at(-1)).toMatchObject({
      role: 'tool',
      content: '{"status":"shipped"}',
    })
    expect(responses).toEqual(['Your order is shipped.'])
  })
})
