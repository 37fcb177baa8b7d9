import type { ElevenLabs, ElevenLabsClient } from '@elevenlabs/elevenlabs-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { createUser, type TestUser } from '../../../../test/helpers/factories.js'
import { type OpenAiChatServer, startOpenAiChatServer } from '../../../../test/helpers/openai-chat-server.js'
import { sdkClientFor } from '../../../../test/helpers/sdk-client.js'
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js'

// Workflows running in live conversations over the real socket, in text: the override node's
// first message and prompt, a tool node's result choosing the edge, LLM conditions judged by an
// OpenAI-compatible model (and by the built-in engine's written rules), a hand-over to another
// agent, a transfer and an end node ending the call; the record names the nodes visited.

let t: TestApp
let sdk: ElevenLabsClient
let llm: OpenAiChatServer
let owner: TestUser

const JUDGE = 'You decide whether a condition holds'

function lastUserLine(question: string): string {
  return (
    question
      .split('\n')
      .filter((l) => l.startsWith('User: '))
      .at(-1) ?? ''
  )
}

beforeAll(async () => {
  llm = await startOpenAiChatServer((body) => {
    const system = String(body.messages[0]?.content)
    const last = body.messages.at(-1)
    if (system.startsWith(JUDGE)) {
      const question = String(last?.content)
      const said = lastUserLine(question)
      if (question.includes('Condition: The user gives an order number'))
        return { text: /order \d+/.test(said) ? 'yes' : 'no' }
      if (question.includes('Condition: The user says goodbye'))
        return { text: /goodbye/i.test(said) ? 'Yes.' : 'No.' }
      return { text: 'no' }
    }
    if (last?.role === 'tool') return { text: `Checked: ${last.content}` }
    // The model repeats its instructions, so the test hears which prompt answered.
    return { text: `[${system}]` }
  })
  t = await createTestApp({ env: { AGENTS_LLM_URL: llm.url, AGENTS_LLM_MODELS: 'qwen3-4b' } })
  owner = await createUser(t.app, t.database)
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  sdk = await sdkClientFor(t.app, owner, address, ['convai'])
  // Generous: the app starts slowly on a loaded machine.
}, 180_000)
afterAll(async () => {
  await t?.close()
  await llm?.close()
})

async function until<T>(check: () => T | undefined | Promise<T | undefined>, ms = 20_000): Promise<T> {
  const started = Date.now()
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() - started > ms) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** A conversation over the raw socket: messages in, answers collected, the close awaited. */
async function open(agentId: string) {
  const { signedUrl } = await sdk.conversationalAi.conversations.getSignedUrl({ agentId })
  const socket = new WebSocket(signedUrl)
  const received: Array<Record<string, unknown>> = []
  socket.on('message', (data) => received.push(JSON.parse(data.toString())))
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  )
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  socket.send(JSON.stringify({ type: 'conversation_initiation_client_data' }))
  const meta = await until(() => received.find((m) => m.type === 'conversation_initiation_metadata'))
  const conversationId = (meta.conversation_initiation_metadata_event as { conversation_id: string })
    .conversation_id
  const answers = () =>
    received
      .filter((m) => m.type === 'agent_response')
      .map((m) => (m.agent_response_event as { agent_response: string }).agent_response)
  const nextAnswer = async (count: number) => {
    await until(() => (answers().length >= count ? true : undefined))
    return answers()[count - 1]
  }
  const say = (text: string) => socket.send(JSON.stringify({ type: 'user_message', text }))
  return { socket, received, closed, conversationId, answers, nextAnswer, say }
}

async function finished(conversationId: string) {
  return until(async () => {
    const got = await sdk.conversationalAi.conversations.get(conversationId)
    return got.status === 'done' ? got : undefined
  })
}

function stepsOf(record: ElevenLabs.GetConversationResponseModel): string[] {
  return record.transcript.flatMap((entry) =>
    (entry.toolResults ?? []).flatMap((r) =>
      r.type === 'workflow'
        ? // The SDK reads tool results as an untagged union: the steps keep their wire names.
          ((r as { result?: { steps?: Array<{ edge_id?: string }> } }).result?.steps ?? []).map(
            (s) => s.edge_id ?? '',
          )
        : [],
    ),
  )
}

describe('a workflow in a live conversation', () => {
  it('runs override nodes, routes on the tool node result and ends at the end node', async () => {
    const tool = await sdk.conversationalAi.tools.create({
      toolConfig: {
        type: 'client',
        name: 'lookup_order',
        description: 'Finds an order',
        expectsResponse: true,
      },
    })
    const subagent = (label: string, goal: string): ElevenLabs.AgentWorkflowRequestModelNodesValue => ({
      type: 'override_agent',
      label,
      additionalPrompt: goal,
    })
    const { agentId } = await sdk.conversationalAi.agents.create({
      name: 'Refunds',
      conversationConfig: {
        agent: {
          firstMessage: 'Hello from the base agent.',
          prompt: { prompt: 'Base prompt.', llm: 'qwen3-4b' },
        },
      },
      workflow: {
        nodes: {
          start: { type: 'start' },
          support: {
            type: 'override_agent',
            label: 'Support',
            additionalPrompt: 'You handle refunds.',
            conversationConfig: { agent: { firstMessage: 'Refund desk here.' } },
          },
          lookup: { type: 'tool', tools: [{ toolId: tool.id }] },
          found: subagent('Found', 'The order was found.'),
          missing: subagent('Missing', 'The order was not found.'),
          bye: { type: 'end' },
        },
        edges: {
          e_start: { source: 'start', target: 'support' },
          e_lookup: {
            source: 'support',
            target: 'lookup',
            forwardCondition: { type: 'llm', condition: 'The user gives an order number' },
          },
          e_found: {
            source: 'lookup',
            target: 'found',
            forwardCondition: { type: 'result', successful: true },
          },
          e_missing: {
            source: 'lookup',
            target: 'missing',
            forwardCondition: { type: 'result', successful: false },
          },
          e_bye: {
            source: 'found',
            target: 'bye',
            forwardCondition: { type: 'llm', condition: 'The user says goodbye' },
          },
          e_bye2: {
            source: 'missing',
            target: 'bye',
            forwardCondition: { type: 'llm', condition: 'The user says goodbye' },
          },
        },
      },
    })

    // The tool succeeds: the found node answers, and goodbye ends the call at the end node.
    const a = await open(agentId)
    expect(await a.nextAnswer(1)).toBe('Refund desk here.')
    a.say('hello there')
    expect(await a.nextAnswer(2)).toBe('[Base prompt.\n\nYou handle refunds.]')
    a.say('my order 42 please')
    const call = await until(() => a.received.find((m) => m.type === 'client_tool_call'))
    const callEvent = call.client_tool_call as { tool_name: string; tool_call_id: string }
    expect(callEvent.tool_name).toBe('lookup_order')
    a.socket.send(
      JSON.stringify({
        type: 'client_tool_result',
        tool_call_id: callEvent.tool_call_id,
        result: 'order 42 shipped',
        is_error: false,
      }),
    )
    expect(await a.nextAnswer(3)).toBe('Checked: order 42 shipped')
    expect(llm.requests.at(-1)?.messages[0]?.content).toBe('Base prompt.\n\nThe order was found.')
    a.say('thanks, goodbye')
    expect((await a.closed).code).toBe(1000)
    expect(a.answers()).toHaveLength(3)
    const record = await finished(a.conversationId)
    expect(stepsOf(record)).toEqual(['e_start', 'e_lookup', 'e_found', 'e_bye'])
    const spoken = record.transcript.filter((e) => e.role === 'agent' && e.message)
    expect(spoken.map((e) => e.agentMetadata?.workflowNodeId)).toEqual(['support', 'support', 'found'])
    expect(spoken[0]?.agentMetadata?.agentId).toBe(agentId)
    const toolEntry = record.transcript.find((e) => e.toolCalls?.[0]?.toolName === 'lookup_order')
    expect(toolEntry?.agentMetadata?.workflowNodeId).toBe('lookup')

    // The tool fails: the other edge leads to the missing node, whose prompt answers.
    const b = await open(agentId)
    await b.nextAnswer(1)
    b.say('order 7 is late')
    const failing = await until(() => b.received.find((m) => m.type === 'client_tool_call'))
    b.socket.send(
      JSON.stringify({
        type: 'client_tool_result',
        tool_call_id: (failing.client_tool_call as { tool_call_id: string }).tool_call_id,
        result: 'no such order',
        is_error: true,
      }),
    )
    expect(await b.nextAnswer(2)).toBe('Checked: no such order')
    expect(llm.requests.at(-1)?.messages[0]?.content).toBe('Base prompt.\n\nThe order was not found.')
    b.socket.close()
    expect(stepsOf(await finished(b.conversationId))).toEqual(['e_start', 'e_lookup', 'e_missing'])
  }, 60_000)

  it('judges LLM conditions by the written rules with the built-in engine, hands over and transfers', async () => {
    const { agentId: billingId } = await sdk.conversationalAi.agents.create({
      name: 'Billing',
      conversationConfig: { agent: { firstMessage: 'Billing here, how can I help?' } },
    })
    const { agentId } = await sdk.conversationalAi.agents.create({
      name: 'Front desk',
      conversationConfig: { agent: { firstMessage: 'Front desk.' } },
      workflow: {
        nodes: {
          start: { type: 'start' },
          desk: { type: 'override_agent', label: 'Desk' },
          billing: {
            type: 'standalone_agent',
            agentId: billingId,
            transferMessage: 'Passing you to billing.',
            enableTransferredAgentFirstMessage: true,
          },
          connect: {
            type: 'say',
            label: 'Connect',
            message: { type: 'literal', text: 'Connecting you now.' },
          },
          human: {
            type: 'phone_number',
            transferDestination: { type: 'phone', phoneNumber: '+14155550100' },
            transferType: 'conference',
          },
        },
        edges: {
          e_start: { source: 'start', target: 'desk' },
          e_billing: {
            source: 'desk',
            target: 'billing',
            forwardCondition: { type: 'llm', condition: 'The user asks about invoices' },
          },
          e_human: {
            source: 'billing',
            target: 'connect',
            forwardCondition: { type: 'llm', condition: 'The user asks for "a person" or "a human"' },
          },
          e_connect: { source: 'connect', target: 'human' },
        },
      },
    })
    const c = await open(agentId)
    expect(await c.nextAnswer(1)).toBe('Front desk.')
    c.say('Where is my invoice?')
    // "invoice" is not "invoices": the condition's words must be said as written.
    await c.nextAnswer(2)
    c.say('I have questions about invoices')
    expect(await c.nextAnswer(3)).toBe('Passing you to billing.')
    expect(await c.nextAnswer(4)).toBe('Billing here, how can I help?')
    c.say('can I talk to a human?')
    expect(await c.nextAnswer(5)).toBe('Connecting you now.')
    expect((await c.closed).code).toBe(1000)
    const record = await finished(c.conversationId)
    expect(stepsOf(record)).toEqual(['e_start', 'e_billing', 'e_human', 'e_connect'])
    const transfer = record.transcript.find((e) => e.toolCalls?.[0]?.toolName === 'transfer_to_number')
    expect(JSON.parse(transfer?.toolCalls?.[0]?.paramsAsJson ?? '{}')).toMatchObject({
      transfer_number: '+14155550100',
      transfer_type: 'conference',
    })
    const billingLine = record.transcript.find((e) => e.message === 'Billing here, how can I help?')
    expect(billingLine?.agentMetadata).toEqual({ agentId: billingId, workflowNodeId: 'billing' })
  }, 60_000)
})
