import type { IncomingHttpHeaders } from 'node:http'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js'
import {
  AudioInterface,
  Conversation,
} from '@elevenlabs/elevenlabs-js/api/resources/conversationalAi/conversation/index.js'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../../test/helpers/factories.js'
import { type OpenAiChatServer, startOpenAiChatServer } from '../../../../test/helpers/openai-chat-server.js'
import { runJob } from '../../../../test/helpers/run-job.js'
import { type SelfSignedCertificate, selfSignedCertificate } from '../../../../test/helpers/self-signed.js'
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js'

// Post-call analysis and the post-call webhook: a conversation ends, its criteria are judged and
// its data items extracted (by the agent's OpenAI-compatible model, or by written rules on the
// built-in engine), the analysis is stored in the public API's shape, and the workspace webhook
// the convai settings name receives the signed conversation, once, even when the sweep picks a
// conversation up again after a crash.

class SilentAudio extends AudioInterface {
  heardBytes = 0
  start(): void {}
  stop(): void {}
  output(audio: Buffer): void {
    this.heardBytes += audio.length
  }
  interrupt(): void {}
}

let t: TestApp
let llm: OpenAiChatServer
let tls: SelfSignedCertificate
let receiver: Server
let sdk: ElevenLabsClient
let owner: TestUser
let webhookSecret: string
let webhookId: string
const received: Array<{ headers: IncomingHttpHeaders; body: string }> = []

function systemOf(body: { messages: Array<{ role: string; content: string | null }> }): string {
  return body.messages.find((m) => m.role === 'system')?.content ?? ''
}

beforeAll(async () => {
  tls = selfSignedCertificate('IP:127.0.0.1,DNS:localhost')
  receiver = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
      res.end('{}')
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  llm = await startOpenAiChatServer((body) => {
    const system = systemOf(body)
    const question = body.messages.at(-1)?.content ?? ''
    if (system.includes('against a goal'))
      return question.includes('refund')
        ? { text: 'failure\nThe user never asked for a refund.' }
        : { text: 'success\nThe agent told the user when order A-17 ships.' }
    if (system.includes('extract one value'))
      return { text: 'Here it is: {"value": "A-17", "rationale": "The user named order A-17."}' }
    if (system.includes('Summarise'))
      return { text: 'The user asked when order A-17 ships; it ships tomorrow.' }
    return { text: 'Order A-17 ships tomorrow.' }
  })
  t = await createTestApp({
    env: {
      AGENTS_LLM_URL: llm.url,
      AGENTS_LLM_MODELS: 'qwen3-4b',
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
      WEBHOOK_CA_FILE: tls.certPath,
    },
  })
  owner = await createUser(t.app, t.database)
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  const key = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: owner.auth,
    payload: { name: 'sdk' },
  })
  sdk = new ElevenLabsClient({ apiKey: key.json().api_key, baseUrl: address, maxRetries: 0 })
  const hook = await t.app.inject({
    method: 'POST',
    url: '/v1/workspace/webhooks',
    headers: owner.auth,
    payload: {
      settings: {
        auth_type: 'hmac',
        name: 'Calls',
        webhook_url: `https://127.0.0.1:${(receiver.address() as AddressInfo).port}/calls`,
      },
    },
  })
  webhookSecret = hook.json().webhook_secret
  webhookId = hook.json().webhook_id
  await sdk.conversationalAi.settings.update({ webhooks: { postCallWebhookId: hook.json().webhook_id } })
}, 120_000)

afterAll(async () => {
  await t?.close()
  await llm?.close()
  receiver?.closeAllConnections()
  receiver?.close()
  tls?.remove()
})

async function talk(agentId: string, says: string): Promise<string> {
  const replies: string[] = []
  const conversation = new Conversation({
    client: sdk as never,
    agentId,
    requiresAuth: true,
    audioInterface: new SilentAudio(),
    callbackAgentResponse: (text) => replies.push(text),
  })
  await conversation.startSession()
  await until(() => replies.length > 0)
  const conversationId = conversation.getConversationId() ?? ''
  conversation.sendUserMessage(says)
  await until(() => replies.length > 1)
  conversation.endSession()
  return conversationId
}

async function until(done: () => boolean, ms = 20_000): Promise<void> {
  for (let waited = 0; !done(); waited += 50) {
    if (waited > ms) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function analysed(conversationId: string) {
  for (let i = 0; i < 400; i++) {
    const row = await t.database.db
      .selectFrom('convai_conversations')
      .select(['post_call_at'])
      .where('id', '=', conversationId)
      .executeTakeFirst()
    if (row?.post_call_at) break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return sdk.conversationalAi.conversations.get(conversationId)
}

const deliveredFor = (conversationId: string) =>
  received.filter((r) => JSON.parse(r.body).data?.conversation_id === conversationId)

describe('post-call analysis and webhook', () => {
  it('judges criteria and extracts data with the agent’s model, then sends the signed webhook', async () => {
    const { agentId } = await sdk.conversationalAi.agents.create({
      name: 'Orders',
      conversationConfig: {
        conversation: { textOnly: true },
        agent: { firstMessage: 'Hello, how can I help?', prompt: { llm: 'qwen3-4b' } },
      },
      platformSettings: {
        evaluation: {
          criteria: [
            {
              id: 'shipping',
              name: 'Shipping date',
              conversationGoalPrompt: 'The agent says when the order ships.',
            },
            { id: 'refund', name: 'Refund', conversationGoalPrompt: 'The user got a refund.' },
          ],
        },
        dataCollection: { order_id: { type: 'string', description: 'The order number the user names.' } },
      },
    })
    const id = await talk(agentId, 'When does order A-17 ship?')
    const conversation = await analysed(id)
    expect(conversation.analysis).toMatchObject({
      callSuccessful: 'failure',
      transcriptSummary: 'The user asked when order A-17 ships; it ships tomorrow.',
      evaluationCriteriaResults: {
        shipping: {
          criteriaId: 'shipping',
          result: 'success',
          rationale: 'The agent told the user when order A-17 ships.',
        },
        refund: { criteriaId: 'refund', result: 'failure', rationale: 'The user never asked for a refund.' },
      },
      dataCollectionResults: {
        order_id: { dataCollectionId: 'order_id', value: 'A-17', rationale: 'The user named order A-17.' },
      },
    })
    // The model read the whole transcript for each question.
    const criterionAsk = llm.requests.find((r) => systemOf(r).includes('against a goal'))
    expect(criterionAsk?.messages.at(-1)?.content).toContain('User: When does order A-17 ship?')
    expect(criterionAsk?.messages.at(-1)?.content).toContain('Agent: Order A-17 ships tomorrow.')

    await until(() => deliveredFor(id).length > 0)
    const [delivery] = deliveredFor(id)
    const signature = delivery?.headers['elevenlabs-signature'] as string
    const event = await sdk.webhooks.constructEvent(delivery?.body ?? '', signature, webhookSecret)
    expect(event.type).toBe('post_call_transcription')
    expect(event.data).toMatchObject({
      agent_id: agentId,
      conversation_id: id,
      status: 'done',
      analysis: { call_successful: 'failure', data_collection_results: { order_id: { value: 'A-17' } } },
    })
    expect(event.data.transcript.map((e: { message: string }) => e.message)).toEqual([
      'Hello, how can I help?',
      'When does order A-17 ship?',
      'Order A-17 ships tomorrow.',
    ])
    await expect(
      sdk.webhooks.constructEvent(delivery?.body ?? '', signature, 'wrong-secret'),
    ).rejects.toThrow()
  }, 60_000)

  it('judges written rules with the built-in engine, and a crashed post-call is done once by the sweep', async () => {
    const { agentId } = await sdk.conversationalAi.agents.create({
      name: 'Refunds',
      conversationConfig: { conversation: { textOnly: true }, agent: { firstMessage: 'Hi there.' } },
      platformSettings: {
        evaluation: {
          criteria: [
            { id: 'asked', name: 'Asked', conversationGoalPrompt: 'The user says "refund".' },
            { id: 'polite', name: 'Polite', conversationGoalPrompt: 'not "stupid"' },
            { id: 'closed', name: 'Closed', conversationGoalPrompt: 'The agent says "goodbye".' },
          ],
        },
        dataCollection: {
          amount: { type: 'number', description: 'The amount after "refund of".' },
          channel: { type: 'string', description: 'How they paid.', enum: ['card', 'cash'] },
        },
      },
    })
    const id = await talk(agentId, 'I want a refund of 30 euros, I paid by card.')
    const first = await analysed(id)
    expect(first.analysis).toMatchObject({
      callSuccessful: 'failure',
      evaluationCriteriaResults: {
        asked: { result: 'success' },
        polite: { result: 'success' },
        closed: { result: 'failure', rationale: 'Not met: agent said "goodbye".' },
      },
      dataCollectionResults: { amount: { value: 30 }, channel: { value: 'card' } },
    })
    expect(first.analysis?.transcriptSummary).toContain('The user first said: "I want a refund of 30 euros')
    await until(() => deliveredFor(id).length === 1)

    // As if the process had stopped before the post-call work: the sweep queues it again.
    await t.database.db
      .updateTable('convai_conversations')
      .set({ post_call_at: null, analysis: null, ended_at: sql<Date>`now() - interval '10 minutes'` })
      .where('id', '=', id)
      .execute()
    const stored = await t.database.db
      .selectFrom('convai_conversations')
      .select('analysis')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(stored.analysis).toBeNull()
    await runJob(t.database, 'convai.sweep', {})
    const again = await analysed(id)
    expect(again.analysis?.evaluationCriteriaResults?.asked?.result).toBe('success')
    await until(() => deliveredFor(id).length === 2)
    // Done work is not done twice: another sweep and another run send nothing more.
    await runJob(t.database, 'convai.post-call', { conversationId: id })
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(deliveredFor(id)).toHaveLength(2)
  }, 180_000)
})

describe('a custom language model', () => {
  it('gets the agent’s request headers, secrets resolved, in the call and in the post-call analysis', async () => {
    const own = await startOpenAiChatServer(
      (body) =>
        systemOf(body).includes('against a goal')
          ? { text: 'success\nThe agent answered.' }
          : { text: 'Answered by my own model.' },
      { key: tls.key, cert: tls.cert },
    )
    try {
      const { secretId } = await sdk.conversationalAi.secrets.create({
        name: 'team key',
        value: 'sk-team-42',
      })
      const { agentId } = await sdk.conversationalAi.agents.create({
        name: 'Own model',
        conversationConfig: {
          conversation: { textOnly: true },
          agent: {
            firstMessage: 'Hi.',
            prompt: {
              llm: 'custom-llm',
              customLlm: {
                url: own.url,
                modelId: 'team-model',
                apiKey: { secretId },
                requestHeaders: { 'X-Team-Key': { secretId }, 'X-Team': 'support' },
              },
            },
          },
        },
        platformSettings: {
          evaluation: {
            criteria: [{ id: 'answered', name: 'Answered', conversationGoalPrompt: 'It answers.' }],
          },
        },
      })
      const id = await talk(agentId, 'Hello?')
      const conversation = await analysed(id)
      expect(conversation.analysis?.evaluationCriteriaResults?.answered?.result).toBe('success')
      const judged = own.requests.findIndex((r) => systemOf(r).includes('against a goal'))
      const chatted = own.requests.findIndex((r) => r.messages.at(-1)?.content === 'Hello?')
      expect(judged).toBeGreaterThanOrEqual(0)
      expect(chatted).toBeGreaterThanOrEqual(0)
      for (const index of [chatted, judged])
        expect(own.headers[index]).toMatchObject({
          'x-team-key': 'sk-team-42',
          'x-team': 'support',
          authorization: 'Bearer sk-team-42',
        })
      // The secret's value is never shown back with the agent.
      const agent = await t.app.inject({
        method: 'GET',
        url: `/v1/convai/agents/${agentId}`,
        headers: owner.auth,
      })
      expect(agent.body).not.toContain('sk-team-42')
    } finally {
      await own.close()
    }
  }, 60_000)
})

describe('the post-call webhook setting', () => {
  it('refuses a webhook that is not the workspace’s own, on the settings and on an agent', async () => {
    const other = await createUser(t.app, t.database)
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/v1/workspace/webhooks',
      headers: other.auth,
      payload: {
        settings: { auth_type: 'hmac', name: 'Theirs', webhook_url: 'https://127.0.0.1:9/theirs' },
      },
    })
    expect(theirs.statusCode).toBe(200)
    for (const id of ['no-such-webhook', theirs.json().webhook_id]) {
      const settings = await t.app.inject({
        method: 'PATCH',
        url: '/v1/convai/settings',
        headers: owner.auth,
        payload: { webhooks: { post_call_webhook_id: id } },
      })
      expect(settings.statusCode).toBe(422)
      expect(settings.json().detail).toMatchObject({
        message: 'post_call_webhook_id names no webhook of this workspace.',
        param: 'post_call_webhook_id',
      })
      await expect(
        sdk.conversationalAi.agents.create({
          name: 'Bad hook',
          conversationConfig: {},
          platformSettings: { workspaceOverrides: { webhooks: { postCallWebhookId: id } } },
        }),
      ).rejects.toMatchObject({ statusCode: 422 })
    }
    // Nothing half-written: the workspace still names its own webhook.
    const kept = await sdk.conversationalAi.settings.get()
    expect(kept.webhooks?.postCallWebhookId).toBe(webhookId)
    const { agentId } = await sdk.conversationalAi.agents.create({
      name: 'Good hook',
      conversationConfig: {},
    })
    await expect(
      sdk.conversationalAi.agents.update(agentId, {
        platformSettings: { workspaceOverrides: { webhooks: { postCallWebhookId: 'no-such-webhook' } } },
      }),
    ).rejects.toMatchObject({ statusCode: 422 })
    const updated = await sdk.conversationalAi.agents.update(agentId, {
      platformSettings: { workspaceOverrides: { webhooks: { postCallWebhookId: webhookId } } },
    })
    expect(updated.platformSettings?.workspaceOverrides?.webhooks?.postCallWebhookId).toBe(webhookId)
  }, 60_000)

  it('sends the call’s recording as a signed post_call_audio event when the agent asks for audio', async () => {
    const { agentId } = await sdk.conversationalAi.agents.create({
      name: 'Recorded',
      conversationConfig: { agent: { firstMessage: 'Hello, this call is recorded.' } },
      platformSettings: {
        workspaceOverrides: { webhooks: { postCallWebhookId: webhookId, events: ['transcript', 'audio'] } },
      },
    })
    const caller = new SilentAudio()
    const conversation = new Conversation({
      client: sdk as never,
      agentId,
      requiresAuth: true,
      audioInterface: caller,
    })
    await conversation.startSession()
    await until(() => caller.heardBytes > 16_000, 30_000)
    const id = conversation.getConversationId() ?? ''
    await new Promise((resolve) => setTimeout(resolve, 1500))
    conversation.endSession()
    await until(() => deliveredFor(id).length === 2, 30_000)
    const events = await Promise.all(
      deliveredFor(id).map((d) =>
        sdk.webhooks.constructEvent(d.body, d.headers['elevenlabs-signature'] as string, webhookSecret),
      ),
    )
    expect(events.map((e) => e.type)).toEqual(['post_call_transcription', 'post_call_audio'])
    const audio = events[1]
    expect(audio.data).toMatchObject({ agent_id: agentId, conversation_id: id })
    const mp3 = Buffer.from(audio.data.full_audio as string, 'base64')
    // An MPEG audio frame: the sync word, then MPEG-2 layer III (the call's 16 kHz).
    expect(mp3[0]).toBe(0xff)
    expect((mp3[1] ?? 0) & 0xfe).toBe(0xf2)
    // At 32 kbps, more than a second of the call (the greeting) is in it.
    expect(mp3.length).toBeGreaterThan(4000)

    // A call whose settings do not ask for audio gets the transcription only.
    const { agentId: quiet } = await sdk.conversationalAi.agents.create({
      name: 'Not recorded',
      conversationConfig: { conversation: { textOnly: true }, agent: { firstMessage: 'Hi.' } },
    })
    const quietId = await talk(quiet, 'Hello there.')
    await until(() => deliveredFor(quietId).length === 1)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(deliveredFor(quietId).map((d) => JSON.parse(d.body).type)).toEqual(['post_call_transcription'])
  }, 90_000)
})
