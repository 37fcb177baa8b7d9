import type { ElevenLabsClient } from '@elevenlabs/elevenlabs-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { createUser, type TestUser } from '../../../../test/helpers/factories.js'
import { type OpenAiChatServer, startOpenAiChatServer } from '../../../../test/helpers/openai-chat-server.js'
import { sdkClientFor } from '../../../../test/helpers/sdk-client.js'
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js'

// The system tools in live text conversations over the real socket, called by the tool calls of
// an OpenAI-compatible model the test runs: a language switch (and one to a language the agent
// does not speak), a transfer to another agent who then answers, skip turn, voicemail detection
// that leaves its message and ends the call, and the phone-only tools refused on the web.

let t: TestApp
let llm: OpenAiChatServer
let address: string
let owner: TestUser
let sdk: ElevenLabsClient

const CALLS: Record<string, { name: string; arguments: Record<string, unknown> }> = {
  'Parlez-vous français ?': { name: 'language_detection', arguments: { language: 'fr' } },
  'Do you speak Klingon?': { name: 'language_detection', arguments: { language: 'tlh' } },
  'Billing please.': { name: 'transfer_to_agent', arguments: { agent_number: 0, reason: 'billing' } },
  'Give me a second.': { name: 'skip_turn', arguments: {} },
  'Press one for me.': { name: 'play_keypad_touch_tone', arguments: { dtmf_tones: '1' } },
  'Call my manager.': { name: 'transfer_to_number', arguments: { transfer_number: '+15550100' } },
  'Beep. Leave a message.': { name: 'voicemail_detection', arguments: {} },
}

beforeAll(async () => {
  llm = await startOpenAiChatServer((body) => {
    const last = body.messages.at(-1)
    if (last?.role === 'tool') return { text: `Tool: ${last.content}` }
    const call = CALLS[last?.content ?? '']
    if (call) return { toolCalls: [{ id: `call_${llm.requests.length}`, ...call }] }
    const system = body.messages.find((m) => m.role === 'system')?.content ?? ''
    return { text: `${system.includes('billing desk') ? 'Billing' : 'Front desk'} heard: ${last?.content}` }
  })
  t = await createTestApp({ env: { AGENTS_LLM_URL: llm.url, AGENTS_LLM_MODELS: 'qwen3-4b' } })
  owner = await createUser(t.app, t.database)
  address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  sdk = await sdkClientFor(t.app, owner, address)
}, 120_000)
afterAll(async () => {
  await t?.close()
  await llm?.close()
})

type Event = Record<string, unknown> & { type: string }

/** A text conversation over the socket: send a message, wait for what the agent does. */
async function open(agentId: string) {
  const { signedUrl } = await sdk.conversationalAi.conversations.getSignedUrl({ agentId })
  const socket = new WebSocket(signedUrl.replace(/^ws:\/\/[^/]+/, address.replace(/^http/, 'ws')))
  const events: Event[] = []
  let closed = false
  socket.on('message', (data) => events.push(JSON.parse(data.toString())))
  socket.on('close', () => {
    closed = true
  })
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  socket.send(JSON.stringify({ type: 'conversation_initiation_client_data' }))
  const responses = () =>
    events
      .filter((e) => e.type === 'agent_response')
      .map((e) => (e.agent_response_event as { agent_response: string }).agent_response)
  await until(() => responses().length > 0)
  return {
    events,
    responses,
    closed: () => closed,
    async say(text: string, replies = 1) {
      const before = responses().length
      socket.send(JSON.stringify({ type: 'user_message', text }))
      await until(() => responses().length >= before + replies || closed)
      return responses().slice(before)
    },
    close: () => socket.close(),
  }
}

async function until(done: () => boolean, ms = 20_000): Promise<void> {
  for (let waited = 0; !done(); waited += 50) {
    if (waited > ms) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const toolResultsOf = (events: Event[]) =>
  events
    .filter((e) => e.type === 'agent_tool_response')
    .map((e) => e.agent_tool_response as { tool_name: string; is_error: boolean })

const system = (name: string) => ({ type: 'system', name, params: { systemToolType: name } })

describe('system tools in a live conversation', () => {
  it('switches language, transfers to another agent, skips a turn and refuses phone-only tools', async () => {
    const billing = await sdk.conversationalAi.agents.create({
      name: 'Billing',
      conversationConfig: {
        conversation: { textOnly: true },
        agent: {
          firstMessage: 'Billing here.',
          prompt: { prompt: 'You are the billing desk.', llm: 'qwen3-4b' },
        },
      },
    })
    const { agentId } = await sdk.conversationalAi.agents.create({
      name: 'Front desk',
      conversationConfig: {
        conversation: { textOnly: true },
        languagePresets: { fr: { overrides: {} } },
        agent: {
          firstMessage: 'Front desk.',
          language: 'en',
          prompt: {
            prompt: 'You are the front desk.',
            llm: 'qwen3-4b',
            builtInTools: {
              languageDetection: system('language_detection') as never,
              skipTurn: system('skip_turn') as never,
              playKeypadTouchTone: system('play_keypad_touch_tone') as never,
              transferToNumber: {
                ...system('transfer_to_number'),
                params: {
                  systemToolType: 'transfer_to_number',
                  transfers: [
                    {
                      transferDestination: { type: 'phone', phoneNumber: '+15550100' },
                      condition: 'manager',
                    },
                  ],
                },
              } as never,
              transferToAgent: {
                ...system('transfer_to_agent'),
                params: {
                  systemToolType: 'transfer_to_agent',
                  transfers: [
                    {
                      agentId: billing.agentId,
                      condition: 'billing questions',
                      transferMessage: 'Transferring you to billing.',
                      enableTransferredAgentFirstMessage: true,
                    },
                  ],
                },
              } as never,
            },
          },
        },
      },
    })
    const call = await open(agentId)

    expect(await call.say('Parlez-vous français ?')).toEqual([
      'Tool: The conversation is now in fr; answer in it.',
    ])
    const switched = llm.requests.at(-1)
    expect(switched?.messages.some((m) => m.role === 'system' && m.content?.includes('"fr"'))).toBe(true)
    expect(await call.say('Do you speak Klingon?')).toEqual([
      'Tool: This agent does not speak "tlh"; it speaks en, fr.',
    ])

    expect(await call.say('Press one for me.')).toEqual([
      'Tool: Keypad tones can only be played in a phone call.',
    ])
    expect(await call.say('Call my manager.')).toEqual([
      'Tool: A transfer to a phone number works only in a phone call.',
    ])

    // Skip turn: the model is asked once, and the agent stays silent until the user speaks again.
    const asked = llm.requests.length
    call.say('Give me a second.', 1).catch(() => undefined)
    await until(() => toolResultsOf(call.events).some((r) => r.tool_name === 'skip_turn'))
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(llm.requests.length).toBe(asked + 1)
    expect(await call.say('I am back.')).toEqual(['Front desk heard: I am back.'])

    // The transfer: its message, then the billing agent greets and answers from now on.
    expect(await call.say('Billing please.', 2)).toEqual(['Transferring you to billing.', 'Billing here.'])
    expect(await call.say('What do I owe?')).toEqual(['Billing heard: What do I owe?'])

    expect(toolResultsOf(call.events)).toEqual([
      expect.objectContaining({ tool_name: 'language_detection', is_error: false }),
      expect.objectContaining({ tool_name: 'language_detection', is_error: true }),
      expect.objectContaining({ tool_name: 'play_keypad_touch_tone', is_error: true }),
      expect.objectContaining({ tool_name: 'transfer_to_number', is_error: true }),
      expect.objectContaining({ tool_name: 'skip_turn', is_error: false }),
      expect.objectContaining({ tool_name: 'transfer_to_agent', is_error: false }),
    ])
    call.close()
  }, 60_000)

  it('leaves the voicemail message and ends the call when voicemail is detected', async () => {
    const { agentId } = await sdk.conversationalAi.agents.create({
      name: 'Caller',
      conversationConfig: {
        conversation: { textOnly: true },
        agent: {
          firstMessage: 'Hello?',
          prompt: {
            llm: 'qwen3-4b',
            builtInTools: {
              voicemailDetection: {
                ...system('voicemail_detection'),
                params: {
                  systemToolType: 'voicemail_detection',
                  voicemailMessage: 'Please call {{clinic}} back.',
                },
              } as never,
            },
          },
          dynamicVariables: { dynamicVariablePlaceholders: { clinic: 'the clinic' } },
        },
      },
    })
    const call = await open(agentId)
    expect(await call.say('Beep. Leave a message.')).toEqual(['Please call the clinic back.'])
    await until(call.closed)
    const metadata = call.events[0]?.conversation_initiation_metadata_event as { conversation_id: string }
    const id = metadata.conversation_id
    for (let i = 0; i < 100; i++) {
      if ((await sdk.conversationalAi.conversations.get(id)).status === 'done') break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const record = await sdk.conversationalAi.conversations.get(id)
    expect(record.status).toBe('done')
    expect(record.transcript.map((e) => e.message).filter(Boolean)).toEqual([
      'Hello?',
      'Beep. Leave a message.',
      'Please call the clinic back.',
    ])
  }, 60_000)
})
