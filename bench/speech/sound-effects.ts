// Sound effects through HTTP: time to the whole response of POST /v1/sound-generation for 5 s
// effects (a counted sequence over a bed, a bed alone, a busy sequence) and for 22 s, beside
// POST /v1/text-to-speech for one sentence (Flite, Emma) on the same server in the same run.
// Both return MP3 at 44.1 kHz, 128 kbps. Also: how many of the sequences' counted events the
// loudness detector hears back.
import { detectEvents, PREMADE_VOICES } from '@timbre/speech'
import { fmt, percentile, startBenchServer } from '../api/bench-app.js'

const ROUNDS = 7
const SENTENCE =
  'The old lighthouse keeper climbed the stairs every evening, counting each step as his father had.'
const EFFECTS: Array<{ label: string; text: string; seconds: number; events: number }> = [
  {
    label: 'counted sequence over rain, 5 s',
    text: 'a dog barking twice then a door slams while it rains',
    seconds: 5,
    events: 3,
  },
  { label: 'bed alone, 5 s', text: 'heavy rain on a tin roof', seconds: 5, events: 1 },
  {
    label: 'busy sequence, 5 s',
    text: 'three knocks then footsteps then a phone rings twice',
    seconds: 5,
    events: 11,
  },
  {
    label: 'counted sequence over rain, 22 s',
    text: 'a dog barking twice then a door slams while it rains',
    seconds: 22,
    events: 3,
  },
]

async function timed(url: string, init: RequestInit): Promise<{ ms: number; bytes: Uint8Array }> {
  const started = performance.now()
  const res = await fetch(url, init)
  if (!res.ok) throw new Error(`HTTP ${res.status}: ${await res.text()}`)
  const bytes = new Uint8Array(await res.arrayBuffer())
  return { ms: performance.now() - started, bytes }
}

function pcm16(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  return Float32Array.from({ length: bytes.byteLength >> 1 }, (_, i) => view.getInt16(i * 2, true) / 32768)
}

export async function bench(): Promise<void> {
  const server = await startBenchServer()
  const headers = { 'xi-api-key': server.apiKey, 'content-type': 'application/json' }
  const voice = PREMADE_VOICES.find((v) => v.name === 'Emma')!
  const effect = (text: string, seconds: number, format = 'mp3_44100_128') =>
    timed(`${server.url}/v1/sound-generation?output_format=${format}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ text, duration_seconds: seconds }),
    })
  const speech = () =>
    timed(
      `${server.url}/v1/text-to-speech/${voice.voice_id}?output_format=mp3_44100_128&enable_logging=false`,
      {
        method: 'POST',
        headers,
        body: JSON.stringify({ text: SENTENCE, model_id: 'eleven_multilingual_v2' }),
      },
    )
  try {
    // Warm both paths (engines load, code is compiled) before anything is timed.
    await speech()
    await effect('a beep', 1)
    const rows: Array<[string, number[]]> = []
    const tts: number[] = []
    for (let r = 0; r < ROUNDS; r++) tts.push((await speech()).ms)
    rows.push([`text to speech, one sentence (${SENTENCE.length} chars)`, tts])
    for (const e of EFFECTS) {
      const times: number[] = []
      for (let r = 0; r < ROUNDS; r++) times.push((await effect(e.text, e.seconds)).ms)
      rows.push([`sound effect: ${e.label}`, times])
    }
    console.log(`whole response through HTTP, ${ROUNDS} rounds each (ms): p50, p95`)
    for (const [label, times] of rows)
      console.log(
        `  ${label.padEnd(56)} ${fmt(percentile(times, 50)).padStart(6)} ${fmt(percentile(times, 95)).padStart(6)}`,
      )
    console.log('events heard back by the loudness detector (PCM 44.1 kHz):')
    for (const e of EFFECTS) {
      const { bytes } = await effect(e.text, e.seconds, 'pcm_44100')
      const heard = detectEvents(pcm16(bytes), 44100).length
      console.log(`  ${e.label.padEnd(40)} counted ${e.events}, heard ${heard}`)
    }
  } finally {
    await server.stop()
  }
}
