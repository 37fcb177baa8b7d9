// Realtime speech to text as a client sees it, the part of the speech to text bench that runs
// over WS /v1/speech-to-text/realtime: our own speech (one premade voice, through the API) goes
// in as 100 ms chunks at the pace of a microphone, and per utterance the bench takes the first
// partial transcript after the speech started, and the committed transcript after it ended,
// under the VAD strategy (0.5 s of silence ends an utterance) and under the manual strategy (the
// client commits as its speech ends), with 1 session and with 4 at once. Baseline from the same
// run: the same utterances posted whole to POST /v1/speech-to-text once the speech has ended,
// 1 at a time and 4 at once (the response time is what a client waits after the speech ends).
import WebSocket from 'ws'
import { pcmWav } from '../../apps/server/test/helpers/voice-factory.js'
import { fmt, percentile } from '../api/bench-app.js'

const RATE = 16_000
const CHUNK_MS = 100
const CHUNK_BYTES = (RATE / 1000) * CHUNK_MS * 2
const VAD_SILENCE_SECONDS = 0.5
const ROUNDS = 2
const PARALLEL = 4

export interface Utterance {
  text: string
  pcm: Buffer
}

interface Timings {
  firstPartialMs: number[]
  committedMs: number[]
  texts: Array<{ reference: string; heard: string }>
}

/** Where the speech in the audio starts and ends (first and last sample above a quiet level). */
function speechBounds(pcm: Buffer): { start: number; end: number } {
  const n = pcm.length / 2
  let start = 0
  while (start < n && Math.abs(pcm.readInt16LE(start * 2)) <= 600) start++
  let end = n
  while (end > start && Math.abs(pcm.readInt16LE((end - 1) * 2)) <= 600) end--
  return { start, end }
}

/** One realtime session that speaks each utterance in turn, waiting for its committed transcript. */
async function session(
  url: string,
  apiKey: string,
  strategy: 'vad' | 'manual',
  utterances: Utterance[],
): Promise<Timings> {
  const query = `model_id=scribe_v2_realtime&audio_format=pcm_16000&commit_strategy=${strategy}&vad_silence_threshold_secs=${VAD_SILENCE_SECONDS}`
  const ws = new WebSocket(`${url.replace('http', 'ws')}/v1/speech-to-text/realtime?${query}`, {
    headers: { 'xi-api-key': apiKey },
  })
  const timings: Timings = { firstPartialMs: [], committedMs: [], texts: [] }
  let speechStartedAt = Number.POSITIVE_INFINITY
  let speechEndedAt = Number.POSITIVE_INFINITY
  let firstPartial: number | null = null
  let committed: { at: number; text: string } | null = null
  ws.on('message', (data) => {
    const m = JSON.parse(data.toString()) as { message_type: string; text?: string }
    const now = performance.now()
    if (m.message_type === 'partial_transcript' && firstPartial === null && now > speechStartedAt)
      firstPartial = now - speechStartedAt
    if (m.message_type === 'committed_transcript' && m.text && committed === null)
      committed = { at: now, text: m.text }
  })
  await new Promise((resolve, reject) => {
    ws.once('message', resolve)
    ws.once('error', reject)
  })
  const t0 = performance.now()
  let chunk = 0
  const send = async (bytes: Buffer, commit = false) => {
    chunk++
    const wait = t0 + chunk * CHUNK_MS - performance.now()
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    ws.send(
      JSON.stringify({ message_type: 'input_audio_chunk', audio_base_64: bytes.toString('base64'), commit }),
    )
  }
  const silence = Buffer.alloc(CHUNK_BYTES)
  for (let i = 0; i < 5; i++) await send(silence)
  for (const utterance of utterances) {
    const { start, end } = speechBounds(utterance.pcm)
    firstPartial = null
    committed = null
    const first = chunk
    speechStartedAt = t0 + (first + 1) * CHUNK_MS + (start / RATE) * 1000
    speechEndedAt = Number.POSITIVE_INFINITY
    const pieces = Math.ceil(utterance.pcm.length / CHUNK_BYTES)
    for (let i = 0; i < pieces; i++) {
      const part = Buffer.alloc(CHUNK_BYTES)
      utterance.pcm.copy(part, 0, i * CHUNK_BYTES, (i + 1) * CHUNK_BYTES)
      await send(part)
    }
    // The speech ended at this sample, on the microphone's clock.
    speechEndedAt = t0 + (first + 1) * CHUNK_MS + (end / RATE) * 1000
    if (strategy === 'manual') {
      const late = performance.now() - speechEndedAt
      await send(Buffer.alloc(0), true)
      // The commit leaves when the chunk holding the end of speech would have been followed.
      speechEndedAt += Math.max(0, late)
    }
    const deadline = performance.now() + 15_000
    while (!committed && performance.now() < deadline) await send(silence)
    const done = committed as { at: number; text: string } | null
    if (!done) {
      console.log(`  "${utterance.text}": no committed transcript within 15 s`)
      continue
    }
    if (firstPartial !== null) timings.firstPartialMs.push(firstPartial)
    timings.committedMs.push(done.at - speechEndedAt)
    timings.texts.push({ reference: utterance.text, heard: done.text })
    for (let i = 0; i < 5; i++) await send(silence)
  }
  ws.close()
  return timings
}

async function batchTimes(url: string, apiKey: string, utterances: Utterance[], parallel: number) {
  const times: number[] = []
  const wav = (pcm: Buffer) => pcmWav(pcm, RATE)

  const one = async (u: Utterance) => {
    const form = new FormData()
    form.append('model_id', 'scribe_v1')
    form.append('file', new Blob([new Uint8Array(wav(u.pcm))]), 'utterance.wav')
    const started = performance.now()
    const r = await fetch(`${url}/v1/speech-to-text`, {
      method: 'POST',
      headers: { 'xi-api-key': apiKey },
      body: form,
    })
    await r.json()
    times.push(performance.now() - started)
  }
  for (let round = 0; round < ROUNDS; round++)
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        for (const u of utterances) await one(u)
      }),
    )
  return times
}

export async function realtimeBench(
  url: string,
  apiKey: string,
  utterances: Utterance[],
  wer: (reference: string, heard: string) => number,
): Promise<void> {
  const row = (label: string, values: number[]) =>
    console.log(
      `  ${label.padEnd(62)} p50 ${fmt(percentile(values, 50)).padStart(5)} ms  p95 ${fmt(percentile(values, 95)).padStart(5)} ms  (n=${values.length})`,
    )
  const spoken = Array.from({ length: ROUNDS }, () => utterances).flat()
  console.log(
    `realtime speech to text, WS /v1/speech-to-text/realtime, pcm_16000 in 100 ms chunks at real-time pace`,
  )
  const heard: Array<{ reference: string; heard: string }> = []
  for (const sessions of [1, PARALLEL]) {
    for (const strategy of ['vad', 'manual'] as const) {
      const runs = await Promise.all(
        Array.from({ length: sessions }, () => session(url, apiKey, strategy, spoken)),
      )
      const label = `${sessions} session${sessions > 1 ? 's at once' : ''}, ${strategy === 'vad' ? `VAD commit (${VAD_SILENCE_SECONDS} s silence)` : 'manual commit at speech end'}`
      row(
        `${label}: first partial after speech starts`,
        runs.flatMap((r) => r.firstPartialMs),
      )
      row(
        `${label}: committed after speech ends`,
        runs.flatMap((r) => r.committedMs),
      )
      heard.push(...runs.flatMap((r) => r.texts))
    }
  }
  for (const parallel of [1, PARALLEL])
    row(
      `baseline: POST /v1/speech-to-text of the utterance, ${parallel} at once`,
      await batchTimes(url, apiKey, utterances, parallel),
    )
  const rates = heard.map((h) => wer(h.reference, h.heard)).sort((a, b) => a - b)
  console.log(
    `  committed transcripts: median WER ${fmt(rates[Math.floor(rates.length / 2)] ?? Number.NaN, 3)}, worst ${fmt(rates.at(-1) ?? Number.NaN, 3)} (n=${rates.length})`,
  )
}
