// Cheap reads while speech runs: p50 and p99 of GET /v1/history (a 20-item page and the default
// 100-item page), /v1/voices, /v1/user and /v1/models through HTTP, first with the server idle,
// then with 8 long streams (POST /v1/text-to-speech/{id}/stream, ~3,000 characters each,
// kept running back to back) in the same server process. The history holds 24 items of ~3,000
// characters made by the same streams, so a page carries what long items weigh.
//
// Alone: `npm run bench -- reads-under-speech` (BENCH_READS=n: requests per read and phase;
// BENCH_SEEDED=n: long items made first, default 24).
import { PREMADE_VOICES } from '@timbre/speech'
import { fmt, percentile, pooled } from './bench-app.js'
import { startChildServer } from './child-process.js'
import { EN } from './tts-stream.bench.js'

const STREAMS = 8
const SEEDED_ITEMS = Number(process.env.BENCH_SEEDED ?? 24)
const READS = Number(process.env.BENCH_READS ?? 40)
const VOICE = PREMADE_VOICES.find((v) => v.name === 'Emma')!

function text3000(seed: number): string {
  let out = ''
  for (let i = 0; out.length < 3000; i++) out += `${EN[(i + seed) % EN.length]} `
  return out.slice(0, out.lastIndexOf('.', 3000) + 1)
}

async function speak(url: string, apiKey: string, text: string, log: boolean): Promise<number> {
  const res = await fetch(
    `${url}/v1/text-to-speech/${VOICE.voice_id}/stream?output_format=mp3_44100_128&enable_logging=${log}`,
    {
      method: 'POST',
      headers: { 'xi-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ text, model_id: 'eleven_multilingual_v2' }),
    },
  )
  if (!res.ok || !res.body) throw new Error(`stream: HTTP ${res.status} ${await res.text()}`)
  let bytes = 0
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length
  return bytes
}

const READ_PATHS = [
  '/v1/history?page_size=20',
  '/v1/history',
  '/v1/voices',
  '/v1/user',
  '/v1/models',
] as const

interface ReadFigures {
  p50: number
  p99: number
  kb: number
}

async function measureReads(url: string, apiKey: string): Promise<Map<string, ReadFigures>> {
  const out = new Map<string, ReadFigures>()
  for (const path of READ_PATHS) {
    const times: number[] = []
    let bytes = 0
    for (let i = 0; i < READS; i++) {
      const started = performance.now()
      const res = await fetch(`${url}${path}`, { headers: { 'xi-api-key': apiKey } })
      const body = await res.arrayBuffer()
      times.push(performance.now() - started)
      if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`)
      bytes = body.byteLength
    }
    out.set(path, { p50: percentile(times, 50), p99: percentile(times, 99), kb: bytes / 1000 })
  }
  return out
}

export async function bench(): Promise<void> {
  const server = await startChildServer(2, { databaseUrl: '' })
  try {
    const seedStarted = performance.now()
    await pooled(SEEDED_ITEMS, STREAMS, (i) => speak(server.url, server.apiKey, text3000(i), true))
    console.log(
      `seeded ${SEEDED_ITEMS} history items of ~3,000 characters in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    )
    const idle = await measureReads(server.url, server.apiKey)

    let running = true
    let streamed = 0
    const load = Array.from({ length: STREAMS }, async (_, lane) => {
      for (let round = 0; running; round++) {
        await speak(server.url, server.apiKey, text3000(lane + round), false)
        streamed++
      }
    })
    // Let every stream get past its first segment before measuring.
    await new Promise((r) => setTimeout(r, 1500))
    const loaded = await measureReads(server.url, server.apiKey)
    running = false
    await Promise.all(load)

    console.log(
      `${STREAMS} streams of ~3,000 characters (Emma, mp3_44100_128) running during the loaded reads; ${streamed} streams finished; ${READS} requests per read and phase, one at a time`,
    )
    const header = `${'read'.padEnd(28)} ${'body kB'.padStart(8)} ${'idle p50'.padStart(9)} ${'idle p99'.padStart(9)} ${'load p50'.padStart(9)} ${'load p99'.padStart(9)}   (ms)`
    console.log(header)
    console.log('-'.repeat(header.length))
    for (const path of READ_PATHS) {
      const a = idle.get(path)!
      const b = loaded.get(path)!
      console.log(
        `${path.padEnd(28)} ${fmt(b.kb, 1).padStart(8)} ${fmt(a.p50, 1).padStart(9)} ${fmt(a.p99, 1).padStart(9)} ${fmt(b.p50, 1).padStart(9)} ${fmt(b.p99, 1).padStart(9)}`,
      )
    }
  } finally {
    await server.stop()
  }
}
