// What a user's client gets: a fresh free account made through the real path (sign-up, the
// verification link from the local mailbox, sign-in, an API key), then ~1,000 characters of
// English through POST /v1/text-to-speech/{voice_id}/stream (mp3_44100_128,
// eleven_multilingual_v2, history on as by default) with the official SDK and with plain
// fetch: first byte p50/p99 and characters per second at concurrency 2. Beside it, in the same
// run: the same requests with enable_logging=false (the API bench's setting), the speech engine
// alone in this process (no HTTP, no database) and the espeak-ng command line, so the table
// shows where time goes.
//
// Alone: `npm run bench -- user-client` (BENCH_ROUNDS=n: requests per row, default 10).

import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js'
import { DEFAULT_OUTPUT_FORMAT } from '@timbre/contract'
import { createSpeechService, PREMADE_VOICES } from '@timbre/speech'
import { ensureEspeakCli, runEspeakCli } from '../speech/espeak-cli.js'
import { fmt, percentile, pooled } from './bench-app.js'
import { startChildServer } from './child-process.js'
import { EN, text1000 } from './tts-stream.bench.js'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10)
const VOICE = PREMADE_VOICES.find((v) => v.name === 'Emma')!
const FORMAT = DEFAULT_OUTPUT_FORMAT
const MODEL = 'eleven_multilingual_v2'

interface Sample {
  ttfb: number
  total: number
  chars: number
}

async function json(res: Response, what: string): Promise<Record<string, unknown>> {
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${await res.text()}`)
  return (await res.json()) as Record<string, unknown>
}

/** A free account as a person makes one, and an API key for it. */
async function freshAccount(url: string): Promise<string> {
  const email = `user-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
  const password = 'a user password 7'
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
  await json(await post('/v1/auth/sign-up', { email, password }), 'sign-up')
  let code: string | undefined
  for (let i = 0; i < 50 && !code; i++) {
    const box = await json(await fetch(`${url}/v1/local-mailbox`), 'mailbox')
    const messages = box.messages as Array<{ to: string; text: string }>
    const mail = messages.find((m) => m.to === email)
    code = mail ? /oobCode=([^&\s]+)/.exec(mail.text)?.[1] : undefined
    if (!code) await new Promise((r) => setTimeout(r, 100))
  }
  if (!code) throw new Error('no verification mail in the local mailbox')
  await json(await post('/v1/auth/verify-email', { oob_code: decodeURIComponent(code) }), 'verify-email')
  const tokens = await json(await post('/v1/auth/sign-in', { email, password }), 'sign-in')
  const key = await json(
    await post('/v1/user/api-keys', { name: 'client' }, { authorization: `Bearer ${tokens.access_token}` }),
    'api key',
  )
  return key.api_key as string
}

async function viaFetch(url: string, apiKey: string, text: string, logging: boolean): Promise<Sample> {
  const started = performance.now()
  const res = await fetch(
    `${url}/v1/text-to-speech/${VOICE.voice_id}/stream?output_format=${FORMAT}${logging ? '' : '&enable_logging=false'}`,
    {
      method: 'POST',
      headers: { 'xi-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ text, model_id: MODEL }),
    },
  )
  if (!res.ok || !res.body) throw new Error(`stream: HTTP ${res.status} ${await res.text()}`)
  let ttfb = Number.NaN
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    if (Number.isNaN(ttfb) && chunk.length > 0) ttfb = performance.now() - started
  }
  return { ttfb, total: performance.now() - started, chars: text.length }
}

async function viaSdk(client: ElevenLabsClient, text: string): Promise<Sample> {
  const started = performance.now()
  const stream = await client.textToSpeech.stream(VOICE.voice_id, {
    text,
    modelId: MODEL,
    outputFormat: FORMAT,
  })
  let ttfb = Number.NaN
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    if (Number.isNaN(ttfb) && chunk.length > 0) ttfb = performance.now() - started
  }
  return { ttfb, total: performance.now() - started, chars: text.length }
}

async function viaEngine(service: ReturnType<typeof createSpeechService>, text: string): Promise<Sample> {
  const started = performance.now()
  let ttfb = Number.NaN
  for await (const chunk of service.stream({ text, voice: VOICE, modelId: MODEL }, FORMAT)) {
    if (Number.isNaN(ttfb) && chunk.audio.length > 0) ttfb = performance.now() - started
  }
  return { ttfb, total: performance.now() - started, chars: text.length }
}

/** First byte one request at a time, then characters per second with two at once. */
async function row(label: string, run: (text: string) => Promise<Sample>, lines: string[]): Promise<void> {
  const c1: Sample[] = []
  for (let i = 0; i < ROUNDS; i++) c1.push(await run(text1000(EN, i)))
  const started = performance.now()
  const c2 = await pooled(ROUNDS, 2, (i) => run(text1000(EN, i + 3)))
  const seconds = (performance.now() - started) / 1000
  const chars = c2.reduce((sum, s) => sum + s.chars, 0)
  const first = c1.map((s) => s.ttfb)
  lines.push(
    `${label.padEnd(46)} ${fmt(percentile(first, 50), 0).padStart(8)} ${fmt(percentile(first, 99), 0).padStart(8)} ${fmt(
      percentile(
        c2.map((s) => s.ttfb),
        50,
      ),
      0,
    ).padStart(8)} ${fmt(chars / seconds, 0).padStart(9)}`,
  )
}

export async function bench(): Promise<void> {
  const server = await startChildServer(2, { databaseUrl: '' })
  const engine = createSpeechService({ workers: 2 })
  const lines: string[] = []
  try {
    const accountStarted = performance.now()
    const apiKey = await freshAccount(server.url)
    const accountMs = performance.now() - accountStarted
    // The fresh account's very first request, as the user's first try meets it: on this server
    // the speech threads started with it (the default), and on a second one they start with
    // the first request.
    const cold = await viaFetch(server.url, apiKey, text1000(EN, 0), true)
    const lazyServer = await startChildServer(2, { databaseUrl: '', env: { SPEECH_START_AT_BOOT: 'false' } })
    const lazyCold = await viaFetch(lazyServer.url, await freshAccount(lazyServer.url), text1000(EN, 0), true)
    await lazyServer.stop()
    const client = new ElevenLabsClient({ apiKey, baseUrl: server.url })

    await viaEngine(engine, text1000(EN, 0))
    if (ensureEspeakCli()) {
      await runEspeakCli('en-us', 'warm up')
      await row(
        'espeak-ng command line (en-us, WAV to a pipe)',
        async (t) => {
          const run = await runEspeakCli('en-us', t)
          return { ttfb: run.firstByteMs, total: run.wallMs, chars: t.length }
        },
        lines,
      )
    }
    await row('engine alone (this process, 2 threads)', (t) => viaEngine(engine, t), lines)
    await row(
      'HTTP, bench account, enable_logging=false',
      (t) => viaFetch(server.url, server.apiKey, t, false),
      lines,
    )
    await row(
      'HTTP, fresh free account, fetch, history on',
      (t) => viaFetch(server.url, apiKey, t, true),
      lines,
    )
    await row('HTTP, fresh free account, official SDK', (t) => viaSdk(client, t), lines)

    console.log(
      `fresh free account through sign-up, mailbox link, sign-in and API key: ${fmt(accountMs)} ms; its first request: first byte ${fmt(cold.ttfb)} ms, whole ${fmt(cold.total)} ms (speech threads started with the server); ${fmt(lazyCold.ttfb)} ms, whole ${fmt(lazyCold.total)} ms (threads started by that request)`,
    )
    console.log(
      `~1,000 characters of English, ${FORMAT}, ${MODEL}, voice Emma; ${ROUNDS} requests per column; server: 2 speech threads, embedded database, its own process`,
    )
    const header = `${''.padEnd(46)} ${'c=1 p50'.padStart(8)} ${'c=1 p99'.padStart(8)} ${'c=2 p50'.padStart(8)} ${'c=2 chr/s'.padStart(9)}   (first byte, ms)`
    console.log(header)
    console.log('-'.repeat(header.length))
    for (const line of lines) console.log(line)
  } finally {
    await engine.close()
    await server.stop()
  }
}
