// The WebSocket input stream (/v1/text-to-speech/{voice_id}/stream-input), as an LLM voice agent
// uses it: the socket is open and initialised, then the text arrives piece by piece. The figure
// is the time from sending the piece that completes the first phrase to the first audio message
// (auto_mode, so a complete phrase is spoken at once), p50/p99 at concurrency 1 and 8, per
// engine family. Beside it, from the same run: POST /stream's first byte for the same phrase on
// the same server, and the espeak-ng command line's first byte for it.
import { DEFAULT_OUTPUT_FORMAT } from '@timbre/contract'
import { PREMADE_VOICES, type VoiceDefinition } from '@timbre/speech'
import WebSocket from 'ws'
import { ensureEspeakCli, runEspeakCli } from '../speech/espeak-cli.js'
import { fmt, percentile, pooled } from './bench-app.js'
import { startChildServer } from './child-process.js'

const MODEL = 'eleven_multilingual_v2'
const FORMAT = DEFAULT_OUTPUT_FORMAT
const WORKERS = 2
const ROUNDS = { c1: 12, c8: 24 }

interface Family {
  label: string
  voice: VoiceDefinition
  cliVoice: string
  /** The first phrase (ends at a comma) and what an LLM would send after it. */
  phrase: string
  rest: string[]
}

const voiceNamed = (name: string) => PREMADE_VOICES.find((v) => v.name === name)!
const FAMILIES: Family[] = [
  {
    label: 'Flite (Emma)',
    voice: voiceNamed('Emma'),
    cliVoice: 'en-us',
    phrase: 'The old lighthouse keeper climbed the stairs, ',
    rest: ['counting each step ', 'as his father had done ', 'before him. ', 'From the top he saw the bay. '],
  },
  {
    label: 'eSpeak NG (Lena)',
    voice: voiceNamed('Lena'),
    cliVoice: 'de',
    phrase: 'Der alte Leuchtturmwärter stieg die Treppe hinauf, ',
    rest: ['und zählte jede Stufe, ', 'wie es sein Vater ', 'getan hatte. ', 'Von oben sah er die Bucht. '],
  },
]

/** Milliseconds from the phrase-completing message to the first audio message. */
async function wsFirstAudio(url: string, apiKey: string, family: Family): Promise<number> {
  const query = `model_id=${MODEL}&output_format=${FORMAT}&auto_mode=true`
  const socket = new WebSocket(
    `${url.replace(/^http/, 'ws')}/v1/text-to-speech/${family.voice.voice_id}/stream-input?${query}`,
    { headers: { 'xi-api-key': apiKey } },
  )
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
  const send = (message: object) => socket.send(JSON.stringify(message))
  let sentAt = Number.NaN
  const firstAudio = new Promise<number>((resolve, reject) => {
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as {
        audio?: string | null
        error?: string
        message?: string
      }
      if (message.error) reject(new Error(`${message.error}: ${message.message}`))
      if (message.audio) resolve(performance.now() - sentAt)
    })
    socket.once('close', (code) => reject(new Error(`closed (${code}) before any audio`)))
  })
  // Initialise, let the server settle the session, then the first phrase in two pieces: the
  // second one completes it.
  send({ text: ' ' })
  await new Promise((r) => setTimeout(r, 50))
  const cut = family.phrase.lastIndexOf(' ', family.phrase.length - 3)
  send({ text: family.phrase.slice(0, cut + 1) })
  sentAt = performance.now()
  send({ text: family.phrase.slice(cut + 1) })
  const ms = await firstAudio
  for (const piece of family.rest) send({ text: piece })
  send({ text: '' })
  await new Promise<void>((resolve) => {
    socket.once('close', () => resolve())
    setTimeout(() => {
      socket.terminate()
      resolve()
    }, 30_000)
  })
  return ms
}

/** POST /stream for the phrase alone: first byte, the stream closed after it. */
async function httpFirstByte(url: string, apiKey: string, family: Family): Promise<number> {
  const started = performance.now()
  const controller = new AbortController()
  const res = await fetch(
    `${url}/v1/text-to-speech/${family.voice.voice_id}/stream?output_format=${FORMAT}&enable_logging=false`,
    {
      method: 'POST',
      headers: { 'xi-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ text: family.phrase.trim(), model_id: MODEL }),
      signal: controller.signal,
    },
  )
  if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}: ${await res.text()}`)
  let ms = Number.NaN
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      if (chunk.length === 0) continue
      ms = performance.now() - started
      controller.abort()
      break
    }
  } catch {
    // The abort ends the body.
  }
  return ms
}

const cell = (xs: number[]) => `${fmt(percentile(xs, 50))} / ${fmt(percentile(xs, 99))}`

export async function bench(): Promise<void> {
  const cli = ensureEspeakCli()
  const server = await startChildServer(WORKERS)
  const lines: string[] = []
  try {
    for (const family of FAMILIES) {
      await wsFirstAudio(server.url, server.apiKey, family) // start and warm the workers
      const ws1 = await pooled(ROUNDS.c1, 1, () => wsFirstAudio(server.url, server.apiKey, family))
      const ws8 = await pooled(ROUNDS.c8, 8, () => wsFirstAudio(server.url, server.apiKey, family))
      const http1 = await pooled(ROUNDS.c1, 1, async () => {
        // A closed stream's running segment finishes first: pause so it does not delay the next.
        await new Promise((r) => setTimeout(r, 300))
        return httpFirstByte(server.url, server.apiKey, family)
      })
      let cliFirst = '-'
      if (cli) {
        await runEspeakCli(family.cliVoice, 'warm up')
        const runs = await pooled(5, 1, () => runEspeakCli(family.cliVoice, family.phrase.trim()))
        cliFirst = fmt(
          percentile(
            runs.map((r) => r.firstByteMs),
            50,
          ),
        )
      }
      lines.push(`| ${family.label} | ${cell(ws1)} | ${cell(ws8)} | ${cell(http1)} | ${cliFirst} |`)
    }
  } finally {
    await server.stop()
  }
  console.log(
    `WebSocket stream-input, ${MODEL}, ${FORMAT}, auto_mode: first audio after the first complete phrase (ms), ${WORKERS} speech workers`,
  )
  console.log(
    '| voice | WS p50 / p99 c=1 | WS p50 / p99 c=8 | baseline: POST /stream same phrase, first byte p50 / p99 c=1 | baseline: espeak-ng CLI same phrase, first byte p50 |',
  )
  console.log('|---|---|---|---|---|')
  for (const line of lines) console.log(line)
}

if (import.meta.url === `file://${process.argv[1]}`) await bench()
