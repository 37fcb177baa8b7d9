import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type OpenAiChatServer, startOpenAiChatServer } from '../../../test/helpers/openai-chat-server.js'
import { AppError } from '../../errors.js'
import { type ChatEvent, createChatClient } from './chat-client.js'

// The chat client against a real local server speaking the OpenAI protocol: streamed text, tool
// calls assembled from their pieces, and an endpoint that is down, failing or slow.

let server: OpenAiChatServer
const client = createChatClient({ fetch: (input, init) => fetch(input, init), firstByteMs: 500 })

beforeAll(async () => {
  server = await startOpenAiChatServer((body) => {
    const last = body.messages.at(-1)
    if (last?.content === 'fail') return { status: 503 }
    if (last?.content === 'slow') return { delayMs: 2000, text: 'late' }
    if (last?.role === 'tool') return { text: `The order ${JSON.parse(last.content ?? '{}').status}.` }
    if (body.tools?.length)
      return {
        toolCalls: [{ id: 'call_1', name: 'order_status', arguments: { order_id: 'A-17', express: true } }],
      }
    return { text: 'Hello there, how can I help you today?' }
  })
})
afterAll(() => server?.close())

describe('the OpenAI-compatible chat client', () => {
  it('streams text in pieces and reports usage', async () => {
    const events: ChatEvent[] = []
    for await (const event of client.stream(
      { url: server.url, model: 'local', apiKey: 'k' },
      { messages: [{ role: 'user', content: 'hi' }], temperature: 0.2 },
    ))
      events.push(event)
    const texts = events.filter((e) => e.type === 'text')
    expect(texts.length).toBeGreaterThan(1)
    expect(texts.map((e) => (e.type === 'text' ? e.text : '')).join('')).toBe(
      'Hello there, how can I help you today?',
    )
    expect(events.at(-1)).toEqual({
      type: 'done',
      finishReason: 'stop',
      usage: { promptTokens: 42, completionTokens: 7 },
    })
    expect(server.requests.at(-1)).toMatchObject({ model: 'local', stream: true, temperature: 0.2 })
  })

  it('assembles tool calls and sends their results back', async () => {
    const tools = [
      {
        type: 'function' as const,
        function: { name: 'order_status', description: 'Order status', parameters: { type: 'object' } },
      },
    ]
    const first = await client.complete(
      { url: server.url, model: 'local' },
      { messages: [{ role: 'user', content: 'where is A-17?' }], tools },
    )
    expect(first.finishReason).toBe('tool_calls')
    expect(first.toolCalls).toEqual([
      {
        id: 'call_1',
        type: 'function',
        function: { name: 'order_status', arguments: '{"order_id":"A-17","express":true}' },
      },
    ])
    const second = await client.complete(
      { url: server.url, model: 'local' },
      {
        messages: [
          { role: 'user', content: 'where is A-17?' },
          { role: 'assistant', content: null, tool_calls: first.toolCalls },
          { role: 'tool', tool_call_id: 'call_1', content: JSON.stringify({ status: 'shipped' }) },
        ],
        tools,
      },
    )
    expect(second.text).toBe('The order shipped.')
  })

  it('reports an endpoint that is down, failing or too slow as llm_unavailable', async () => {
    const codeOf = async (url: string, content: string) => {
      try {
        await client.complete({ url, model: 'm' }, { messages: [{ role: 'user', content }] })
      } catch (error) {
        return error instanceof AppError ? `${error.code}: ${error.message}` : String(error)
      }
      return 'answered'
    }
    expect(await codeOf(server.url, 'fail')).toBe('llm_unavailable: The language model answered HTTP 503.')
    expect(await codeOf(server.url, 'slow')).toBe(
      'llm_unavailable: The language model did not answer in time.',
    )
    expect(await codeOf('http://127.0.0.1:9/v1/chat/completions', 'x')).toBe(
      'llm_unavailable: The language model could not be reached.',
    )
  })
})
