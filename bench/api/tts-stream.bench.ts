// API figures for text to speech:
// time to first audio byte of POST /v1/text-to-speech/{id}/stream for a 1,000-character
// text (p50, p99 at concurrency 1 and 8) and characters per second at concurrency 8, each
// printed beside the engine alone (the speech service, no HTTP, no database) and a bare
// node:http server from the same run, so the ratios show what the API layers cost.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createSpeechService, PREMADE_VOICES, type SpeechRequest } from '@timbre/speech'
import { fmt, percentile, pooled, startBenchServer } from './bench-app.js'

const SENTENCES = [
  'The old lighthouse keeper climbed the stairs every evening, counting each step as his father had done before him.',
  'From the top he could see the whole bay: the fishing boats coming home and the gulls circling over the harbour.',
  'Visitors often asked whether he felt lonely.',
  'He would smile and point at the sea, which changed its mood a hundred times a day.',
  'In winter the storms arrived without warning, and the light had to burn through the rain.',
  'Those were the nights he liked best, because somewhere out there a sailor was looking for him.',
]

function text1000(seed: number): string {
  let out = ''
  for (let i = 0; out.length < 1000; i++) out += `${SENTENCES[(i + seed) % SENTENCES.length]} `
  return out.slice(0, out.lastIndexOf('.', 1000) + 1)
}

const VOICE = PREMADE_VOICES.find((v) => v.name === 'Emma')!
const MODEL = 'eleven_multilingual_v2'
const FORMAT = 'mp3_44100_128'
const ROUNDS = { c1: 12, c8: 24 }

async function apiFirstByte(
  url: string,
  apiKey: string,
  text: string,
): Promise<{ ttfb: number; total: number; chars: number }> {
  const started = performance.now()
  const res = await fetch(
    `${url}/v1/text-to-speech/${VOICE.voice_id}/stream?output_format=${FORMAT}&enable_logging=false`,
    {
      method: 'POST',
      headers: { 'xi-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ text, model_id: MODEL }),
    },
  )
  if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}: ${await res.text()}`)
  let ttfb = Number.NaN
  for await (const _ of res.body as unknown as AsyncIterable<Uint8Array>) {
    if (Number.isNaN(ttfb)) ttfb = performance.now() - started
  }
  return { ttfb, total: performance.now() - started, chars: text.length }
}

async function engineFirstChunk(service: ReturnType<typeof createSpeechService>, text: string) {
  const request: SpeechRequest = { text, voice: VOICE, modelId: MODEL }
  const started = performance.now()
  let ttfb = Number.NaN
  for await (const _ of service.stream(request, FORMAT)) {
    if (Number.isNaN(ttfb)) ttfb = performance.now() - started
  }
  return { ttfb, total: performance.now() - started, chars: text.length }
}

async function bareHttpFirstByte(url: string): Promise<number> {
  const started = performance.now()
  const res = await fetch(url, { method: 'POST', body: '{}' })
  for await (const _ of res.body as unknown as AsyncIterable<Uint8Array>) return performance.now() - started
  return Number.NaN
}

type Sample = { ttfb: number; total: number; chars: number }

function row(label: string, c1: Sample[], c8: Sample[], wall8: number): string {
  const chars8 = c8.reduce((s, x) => s + x.chars, 0)
  const p = (xs: Sample[], q: number) =>
    fmt(
      percentile(
        xs.map((x) => x.ttfb),
        q,
      ),
    )
  return `| ${label} | ${p(c1, 50)} | ${p(c1, 99)} | ${p(c8, 50)} | ${p(c8, 99)} | ${fmt(chars8 / (wall8 / 1000))} |`
}

export async function bench(): Promise<void> {
  const workers = 2
  // Bare node:http: the floor for any HTTP layer on this machine.
  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'audio/mpeg' })
    res.end(Buffer.alloc(4096))
  })
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r))
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`
  const bare1 = await pooled(ROUNDS.c1, 1, () => bareHttpFirstByte(bareUrl))
  const bare8 = await pooled(ROUNDS.c8 * 4, 8, () => bareHttpFirstByte(bareUrl))
  bare.close()

  // The engine alone, same worker count.
  const engine = createSpeechService({ workers })
  await engineFirstChunk(engine, text1000(0)) // warm the workers
  const e1 = await pooled(ROUNDS.c1, 1, (i) => engineFirstChunk(engine, text1000(i)))
  let t0 = performance.now()
  const e8 = await pooled(ROUNDS.c8, 8, (i) => engineFirstChunk(engine, text1000(i)))
  const eWall = performance.now() - t0
  await engine.close()

  // The whole API: auth, plan, credits, concurrency slot, synthesis, HTTP streaming.
  const server = await startBenchServer({ speechWorkers: workers })
  const rssRest = process.memoryUsage().rss
  await apiFirstByte(server.url, server.apiKey, text1000(0))
  const a1 = await pooled(ROUNDS.c1, 1, (i) => apiFirstByte(server.url, server.apiKey, text1000(i)))
  t0 = performance.now()
  let rssPeak = 0
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss)
  }, 50)
  const a8 = await pooled(ROUNDS.c8, 8, (i) => apiFirstByte(server.url, server.apiKey, text1000(i)))
  const aWall = performance.now() - t0
  clearInterval(sampler)
  await server.stop()

  console.log(
    `text to speech, ${VOICE.name} (Flite), ${MODEL}, ${FORMAT}, 1,000 characters, ${workers} speech workers`,
  )
  console.log('| | TTFB p50 c=1 (ms) | p99 c=1 | TTFB p50 c=8 | p99 c=8 | chars/s c=8 |')
  console.log('|---|---|---|---|---|---|')
  console.log(row('API /stream (HTTP, auth, credits, history off)', a1, a8, aWall))
  console.log(row('engine only (speech service stream)', e1, e8, eWall))
  const b1 = bare1.map((ttfb) => ({ ttfb, total: ttfb, chars: 0 }))
  const b8 = bare8.map((ttfb) => ({ ttfb, total: ttfb, chars: 0 }))
  console.log(`${row('bare node:http (4 kB reply)', b1, b8, 1).replace(/\| [^|]* \|$/, '| - |')}`)
  const ratio =
    percentile(
      a1.map((x) => x.ttfb),
      50,
    ) /
    percentile(
      e1.map((x) => x.ttfb),
      50,
    )
  console.log(
    `API/engine TTFB ratio at c=1: ${fmt(ratio, 2)}x; API/engine throughput at c=8: ${fmt(a8.reduce((s, x) => s + x.chars, 0) / aWall / (e8.reduce((s, x) => s + x.chars, 0) / eWall), 2)}x`,
  )
  console.log(
    `bench process RSS (server, clients, speech workers): ${fmt(rssRest / 1e6)} MB with the server idle, ${fmt(rssPeak / 1e6)} MB peak at c=8`,
  )
}

if (import.meta.url === `file://${process.argv[1]}`) await bench()
