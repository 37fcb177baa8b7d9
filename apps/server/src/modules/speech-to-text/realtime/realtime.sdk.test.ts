import {
  AudioFormat,
  CommitStrategy,
  ElevenLabsClient,
  type RealtimeConnection,
  RealtimeEvents,
} from '@elevenlabs/elevenlabs-js'
import { speechToTextCredits } from '@timbre/contract'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { createUser } from '../../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js'
import { wordErrorRate, words } from '../../../../test/helpers/word-error.js'
import { REALTIME_MAX_AUDIO_SECONDS } from './realtime.session.js'

// Realtime transcription through the official SDK's realtime client with only baseUrl changed:
// our own speech streamed at the pace of speech gets partial transcripts while it goes on and a
// committed transcript with a word error rate of at most 0.3 after it, by voice activity or by
// the client's commit, at the client's sample rate; bad input and missing credentials get the
// SDK's error messages, and the audio received is charged once, per minute, only when words
// came out of it.

const SENTENCE = 'My neighbour grows tomatoes and beans in a small garden behind the house.'
const SECOND = 'The train to the city leaves from the second platform every morning.'

let t: TestApp
let client: ElevenLabsClient
let apiKey: string
let address: string

const used = async () => (await client.user.subscription.get()).characterCount

/** Our speech of `text` as raw audio, with the synthesiser's first and last sound times. */
async function speak(text: string, format: 'pcm_16000' | 'pcm_44100' | 'ulaw_8000') {
  const emma = PREMADE_VOICES.find((v) => v.name === 'Emma')!
  const r = await client.textToSpeech.convertWithTimestamps(emma.voice_id, {
    text,
    outputFormat: format,
    seed: 5,
  })
  const a = r.alignment!
  return {
    audio: Buffer.from(r.audioBase64, 'base64'),
    speechStart: a.characterStartTimesSeconds[0]!,
    speechEnd: a.characterEndTimesSeconds.at(-1)!,
  }
}

interface Heard {
  type: string
  at: number
  data: {
    text?: string
    error?: string
    words?: Array<{ text?: string; start?: number; end?: number; type?: string }>
  }
}

/** Every message the connection gets, with the time it arrived. */
/** Connections a test opened: a failed test must not leave one holding a concurrency slot. */
const opened: Array<{ connection: RealtimeConnection; closed: () => boolean }> = []

function listen(connection: RealtimeConnection) {
  const heard: Heard[] = []
  const types = [
    RealtimeEvents.SESSION_STARTED,
    RealtimeEvents.PARTIAL_TRANSCRIPT,
    RealtimeEvents.COMMITTED_TRANSCRIPT,
    RealtimeEvents.COMMITTED_TRANSCRIPT_WITH_TIMESTAMPS,
    RealtimeEvents.AUTH_ERROR,
    RealtimeEvents.INPUT_ERROR,
    RealtimeEvents.CHUNK_SIZE_EXCEEDED,
    RealtimeEvents.INVALID_REQUEST,
    RealtimeEvents.RATE_LIMITED,
    // Every error is also emitted as `error`, which an EventEmitter throws when nobody listens.
    RealtimeEvents.ERROR,
  ]
  for (const type of types)
    connection.on(type, (data: unknown) =>
      heard.push({ type, at: performance.now(), data: data as Heard['data'] }),
    )
  let closed = false
  connection.on(RealtimeEvents.CLOSE, () => {
    closed = true
  })
  const until = async (done: () => boolean, seconds = 20) => {
    const end = performance.now() + seconds * 1000
    while (!done()) {
      if (performance.now() > end) throw new Error(`timed out; heard ${heard.map((h) => h.type).join(', ')}`)
      await new Promise((r) => setTimeout(r, 20))
    }
  }
  opened.push({ connection, closed: () => closed })
  return {
    heard,
    of: (type: string) => heard.filter((h) => h.type === type),
    until,
    closed: () => closed,
    started: () => until(() => heard.some((h) => h.type === RealtimeEvents.SESSION_STARTED)),
  }
}

/**
 * Sends audio in 100 ms chunks at the pace of speech; returns the wall time the stream started
 * (performance.now()).
 */
async function stream(
  connection: RealtimeConnection,
  audio: Buffer,
  bytesPerSecond: number,
  stopWhen: () => boolean = () => false,
): Promise<{ start: number; sentBytes: number }> {
  const chunk = Math.round(bytesPerSecond / 10)
  const start = performance.now()
  let sentBytes = 0
  for (let i = 0; i * chunk < audio.length && !stopWhen(); i++) {
    const due = start + i * 100
    const wait = due - performance.now()
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    const part = audio.subarray(i * chunk, (i + 1) * chunk)
    connection.send({ audioBase64: part.toString('base64') })
    sentBytes += part.length
  }
  return { start, sentBytes }
}

/** Pads 16-bit audio with silence to a whole number of `step` seconds. */
function padded(pcm: Buffer, rate: number, silenceSeconds: number, step = 3): Buffer {
  const seconds = Math.ceil((pcm.length / 2 / rate + silenceSeconds) / step) * step
  return Buffer.concat([pcm, Buffer.alloc(seconds * rate * 2 - pcm.length)])
}

/**
 * Credits used since `before` once the session's up-front reservation has been settled (the
 * credits used count open reservations).
 */
async function chargedSince(before: number): Promise<number> {
  const reserved = speechToTextCredits(REALTIME_MAX_AUDIO_SECONDS)
  const end = performance.now() + 15_000
  let now = await used()
  while (now - before >= reserved && performance.now() < end) {
    await new Promise((r) => setTimeout(r, 100))
    now = await used()
  }
  return now - before
}

beforeAll(async () => {
  t = await createTestApp()
  const user = await createUser(t.app, t.database, { verified: true })
  apiKey = (
    await t.app.inject({
      method: 'POST',
      url: '/v1/user/api-keys',
      headers: user.auth,
      payload: { name: 'sdk' },
    })
  ).json().api_key as string
  address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  client = new ElevenLabsClient({ apiKey, baseUrl: address })
}, 120_000)
afterEach(async () => {
  const open = opened.splice(0).filter((o) => !o.closed())
  for (const o of open) o.connection.close()
  const end = performance.now() + 5000
  while (open.some((o) => !o.closed()) && performance.now() < end) await new Promise((r) => setTimeout(r, 50))
  // Settling the closed sessions gives their slots back.
  if (open.length > 0) await new Promise((r) => setTimeout(r, 500))
})
afterAll(async () => {
  await t?.close()
})

describe('realtime speech to text through the SDK', () => {
  it('sends partials while speech goes on and commits by voice activity with word times, charged once', async () => {
    const { audio, speechStart, speechEnd } = await speak(SENTENCE, 'pcm_16000')
    const pcm = padded(audio, 16_000, 1.5)
    const before = await used()
    const connection = await client.speechToText.realtime.connect({
      modelId: 'scribe_v2_realtime',
      audioFormat: AudioFormat.PCM_16000,
      sampleRate: 16_000,
      commitStrategy: CommitStrategy.VAD,
      vadSilenceThresholdSecs: 0.5,
      includeTimestamps: true,
    })
    const session = listen(connection)
    await session.started()
    const { start: started } = await stream(connection, pcm, 32_000)
    await session.until(() => session.of(RealtimeEvents.COMMITTED_TRANSCRIPT).length > 0)
    await session.until(() => session.of(RealtimeEvents.COMMITTED_TRANSCRIPT_WITH_TIMESTAMPS).length > 0)

    const partials = session.of(RealtimeEvents.PARTIAL_TRANSCRIPT)
    const committed = session.of(RealtimeEvents.COMMITTED_TRANSCRIPT)
    expect(committed).toHaveLength(1)
    expect(partials.length).toBeGreaterThan(0)
    expect(partials[0]!.at).toBeLessThan(committed[0]!.at)
    const text = committed[0]!.data.text!
    const wer = wordErrorRate(words(SENTENCE), words(text))
    const firstPartial = partials[0]!.at - (started + speechStart * 1000)
    const commitDelay = committed[0]!.at - (started + speechEnd * 1000)
    console.log(
      `realtime VAD: WER ${wer.toFixed(3)} "${text}"; ${partials.length} partials, first ${firstPartial.toFixed(0)} ms after speech began; committed ${commitDelay.toFixed(0)} ms after speech ended (silence threshold 500 ms)`,
    )
    expect(wer).toBeLessThanOrEqual(0.3)

    // Everything sent has been received by now; the session ends with the client.
    await new Promise((r) => setTimeout(r, 300))
    const timed = session.of(RealtimeEvents.COMMITTED_TRANSCRIPT_WITH_TIMESTAMPS)[0]!.data
    expect(timed.text).toBe(text)
    const spoken = (timed.words ?? []).filter((w) => w.type === 'word')
    expect(spoken.map((w) => w.text).join(' ')).toBe(text)
    for (const w of spoken) {
      expect(w.end!).toBeGreaterThan(w.start!)
      expect(w.start!).toBeGreaterThanOrEqual(speechStart - 0.3)
      expect(w.end!).toBeLessThanOrEqual(speechEnd + 0.3)
    }

    connection.close()
    await session.until(session.closed)
    // Charged per second of audio received, once: the same a while later.
    expect(await chargedSince(before)).toBe(speechToTextCredits(pcm.length / 32_000))
    await new Promise((r) => setTimeout(r, 1000))
    expect((await used()) - before).toBe(speechToTextCredits(pcm.length / 32_000))
  }, 120_000)

  it('commits each utterance on its own, and a connection dropped mid-speech is charged for what was heard', async () => {
    const first = await speak(SENTENCE, 'pcm_16000')
    const second = await speak(SECOND, 'pcm_16000')
    const gap = Buffer.alloc(Math.round(1.2 * 16_000) * 2)
    const pcm = Buffer.concat([first.audio, gap, second.audio])
    const before = await used()
    const connection = await client.speechToText.realtime.connect({
      modelId: 'scribe_v2_realtime',
      audioFormat: AudioFormat.PCM_16000,
      sampleRate: 16_000,
      commitStrategy: CommitStrategy.VAD,
      vadSilenceThresholdSecs: 0.5,
      includeTimestamps: true,
    })
    const session = listen(connection)
    await session.started()
    // The second sentence is cut off by a connection that just goes away, once a partial of it
    // came back.
    const laterPartials = () => {
      const firstCommit = session.of(RealtimeEvents.COMMITTED_TRANSCRIPT)[0]
      return firstCommit
        ? session.of(RealtimeEvents.PARTIAL_TRANSCRIPT).filter((p) => p.at > firstCommit.at)
        : []
    }
    const { sentBytes } = await stream(connection, pcm, 32_000, () => laterPartials().length > 0)
    // A loaded machine may still be working through what was sent.
    await session.until(() => laterPartials().length > 0, 30)
    const committed = session.of(RealtimeEvents.COMMITTED_TRANSCRIPT)
    expect(committed).toHaveLength(1)
    expect(wordErrorRate(words(SENTENCE), words(committed[0]!.data.text!))).toBeLessThanOrEqual(0.3)
    const later = laterPartials()
    expect(later.length).toBeGreaterThan(0)
    // A partial of the new utterance holds none of the committed one.
    expect(later.at(-1)!.data.text).not.toMatch(/garden/)
    const firstWords = session.of(RealtimeEvents.COMMITTED_TRANSCRIPT_WITH_TIMESTAMPS)[0]!.data.words!
    expect(firstWords.at(-1)!.end!).toBeLessThanOrEqual(first.audio.length / 32_000 + 0.3)
    ;(connection as unknown as { websocket: WebSocket }).websocket.terminate()
    await session.until(session.closed)
    const charged = await chargedSince(before)
    const sentSeconds = sentBytes / 32_000
    console.log(`dropped mid-speech after ${sentSeconds.toFixed(1)} s sent: charged ${charged} credits`)
    expect(charged).toBeGreaterThanOrEqual(speechToTextCredits(first.audio.length / 32_000))
    expect(charged).toBeLessThanOrEqual(speechToTextCredits(sentSeconds))
  }, 120_000)

  it('commits only on the client commit under the manual strategy, at 44.1 kHz', async () => {
    const { audio } = await speak(SECOND, 'pcm_44100')
    const pcm = Buffer.concat([audio, Buffer.alloc(44_100 * 2)])
    const connection = await client.speechToText.realtime.connect({
      modelId: 'scribe_v2_realtime',
      audioFormat: AudioFormat.PCM_44100,
      sampleRate: 44_100,
      commitStrategy: CommitStrategy.MANUAL,
    })
    const session = listen(connection)
    await session.started()
    for (let at = 0; at < pcm.length; at += 44_100)
      connection.send({ audioBase64: pcm.subarray(at, at + 44_100).toString('base64') })
    await new Promise((r) => setTimeout(r, 1500))
    expect(session.of(RealtimeEvents.COMMITTED_TRANSCRIPT)).toHaveLength(0)
    connection.commit()
    await session.until(() => session.of(RealtimeEvents.COMMITTED_TRANSCRIPT).length > 0)
    const text = session.of(RealtimeEvents.COMMITTED_TRANSCRIPT)[0]!.data.text!
    const wer = wordErrorRate(words(SECOND), words(text))
    console.log(`realtime manual 44.1 kHz: WER ${wer.toFixed(3)} "${text}"`)
    expect(wer).toBeLessThanOrEqual(0.3)
    // Without include_timestamps only the plain transcript comes.
    expect(session.of(RealtimeEvents.COMMITTED_TRANSCRIPT_WITH_TIMESTAMPS)).toHaveLength(0)
    const before = await used()
    connection.close()
    await session.until(session.closed)
    await chargedSince(before)
  }, 120_000)

  it('transcribes 8 kHz mu-law telephone audio', async () => {
    const { audio } = await speak(SECOND, 'ulaw_8000')
    const connection = await client.speechToText.realtime.connect({
      modelId: 'scribe_v2_realtime',
      audioFormat: AudioFormat.ULAW_8000,
      sampleRate: 8000,
    })
    const session = listen(connection)
    await session.started()
    const ulaw = Buffer.concat([audio, Buffer.alloc(8000, 0xff)])
    for (let at = 0; at < ulaw.length; at += 8000)
      connection.send({ audioBase64: ulaw.subarray(at, at + 8000).toString('base64') })
    connection.commit()
    await session.until(() => session.of(RealtimeEvents.COMMITTED_TRANSCRIPT).length > 0)
    const text = session.of(RealtimeEvents.COMMITTED_TRANSCRIPT)[0]!.data.text!
    const wer = wordErrorRate(words(SECOND), words(text))
    console.log(`realtime mu-law 8 kHz: WER ${wer.toFixed(3)} "${text}"`)
    // The recogniser's model is wideband: telephone audio loses the sounds above 4 kHz, and
    // about half the words with them (undecoded mu-law bytes would give next to none right).
    expect(wer).toBeLessThanOrEqual(0.7)
    const before = await used()
    connection.close()
    await session.until(session.closed)
    await chargedSince(before)
  }, 120_000)

  it('refuses bad base64, a wrong sample rate and an oversized chunk without ending the session, and charges nothing for silence', async () => {
    const before = await used()
    const connection = await client.speechToText.realtime.connect({
      modelId: 'scribe_v2_realtime',
      audioFormat: AudioFormat.PCM_16000,
      sampleRate: 16_000,
    })
    const session = listen(connection)
    await session.started()
    connection.send({ audioBase64: 'not base64!' })
    connection.send({ audioBase64: Buffer.alloc(3200).toString('base64'), sampleRate: 8000 })
    connection.send({ audioBase64: Buffer.alloc(160_000).toString('base64') })
    await session.until(() => session.of(RealtimeEvents.CHUNK_SIZE_EXCEEDED).length > 0)
    const errors = session.of(RealtimeEvents.INPUT_ERROR).map((e) => e.data.error!)
    expect(errors).toHaveLength(2)
    expect(errors[0]).toMatch(/base64/)
    expect(errors[1]).toMatch(/sample_rate 8000/)
    // Three seconds of silence, then a commit: an empty transcript, nothing charged.
    connection.send({ audioBase64: Buffer.alloc(96_000).toString('base64') })
    connection.commit()
    await session.until(() => session.of(RealtimeEvents.COMMITTED_TRANSCRIPT).length > 0)
    expect(session.of(RealtimeEvents.COMMITTED_TRANSCRIPT)[0]!.data.text).toBe('')
    connection.close()
    await session.until(session.closed)
    expect(await chargedSince(before)).toBe(0)
  }, 60_000)

  it('ends a session at its audio limit, charging nothing for silence', async () => {
    const before = await used()
    const connection = await client.speechToText.realtime.connect({
      modelId: 'scribe_v2_realtime',
      audioFormat: AudioFormat.PCM_8000,
      sampleRate: 8000,
    })
    const session = listen(connection)
    connection.on(RealtimeEvents.SESSION_TIME_LIMIT_EXCEEDED, (data: unknown) =>
      session.heard.push({ type: 'limit', at: performance.now(), data: data as Heard['data'] }),
    )
    await session.started()
    const fiveSeconds = Buffer.alloc(8000 * 2 * 5).toString('base64')
    for (let i = 0; i < REALTIME_MAX_AUDIO_SECONDS / 5; i++) connection.send({ audioBase64: fiveSeconds })
    connection.send({ audioBase64: Buffer.alloc(3200).toString('base64') })
    await session.until(() => session.of('limit').length > 0, 60)
    expect(session.of('limit')[0]!.data.error).toMatch(/at most 10 minutes/)
    await session.until(session.closed)
    expect(await chargedSince(before)).toBe(0)
  }, 90_000)

  it('holds a concurrency slot per session: past the plan, a session is rate limited', async () => {
    const baseline = await used()
    const open = async () => {
      const connection = await client.speechToText.realtime.connect({
        modelId: 'scribe_v2_realtime',
        audioFormat: AudioFormat.PCM_16000,
        sampleRate: 16_000,
      })
      const session = listen(connection)
      await session.until(() => session.heard.length > 0)
      return { connection, session }
    }
    const held = [await open(), await open()]
    for (const h of held) expect(h.session.heard[0]!.type).toBe(RealtimeEvents.SESSION_STARTED)
    const refused = await open()
    expect(refused.session.heard.map((h) => h.type)).toContain(RealtimeEvents.RATE_LIMITED)
    await refused.session.until(refused.session.closed)
    held[0]!.connection.close()
    await held[0]!.session.until(held[0]!.session.closed)
    await new Promise((r) => setTimeout(r, 300))
    const again = await open()
    expect(again.session.heard[0]!.type).toBe(RealtimeEvents.SESSION_STARTED)
    for (const h of [held[1]!, again]) {
      h.connection.close()
      await h.session.until(h.session.closed)
    }
    // Sessions without audio cost nothing; once settled, their slots are back.
    expect(await chargedSince(baseline)).toBe(0)
  }, 60_000)

  it('answers an unknown message type with an input error', async () => {
    const socket = new WebSocket(
      `${address.replace('http', 'ws')}/v1/speech-to-text/realtime?model_id=scribe_v2_realtime`,
      {
        headers: { 'xi-api-key': apiKey },
      },
    )
    const messages: Array<{ message_type: string; error?: string }> = []
    socket.on('message', (data) => messages.push(JSON.parse(data.toString())))
    await new Promise((r) => socket.once('open', r))
    socket.send(JSON.stringify({ message_type: 'bogus' }))
    const end = performance.now() + 10_000
    while (!messages.some((m) => m.message_type === 'input_error') && performance.now() < end)
      await new Promise((r) => setTimeout(r, 20))
    expect(messages[0]?.message_type).toBe('session_started')
    expect(messages.find((m) => m.message_type === 'input_error')?.error).toMatch(
      /Unknown message_type 'bogus'/,
    )
    socket.close()
  }, 30_000)

  it('gives an auth error without credentials or with a bad token', async () => {
    const bare = new WebSocket(
      `${address.replace('http', 'ws')}/v1/speech-to-text/realtime?model_id=scribe_v2_realtime`,
    )
    const first = await new Promise<{ message_type: string; error: string }>((resolve) =>
      bare.once('message', (data) => resolve(JSON.parse(data.toString()))),
    )
    expect(first.message_type).toBe('auth_error')
    expect(first.error).toMatch(/xi-api-key/)

    const connection = await client.speechToText.realtime.connect({
      modelId: 'scribe_v2_realtime',
      audioFormat: AudioFormat.PCM_16000,
      sampleRate: 16_000,
      token: 'not-a-token',
    })
    const session = listen(connection)
    await session.until(() => session.of(RealtimeEvents.AUTH_ERROR).length > 0)
    expect(session.of(RealtimeEvents.AUTH_ERROR)[0]!.data.error).toMatch(/Single-use tokens/)
    await session.until(session.closed)
    expect(session.of(RealtimeEvents.SESSION_STARTED)).toHaveLength(0)

    // A wrong key is refused at the upgrade, before any session.
    const stranger = new ElevenLabsClient({ apiKey: 'sk_wrong', baseUrl: address })
    const refused = listen(
      await stranger.speechToText.realtime.connect({
        modelId: 'scribe_v2_realtime',
        audioFormat: AudioFormat.PCM_16000,
        sampleRate: 16_000,
      }),
    )
    await refused.until(refused.closed)
    expect(String(refused.of(RealtimeEvents.ERROR)[0]?.data)).toMatch(/401/)
    expect(refused.of(RealtimeEvents.SESSION_STARTED)).toHaveLength(0)
  }, 30_000)
})
