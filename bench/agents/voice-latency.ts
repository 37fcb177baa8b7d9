// Voice agents, measured as a client hears them: the caller's speech (made by our own text to
// speech) goes into /v1/convai/conversation in 100 ms chunks at the pace of real time, and the
// time from the end of the caller's speech to the first byte of the agent's spoken answer is
// taken per turn (the agent runs on the built-in engine over a small FAQ). The share of each
// stage comes from the record's turn metrics (VAD: the silence that ends a turn; recognition;
// the engine's first text; the first speech chunk). Then 4 conversations at once: the same
// latency, how far the voice activity falls behind the audio (each chunk's vad_score), and how
// fast the agent's speech is made beside real time. Baselines from the same run: the first byte
// of POST /v1/text-to-speech/{voice}/stream for the same answers, and the questions posted whole
// to POST /v1/speech-to-text (what recognising a turn costs once it has ended, without the
// recognition stream the conversation feeds while the caller speaks), 1 and 4 at once.

import { PREMADE_VOICES } from '@timbre/speech'
import WebSocket from 'ws'
import { fmt, percentile, startBenchServer } from '../api/bench-app.js'

const RATE = 16_000
const CHUNK_MS = 100
const CHUNK_BYTES = (RATE / 1000) * CHUNK_MS * 2
const TURNS = 22
const PARALLEL = 4
const PARALLEL_TURNS = 6
const emma = PREMADE_VOICES.find((v) => v.name === 'Emma')!
const QUESTIONS = [
  'When does the shop open?',
  'Can I return a jacket?',
  'How much is delivery?',
  'Do you have a gift card?',
  'Where is the shop?',
]
const FAQ = [
  'The shop opens at nine in the morning and closes at six in the evening, Monday to Saturday.',
  'You can return a jacket or any other item within thirty days with the receipt.',
  'Delivery costs five euros, and it is free for orders over fifty euros.',
  'We sell gift cards from ten to two hundred euros, in the shop and online.',
  'The shop is at twelve Harbour Street, next to the old lighthouse.',
].join('\n\n')

interface Turn {
  firstAudioMs: number
  metrics: Record<string, number>
}

/** The sample after which the audio is silent (the end of the speech in it). */
function speechEnd(pcm: Buffer): number {
  for (let i = pcm.length / 2 - 1; i >= 0; i--) if (Math.abs(pcm.readInt16LE(i * 2)) > 600) return i + 1
  return 0
}

export async function bench(): Promise<void> {
  const server = await startBenchServer({ speechWorkers: 2 })
  const headers = { 'xi-api-key': server.apiKey, 'content-type': 'application/json' }
  const post = async (path: string, body: unknown) => {
    const r = await fetch(`${server.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
    if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`)
    return r
  }
  try {
    const speech = await Promise.all(
      QUESTIONS.map(async (q) => {
        const r = await post(`/v1/text-to-speech/${emma.voice_id}?output_format=pcm_16000`, {
          text: q,
          seed: 1,
        })
        const pcm = Buffer.from(await r.arrayBuffer())
        return { pcm, end: speechEnd(pcm) }
      }),
    )
    const doc = (await (await post('/v1/convai/knowledge-base/text', { text: FAQ, name: 'FAQ' })).json()) as {
      id: string
    }
    const agent = (await (
      await post('/v1/convai/agents/create', {
        name: 'Shop',
        conversation_config: {
          agent: { prompt: { knowledge_base: [{ type: 'text', id: doc.id, name: 'FAQ' }] } },
          tts: { voice_id: emma.voice_id },
        },
      })
    ).json()) as { agent_id: string }

    // Baseline: plain text to speech's first byte over HTTP, for answers of the same length.
    const baseline: number[] = []
    for (let i = 0; i < TURNS; i++) {
      const text = FAQ.split('\n\n')[i % 5]!
      const started = performance.now()
      const r = await post(`/v1/text-to-speech/${emma.voice_id}/stream?output_format=pcm_16000`, { text })
      const reader = r.body!.getReader()
      await reader.read()
      baseline.push(performance.now() - started)
      await reader.cancel()
    }

    // Baseline: each question recognised whole after it ended, 1 at a time and 4 at once.
    const wholeRecognition = async (parallel: number) => {
      const times: number[] = []
      await Promise.all(
        Array.from({ length: parallel }, async () => {
          for (const { pcm } of speech) {
            const form = new FormData()
            form.append('model_id', 'scribe_v1')
            form.append('file', new Blob([pcm]), 'question.pcm')
            form.append('file_format', 'pcm_s16le_16')
            const started = performance.now()
            const r = await fetch(`${server.url}/v1/speech-to-text`, {
              method: 'POST',
              headers: { 'xi-api-key': server.apiKey },
              body: form,
            })
            if (!r.ok) throw new Error(`speech to text: ${r.status} ${await r.text()}`)
            await r.json()
            times.push(performance.now() - started)
          }
        }),
      )
      return times
    }
    const recognitionBaseline = { one: await wholeRecognition(1), parallel: await wholeRecognition(PARALLEL) }

    const one = await converse(server.url, server.apiKey, agent.agent_id, speech, TURNS)
    const parallel = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        converse(server.url, server.apiKey, agent.agent_id, speech, PARALLEL_TURNS),
      ),
    )

    const row = (label: string, values: number[]) =>
      console.log(
        `  ${label.padEnd(58)} p50 ${fmt(percentile(values, 50)).padStart(5)} ms  p95 ${fmt(percentile(values, 95)).padStart(5)} ms  (n=${values.length})`,
      )
    console.log("end of the caller's speech -> first agent audio byte (built-in engine, pcm_16000)")
    row(
      '1 conversation',
      one.turns.map((t) => t.firstAudioMs),
    )
    row(
      `${PARALLEL} conversations at once`,
      parallel.flatMap((c) => c.turns.map((t) => t.firstAudioMs)),
    )
    row('baseline: POST /v1/text-to-speech/{id}/stream first byte', baseline)
    const stages: Array<[string, string]> = [
      ['VAD (silence that ends the turn)', 'convai_vad_latency'],
      ['recognition after the turn ended', 'convai_asr_trailing_service_latency'],
      ['LLM (built-in engine) first text', 'convai_llm_service_ttfb'],
      ['first TTS chunk', 'convai_tts_service_ttfb'],
    ]
    const shares = (label: string, turns: Turn[]) => {
      console.log(`share of each stage (${label}, mean ms and share of the server-side total)`)
      const withMetrics = turns.filter((t) => Object.keys(t.metrics).length > 0)
      const means = stages.map(
        ([, key]) =>
          withMetrics.reduce((n, t) => n + (t.metrics[key] ?? 0), 0) / Math.max(1, withMetrics.length),
      )
      const total = means.reduce((a, b) => a + b, 0)
      stages.forEach(([stage], i) => {
        console.log(
          `  ${stage.padEnd(40)} ${fmt(means[i]! * 1000).padStart(5)} ms  ${fmt((means[i]! / total) * 100).padStart(3)} %`,
        )
      })
    }
    shares('1 conversation', one.turns)
    shares(
      `${PARALLEL} conversations at once`,
      parallel.flatMap((c) => c.turns),
    )
    console.log(`${PARALLEL} conversations at once: keeping up with real time`)
    const lags = parallel.flatMap((c) => c.vadLagMs)
    row('voice activity: chunk sent -> its vad_score', lags)
    const rtf = parallel.flatMap((c) => c.speechFactor)
    console.log(
      `  agent speech made at ${fmt(percentile(rtf, 50), 1)}x real time (p50), ${fmt(Math.min(...rtf), 1)}x at the slowest turn`,
    )
    const recognition = parallel.flatMap((c) =>
      c.turns.map((t) => (t.metrics.convai_asr_trailing_service_latency ?? 0) * 1000),
    )
    row('recognition after the turn ended', recognition)
    console.log('recognition of a turn: streamed while the caller speaks, beside whole after it ended')
    row(
      '1 conversation: recognition after the turn ended',
      one.turns.map((t) => (t.metrics.convai_asr_trailing_service_latency ?? 0) * 1000),
    )
    row('baseline: POST /v1/speech-to-text of the question, 1 at a time', recognitionBaseline.one)
    row(`${PARALLEL} conversations at once: recognition after the turn ended`, recognition)
    row(
      `baseline: POST /v1/speech-to-text of the question, ${PARALLEL} at once`,
      recognitionBaseline.parallel,
    )
  } finally {
    await server.stop()
  }
}

/**
 * One conversation of `turns` spoken questions, each asked once the agent's last answer has
 * been heard. Returns per-turn latencies and how well the server keeps up.
 */
async function converse(
  url: string,
  apiKey: string,
  agentId: string,
  speech: Array<{ pcm: Buffer; end: number }>,
  turns: number,
): Promise<{ turns: Turn[]; vadLagMs: number[]; speechFactor: number[]; id: string }> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/v1/convai/conversation?agent_id=${agentId}`, {
    headers: { 'xi-api-key': apiKey },
  })
  const sentAt: number[] = []
  const vadLagMs: number[] = []
  const speechFactor: number[] = []
  let conversationId = ''
  let lastAudioAt = 0
  let firstAudioAfter: number | null = null
  let speechEndedAt = Number.POSITIVE_INFINITY
  let replyStart = 0
  let replyBytes = 0
  ws.on('message', (data) => {
    const m = JSON.parse(data.toString()) as {
      type: string
      conversation_initiation_metadata_event: { conversation_id: string }
      audio_event: { audio_base_64: string }
    }
    const now = performance.now()
    if (m.type === 'conversation_initiation_metadata')
      conversationId = m.conversation_initiation_metadata_event.conversation_id
    if (m.type === 'vad_score') {
      const sent = sentAt.shift()
      if (sent !== undefined) vadLagMs.push(now - sent)
    }
    if (m.type === 'audio') {
      if (now > speechEndedAt && firstAudioAfter === null) {
        firstAudioAfter = now - speechEndedAt
        replyStart = now
        replyBytes = 0
      }
      replyBytes += Buffer.from(m.audio_event.audio_base_64, 'base64').length
      lastAudioAt = now
    }
  })
  await new Promise((resolve, reject) => {
    ws.once('open', resolve)
    ws.once('error', reject)
  })
  ws.send(JSON.stringify({ type: 'conversation_initiation_client_data' }))
  const silence = Buffer.alloc(CHUNK_BYTES)
  const t0 = performance.now()
  let chunk = 0
  /** Sends the next 100 ms chunk when its time has come (the pace of a microphone). */
  const sendChunk = async (bytes: Buffer) => {
    chunk++
    const due = t0 + chunk * CHUNK_MS
    const wait = due - performance.now()
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    sentAt.push(performance.now())
    ws.send(JSON.stringify({ user_audio_chunk: bytes.toString('base64') }))
  }
  const quietUntilHeard = async () => {
    // The agent's answer is over once no audio came for a while and its length has been played.
    const since = performance.now()
    for (;;) {
      await sendChunk(silence)
      const now = performance.now()
      if (firstAudioAfter === null && now - since > 15_000) return
      if (firstAudioAfter !== null && now - lastAudioAt > 400) {
        const audioMs = (replyBytes / 2 / RATE) * 1000
        if (now - replyStart > audioMs) return
      }
    }
  }
  const results: Turn[] = []
  // The first message: none is set, so the agent waits for the caller.
  for (let i = 0; i < 3; i++) await sendChunk(silence)
  for (let turn = 0; turn < turns; turn++) {
    const { pcm, end } = speech[turn % speech.length]!
    firstAudioAfter = null
    speechEndedAt = Number.POSITIVE_INFINITY
    const startChunk = chunk
    for (let at = 0; at < pcm.length; at += CHUNK_BYTES) {
      const part = Buffer.alloc(CHUNK_BYTES)
      pcm.copy(part, 0, at, Math.min(pcm.length, at + CHUNK_BYTES))
      await sendChunk(part)
    }
    // The speech ended at this sample, on the microphone's clock.
    speechEndedAt = t0 + startChunk * CHUNK_MS + (end / RATE) * 1000
    await quietUntilHeard().catch(() => undefined)
    if (firstAudioAfter === null) {
      console.log(`  turn ${turn}: no spoken answer within 15 s`)
      continue
    }
    results.push({ firstAudioMs: firstAudioAfter, metrics: {} })
    const audioSeconds = replyBytes / 2 / RATE
    const madeIn = (lastAudioAt - replyStart) / 1000
    if (madeIn > 0.05) speechFactor.push(audioSeconds / madeIn)
  }
  ws.close()
  await new Promise((r) => setTimeout(r, 1500))
  const record = (await (
    await fetch(`${url}/v1/convai/conversations/${conversationId}`, { headers: { 'xi-api-key': apiKey } })
  ).json()) as {
    transcript: Array<{
      role: string
      conversation_turn_metrics?: { metrics: Record<string, { elapsed_time: number }> }
    }>
  }
  const metrics = record.transcript
    .filter((e) => e.conversation_turn_metrics)
    .map((e) => e.conversation_turn_metrics!)
  metrics.forEach((m, i) => {
    const turn = results[i]
    if (turn)
      turn.metrics = Object.fromEntries(Object.entries(m.metrics).map(([k, v]) => [k, v.elapsed_time]))
  })
  return { turns: results, vadLagMs, speechFactor, id: conversationId }
}
