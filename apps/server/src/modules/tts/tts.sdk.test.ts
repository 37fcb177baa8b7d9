import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mp3FrameInfo } from '../../../test/helpers/audio-checks.js'
import { createUser } from '../../../test/helpers/factories.js'
import { probeAudio } from '../../../test/helpers/ffprobe.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// The official SDK with only the base URL changed:
// text to speech in all four variants, user and subscription.

let t: TestApp
let client: ElevenLabsClient
const emma = PREMADE_VOICES.find((v) => v.name === 'Emma')!

async function bytes(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = []
  for await (const part of stream as unknown as AsyncIterable<Uint8Array>) parts.push(part)
  return Buffer.concat(parts)
}

beforeAll(async () => {
  t = await createTestApp()
  const user = await createUser(t.app, t.database, { verified: true })
  const key = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: user.auth,
    payload: { name: 'sdk' },
  })
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  client = new ElevenLabsClient({ apiKey: key.json().api_key, baseUrl: address })
})
afterAll(() => t?.close())

describe('@elevenlabs/elevenlabs-js text to speech against Timbre', () => {
  it('textToSpeech.convert', async () => {
    const audio = await bytes(
      await client.textToSpeech.convert(emma.voice_id, {
        text: 'Hello from the SDK.',
        modelId: 'eleven_multilingual_v2',
        outputFormat: 'mp3_44100_128',
      }),
    )
    expect(mp3FrameInfo(audio)).toEqual({ sampleRate: 44100, bitrateKbps: 128 })
  })

  it('textToSpeech.stream', async () => {
    const audio = await bytes(
      await client.textToSpeech.stream(emma.voice_id, {
        text: 'Streaming through the SDK. Two sentences.',
        outputFormat: 'mp3_22050_32',
      }),
    )
    expect(mp3FrameInfo(audio)?.sampleRate).toBe(22050)
  })

  it('textToSpeech.convertWithTimestamps', async () => {
    const text = 'Timed words.'
    const res = await client.textToSpeech.convertWithTimestamps(emma.voice_id, { text })
    expect(Buffer.from(res.audioBase64, 'base64').length).toBeGreaterThan(1000)
    expect(res.alignment?.characters.join('')).toBe(text)
    expect(res.alignment?.characterStartTimesSeconds).toHaveLength(text.length)
    expect(res.normalizedAlignment?.characters.length).toBeGreaterThan(0)
  })

  it('textToSpeech.streamWithTimestamps', async () => {
    const text = 'First part. Second part.'
    const stream = await client.textToSpeech.streamWithTimestamps(emma.voice_id, {
      text,
      outputFormat: 'pcm_16000',
    })
    const chunks = []
    for await (const chunk of stream) chunks.push(chunk)
    expect(chunks.length).toBeGreaterThanOrEqual(1)
    expect(chunks.flatMap((c) => c.alignment?.characters ?? []).join('')).toBe(text)
    expect(chunks.every((c) => typeof c.audioBase64 === 'string')).toBe(true)
  })

  it('textToDialogue.convert', async () => {
    const noah = PREMADE_VOICES.find((v) => v.name === 'Noah')!
    const audio = await bytes(
      await client.textToDialogue.convert({
        inputs: [
          { text: 'Hello!', voiceId: emma.voice_id },
          { text: 'Hi there.', voiceId: noah.voice_id },
        ],
      }),
    )
    expect(mp3FrameInfo(audio)).not.toBeNull()
  })

  it('textToSpeech.convert and .stream in Opus: one valid Ogg Opus stream at 48 kHz, also joined from streamed chunks', async () => {
    const whole = await bytes(
      await client.textToSpeech.convert(emma.voice_id, {
        text: 'Opus from the SDK.',
        outputFormat: 'opus_48000_64',
      }),
    )
    expect(await probeAudio(whole, 'opus')).toMatchObject({ codec: 'opus', sampleRate: 48000, errors: '' })
    const parts: Uint8Array[] = []
    const stream = await client.textToSpeech.stream(emma.voice_id, {
      text: 'Streamed Opus. It arrives in several pieces, one after the other, as it is made.',
      outputFormat: 'opus_48000_192',
    })
    for await (const part of stream as unknown as AsyncIterable<Uint8Array>) parts.push(part)
    expect(Buffer.from(parts[0]!.subarray(0, 4)).toString('latin1')).toBe('OggS')
    const probe = await probeAudio(Buffer.concat(parts), 'opus')
    expect(probe).toMatchObject({ codec: 'opus', sampleRate: 48000, channels: 1, errors: '' })
    expect(probe.durationSeconds).toBeGreaterThan(2)
  })

  it('textToDialogue.convertWithTimestamps and .streamWithTimestamps', async () => {
    const noah = PREMADE_VOICES.find((v) => v.name === 'Noah')!
    const inputs = [
      { text: 'Are you ready?', voiceId: emma.voice_id },
      { text: 'Ready when you are.', voiceId: noah.voice_id },
    ]
    const res = await client.textToDialogue.convertWithTimestamps({ inputs, outputFormat: 'mp3_44100_64' })
    expect(mp3FrameInfo(Buffer.from(res.audioBase64, 'base64'))).toEqual({
      sampleRate: 44100,
      bitrateKbps: 64,
    })
    expect(res.alignment?.characters.join('')).toBe('Are you ready?Ready when you are.')
    expect(
      res.voiceSegments.map((s) => [
        s.voiceId,
        s.dialogueInputIndex,
        s.characterStartIndex,
        s.characterEndIndex,
      ]),
    ).toEqual([
      [emma.voice_id, 0, 0, 14],
      [noah.voice_id, 1, 14, 33],
    ])
    expect(res.voiceSegments[1]!.startTimeSeconds).toBeCloseTo(res.voiceSegments[0]!.endTimeSeconds, 3)

    const stream = await client.textToDialogue.streamWithTimestamps({ inputs, outputFormat: 'pcm_24000' })
    const chunks = []
    for await (const chunk of stream) chunks.push(chunk)
    expect(chunks.flatMap((c) => c.alignment?.characters ?? []).join('')).toBe(
      'Are you ready?Ready when you are.',
    )
    expect(chunks.flatMap((c) => c.voiceSegments.map((s) => s.dialogueInputIndex))).toEqual([0, 1])
  })

  it('errors arrive as ElevenLabsError with the status and detail', async () => {
    try {
      await client.textToSpeech.convert('NoSuchVoice000000000', { text: 'hi' })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(ElevenLabsError)
      expect((error as ElevenLabsError).statusCode).toBe(404)
      expect(JSON.stringify((error as ElevenLabsError).body)).toContain('voice_not_found')
    }
  })

  it('user.get and user.subscription.get', async () => {
    const user = await client.user.get()
    expect(user.userId).toBeTruthy()
    expect(user.subscription.tier).toBe('free')
    const sub = await client.user.subscription.get()
    expect(sub).toMatchObject({
      tier: 'free',
      characterLimit: 10_000,
      voiceLimit: 3,
      status: 'free',
      currency: 'usd',
    })
    expect(sub.characterCount).toBeGreaterThan(0)
    expect(typeof sub.nextCharacterCountResetUnix).toBe('number')
  })
})
