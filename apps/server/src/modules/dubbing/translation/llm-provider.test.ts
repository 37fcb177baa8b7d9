import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type ChatRequestBody,
  type OpenAiChatServer,
  startOpenAiChatServer,
} from '../../../../test/helpers/openai-chat-server.js'
import { AppError } from '../../../errors.js'
import { createApertiumProvider } from './apertium-provider.js'
import { createLlmTranslationProvider, parseTranslations } from './llm-provider.js'
import { createTranslator } from './translator.js'

// The language-model provider against a real local server speaking the OpenAI chat protocol
// (streamed answers). The server translates word by word from a small dictionary, so what comes
// back depends on what was sent; some models answer in a code fence, some miscount, some are down.

const WORDS: Record<string, string> = { hello: 'hola', world: 'mundo', good: 'buenos', morning: 'días' }
const word = (s: string) =>
  s
    .toLowerCase()
    .split(/\s+/)
    .map((w) => WORDS[w] ?? w)
    .join(' ')

let server: OpenAiChatServer
let mode: 'plain' | 'fenced' | 'miscount' | 'down' = 'plain'

beforeAll(async () => {
  server = await startOpenAiChatServer((body: ChatRequestBody) => {
    if (mode === 'down') return { status: 503 }
    const texts = JSON.parse(body.messages.at(-1)?.content ?? '[]') as string[]
    const out = texts.map(word)
    if (mode === 'miscount') return { text: JSON.stringify(out.slice(1)) }
    if (mode === 'fenced')
      return { text: `Here you are:\n\`\`\`json\n${JSON.stringify(out, null, 2)}\n\`\`\`` }
    return { text: JSON.stringify(out) }
  })
})
afterAll(() => server?.close())

const llm = () => createLlmTranslationProvider({ url: server.url, model: 'local-7b', apiKey: 'secret' })

describe('the language-model translation provider', () => {
  it('sends the segments as one JSON list with the pair named and reads a list back', async () => {
    mode = 'plain'
    const out = await llm().translate(['hello world', 'good morning'], { source: 'en', target: 'es' })
    expect(out).toEqual(['hola mundo', 'buenos días'])
    const request = server.requests.at(-1)!
    expect(request).toMatchObject({ model: 'local-7b', stream: true, temperature: 0 })
    expect(request.messages[0]!.content).toMatch(/from English to Spanish/)
    expect(JSON.parse(request.messages[1]!.content!)).toEqual(['hello world', 'good morning'])
  })

  it('reads an answer wrapped in prose and a code fence', async () => {
    mode = 'fenced'
    expect(await llm().translate(['good morning'], { source: 'en', target: 'es' })).toEqual(['buenos días'])
  })

  it('refuses an answer with another count or shape', () => {
    expect(parseTranslations('["a"]', 2)).toBeNull()
    expect(parseTranslations('[1, 2]', 2)).toBeNull()
    expect(parseTranslations('no list here', 1)).toBeNull()
    expect(parseTranslations('["a", "b"]', 2)).toEqual(['a', 'b'])
  })

  it('is chosen first when configured, and Apertium translates when it is down or miscounts', async () => {
    const translator = createTranslator([llm(), createApertiumProvider()])
    const texts = ['hello world', 'My sister bought a new house near the river.']
    mode = 'plain'
    expect((await translator.providerFor({ source: 'en', target: 'es' }))?.id).toBe('llm')
    expect(await translator.translate(texts, { source: 'en', target: 'es' })).toEqual({
      texts: ['hola mundo', 'my sister bought a new house near the river.'],
      provider: 'llm',
    })
    for (const failing of ['down', 'miscount'] as const) {
      mode = failing
      const result = await translator.translate(texts, { source: 'en', target: 'es' })
      expect(result?.provider).toBe('apertium')
      expect(result?.texts[1]).toMatch(/casa/)
    }
  })

  it('serves pairs Apertium has not; when it is down there, the dub gets a clear 502', async () => {
    const translator = createTranslator([llm(), createApertiumProvider()])
    mode = 'plain'
    expect(await translator.translate(['hello'], { source: 'en', target: 'ja' })).toEqual({
      texts: ['hola'],
      provider: 'llm',
    })
    mode = 'down'
    const error = await translator.translate(['hello'], { source: 'en', target: 'ja' }).catch((e) => e)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).code).toBe('dubbing_translation_failed')
    expect((error as AppError).message).toMatch(/HTTP 503.*nothing was changed/)
  })
})
