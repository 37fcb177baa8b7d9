import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApertiumProvider, pairOfMode } from './apertium-provider.js'
import { createLibreTranslateProvider } from './libretranslate-provider.js'
import { createTranslator, MANUAL_LABEL } from './translator.js'

// The providers on real engines: Apertium as Debian installs it, and a small HTTP server that
// speaks LibreTranslate's protocol (GET /languages, POST /translate with a list of texts).

const TEXT = [
  'The old man walks to the market every morning.',
  'My sister bought a new house near the river.',
  'We will travel to the mountains next summer with our friends.',
]
const STOP = new Set([
  'the',
  'a',
  'to',
  'with',
  'our',
  'my',
  'we',
  'will',
  'every',
  'near',
  'next',
  'new',
  'of',
])
const contentWords = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z\s]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 2 && !STOP.has(w))

describe('Apertium', () => {
  const apertium = createApertiumProvider()

  it('reads pairs from mode names, leaving variants out', () => {
    expect(pairOfMode('eng-spa.mode')).toEqual({ source: 'en', target: 'es' })
    expect(pairOfMode('en-gl.mode')).toEqual({ source: 'en', target: 'gl' })
    expect(pairOfMode('eng-cat_valencia.mode')).toBeNull()
  })

  it('serves English to Spanish and back, and an English-Spanish-English round trip keeps half the content words', async () => {
    const pairs = await apertium.pairs()
    expect(pairs).toContainEqual({ source: 'en', target: 'es' })
    expect(pairs).toContainEqual({ source: 'es', target: 'en' })
    const spanish = await apertium.translate(TEXT, { source: 'en', target: 'es' })
    expect(spanish).toHaveLength(TEXT.length)
    expect(spanish[1]).toMatch(/casa/)
    const back = await apertium.translate(spanish, { source: 'es', target: 'en' })
    let kept = 0
    let total = 0
    for (const [i, original] of TEXT.entries()) {
      const words = contentWords(original)
      const returned = new Set(contentWords(back[i]!))
      total += words.length
      kept += words.filter((w) => returned.has(w)).length
    }
    console.info(`apertium round trip en>es>en kept ${kept}/${total} content words`, { spanish, back })
    expect(kept / total).toBeGreaterThanOrEqual(0.5)
  })

  it('refuses a pair it does not have', async () => {
    await expect(apertium.translate(['hello'], { source: 'en', target: 'ja' })).rejects.toThrow(
      /no en-ja pair/,
    )
  })
})

describe('LibreTranslate-compatible endpoint', () => {
  const WORDS: Record<string, string> = { hello: 'hola', world: 'mundo', good: 'buenos', morning: 'días' }
  const seen: unknown[] = []
  let server: Server
  let base: string

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      if (req.method === 'GET' && req.url === '/languages') {
        res.setHeader('content-type', 'application/json')
        res.end(JSON.stringify([{ code: 'en', name: 'English', targets: ['en', 'es'] }]))
        return
      }
      if (req.method === 'POST' && req.url === '/translate') {
        let raw = ''
        for await (const chunk of req) raw += chunk
        const body = JSON.parse(raw) as {
          q: string | string[]
          source: string
          target: string
          api_key?: string
        }
        seen.push(body)
        if (body.api_key !== 'secret') {
          res.statusCode = 403
          res.end(JSON.stringify({ error: 'Invalid API key' }))
          return
        }
        const one = (q: string) =>
          q
            .toLowerCase()
            .split(/\s+/)
            .map((w) => WORDS[w] ?? w)
            .join(' ')
        res.setHeader('content-type', 'application/json')
        res.end(JSON.stringify({ translatedText: Array.isArray(body.q) ? body.q.map(one) : one(body.q) }))
        return
      }
      res.statusCode = 404
      res.end()
    })
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  })
  afterAll(() => server.close())

  it('lists its pairs and translates a list of texts in one call with the key', async () => {
    const provider = createLibreTranslateProvider({ baseUrl: base, apiKey: 'secret' })
    expect(await provider.pairs()).toEqual([{ source: 'en', target: 'es' }])
    const out = await provider.translate(['hello world', 'good morning'], { source: 'en', target: 'es' })
    expect(out).toEqual(['hola mundo', 'buenos días'])
    expect(seen.at(-1)).toMatchObject({
      q: ['hello world', 'good morning'],
      source: 'en',
      target: 'es',
      format: 'text',
    })
  })

  it('reports a refusal as unavailable, and an unreachable server serves no pairs', async () => {
    const wrongKey = createLibreTranslateProvider({ baseUrl: base, apiKey: 'nope' })
    await expect(wrongKey.translate(['hello'], { source: 'en', target: 'es' })).rejects.toThrow(
      /answered 403/,
    )
    const gone = createLibreTranslateProvider({ baseUrl: 'http://127.0.0.1:9', apiKey: null })
    expect(await gone.pairs()).toEqual([])
  })

  it('comes second to Apertium for a pair both serve, and first where only it serves', async () => {
    const libre = createLibreTranslateProvider({ baseUrl: base, apiKey: 'secret' })
    const translator = createTranslator([createApertiumProvider(), libre])
    expect((await translator.providerFor({ source: 'en', target: 'es' }))?.id).toBe('apertium')
    const onlyLibre = createTranslator([libre])
    const result = await onlyLibre.translate(['hello'], { source: 'en', target: 'es' })
    expect(result).toEqual({ texts: ['hola'], provider: 'libretranslate' })
  })
})

describe('the translator', () => {
  it('offers every other dubbing language, labelling those no provider serves as manual only', async () => {
    const translator = createTranslator([createApertiumProvider()])
    const targets = await translator.targets('en')
    expect(targets.find((t) => t.language_code === 'en')).toBeUndefined()
    expect(targets.find((t) => t.language_code === 'es')).toMatchObject({ provider: 'apertium' })
    expect(targets.find((t) => t.language_code === 'ja')).toMatchObject({
      provider: 'manual',
      label: MANUAL_LABEL,
    })
    expect(await translator.translate(['hello'], { source: 'en', target: 'ja' })).toBeNull()
  })
})
