import OpenAI, { toFile } from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { pcmWav } from '../../../test/helpers/voice-factory.js'
import { wordErrorRate, words } from '../../../test/helpers/word-error.js'

// OpenAI's audio API through the official `openai` package with only baseURL changed: speech in
// OpenAI's voices and formats (charged and kept in history like the ElevenLabs routes), our own
// speech transcribed back in every response_format, the models list, and refusals in OpenAI's
// error shape.

const SENTENCE = 'My neighbour grows tomatoes and beans in a small garden behind the house.'

let t: TestApp
let openai: OpenAI
let user: TestUser
let address: string
let apiKey: string

function rms(pcm: Buffer): number {
  let sum = 0
  const n = Math.floor(pcm.length / 2)
  for (let i = 0; i < n; i++) sum += pcm.readInt16LE(i * 2) ** 2
  return Math.sqrt(sum / Math.max(1, n)) / 32768
}

const used = async () =>
  (await t.app.inject({ method: 'GET', url: '/v1/user/subscription', headers: user.auth })).json()
    .character_count as number

beforeAll(async () => {
  t = await createTestApp()
  user = await createUser(t.app, t.database, { verified: true })
  const key = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: user.auth,
    payload: { name: 'openai' },
  })
  apiKey = key.json().api_key as string
  address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  openai = new OpenAI({ apiKey, baseURL: `${address}/openai/v1`, maxRetries: 0 })
}, 120_000)
afterAll(async () => {
  await t?.close()
})

describe('the OpenAI-compatible audio API through the openai package', () => {
  it('speaks in an OpenAI voice as a finished WAV, charged per character and kept in history', async () => {
    const before = await used()
    const response = await openai.audio.speech.create({
      model: 'tts-1',
      voice: 'alloy',
      input: SENTENCE,
      response_format: 'wav',
    })
    const wav = Buffer.from(await response.arrayBuffer())
    expect(response.headers.get('content-type')).toBe('audio/wav')
    expect(wav.subarray(0, 4).toString()).toBe('RIFF')
    // A finished file states its real sizes.
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8)
    expect(wav.readUInt32LE(24)).toBe(24_000)
    expect(wav.readUInt32LE(40)).toBe(wav.length - 44)
    const pcm = wav.subarray(44)
    expect(pcm.length / 2 / 24_000).toBeGreaterThan(2)
    expect(rms(pcm)).toBeGreaterThan(0.01)
    // tts-1 is made by the flash model, which costs half a credit a character.
    const cost = Number(response.headers.get('character-cost'))
    expect(cost).toBe(Math.ceil(SENTENCE.length / 2))
    expect((await used()) - before).toBe(cost)
    const history = await t.app.inject({ method: 'GET', url: '/v1/history', headers: user.auth })
    expect(history.json().history[0]).toMatchObject({ text: SENTENCE, voice_name: 'Emma' })
  }, 120_000)

  it('streams MP3 by default and takes one of our own voice ids and models', async () => {
    const response = await openai.audio.speech.create({
      model: 'eleven_multilingual_v2',
      voice: 'xtzHq8STZHE6svi34zWH',
      input: 'Short and streamed.',
    })
    const mp3 = Buffer.from(await response.arrayBuffer())
    expect(response.headers.get('content-type')).toBe('audio/mpeg')
    const frameSync = mp3[0] === 0xff && ((mp3[1] ?? 0) & 0xe0) === 0xe0
    expect(frameSync || mp3.subarray(0, 3).toString() === 'ID3').toBe(true)
    expect(mp3.length).toBeGreaterThan(4000)
  }, 120_000)

  it('transcribes our speech back in every response_format', async () => {
    const spoken = await openai.audio.speech.create({
      model: 'tts-1-hd',
      voice: 'alloy',
      input: SENTENCE,
      response_format: 'pcm',
    })
    const wav = pcmWav(Buffer.from(await spoken.arrayBuffer()), 24_000)
    const file = () => toFile(wav, 'garden.wav', { type: 'audio/wav' })

    const verbose = await openai.audio.transcriptions.create({
      file: await file(),
      model: 'whisper-1',
      response_format: 'verbose_json',
      timestamp_granularities: ['word', 'segment'],
    })
    expect(wordErrorRate(words(SENTENCE), words(verbose.text))).toBeLessThanOrEqual(0.3)
    expect(verbose.language).toBe('english')
    expect(verbose.duration).toBeGreaterThan(2)
    expect(verbose.words?.length).toBeGreaterThan(5)
    for (const w of verbose.words ?? []) expect(w.end).toBeGreaterThan(w.start)
    expect(verbose.segments?.length).toBeGreaterThan(0)
    expect(verbose.segments?.map((s) => s.text).join(' ')).toBe(verbose.text)

    const json = await openai.audio.transcriptions.create({ file: await file(), model: 'gpt-4o-transcribe' })
    expect(json.text).toBe(verbose.text)
    const text = await openai.audio.transcriptions.create({
      file: await file(),
      model: 'whisper-1',
      response_format: 'text',
    })
    expect(String(text).trim()).toBe(verbose.text)
    const srt = String(
      await openai.audio.transcriptions.create({
        file: await file(),
        model: 'whisper-1',
        response_format: 'srt',
      }),
    )
    expect(srt).toMatch(/^1\n\d{2}:\d{2}:\d{2},\d{3} --> \d{2}:\d{2}:\d{2},\d{3}\n/)
    const vtt = String(
      await openai.audio.transcriptions.create({
        file: await file(),
        model: 'whisper-1',
        response_format: 'vtt',
      }),
    )
    expect(vtt).toMatch(/^WEBVTT\n\n\d{2}:\d{2}:\d{2}\.\d{3} --> /)
  }, 180_000)

  it('lists OpenAI’s model names beside ours', async () => {
    const ids: string[] = []
    for await (const model of openai.models.list()) ids.push(model.id)
    expect(ids).toEqual(
      expect.arrayContaining(['tts-1', 'tts-1-hd', 'whisper-1', 'eleven_multilingual_v2', 'scribe_v1']),
    )
  })

  it('refuses in OpenAI’s error shape, and charges nothing', async () => {
    const before = await used()
    const refusal = async (call: Promise<unknown>) => {
      try {
        await call
      } catch (error) {
        if (error instanceof OpenAI.APIError) return { status: error.status, message: error.message }
        throw error
      }
      throw new Error('the call was not refused')
    }
    const speech = (extra: Partial<OpenAI.Audio.SpeechCreateParams>) =>
      openai.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'Nothing.', ...extra })

    const flac = await refusal(speech({ response_format: 'flac' }))
    expect(flac.status).toBe(400)
    expect(flac.message).toContain("response_format 'flac' is not available on this server")
    expect((await refusal(speech({ speed: 3 }))).message).toContain('speed must be between 0.7 and 1.2')
    expect((await refusal(speech({ voice: 'nobody-here' }))).status).toBe(404)
    expect((await refusal(speech({ input: 'x'.repeat(4097) }))).status).toBe(400)
    const stranger = new OpenAI({ apiKey: 'sk_not_a_key', baseURL: `${address}/openai/v1`, maxRetries: 0 })
    expect(
      (await refusal(stranger.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'Hi' }))).status,
    ).toBe(401)
    const notAudio = await refusal(
      openai.audio.transcriptions.create({
        file: await toFile(Buffer.from('just some text, not audio'), 'fake.wav'),
        model: 'whisper-1',
      }),
    )
    expect(notAudio.status).toBeGreaterThanOrEqual(400)
    expect(notAudio.status).toBeLessThan(500)
    expect((await used()) - before).toBe(0)

    // The raw body is OpenAI's: {"error": {"message", "type", "param", "code"}}.
    const raw = await fetch(`${address}/openai/v1/audio/speech`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'tts-1', voice: 'alloy', input: 'Hi', response_format: 'aac' }),
    })
    expect(raw.status).toBe(400)
    expect(await raw.json()).toEqual({
      error: {
        message: expect.stringContaining("'aac' is not available"),
        type: expect.any(String),
        param: 'response_format',
        code: 'validation_error',
      },
    })
  }, 120_000)
})
