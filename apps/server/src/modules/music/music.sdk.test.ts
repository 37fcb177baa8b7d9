import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { musicCredits } from '@timbre/contract'
import { soundBankPath } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// Music through the official SDK with only baseUrl changed: compose, stream, the detailed
// multipart and JSON-lines answers, plans and plan edits, prices, and every refusal.

let t: TestApp
let client: ElevenLabsClient
let user: TestUser
let address: string

async function bytes(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = []
  for await (const part of stream as unknown as AsyncIterable<Uint8Array>) parts.push(part)
  return Buffer.concat(parts)
}

async function used(): Promise<number> {
  return (await client.user.subscription.get()).characterCount
}

async function refusal(call: () => Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    await call()
  } catch (error) {
    if (error instanceof ElevenLabsError) return { status: error.statusCode ?? 0, body: error.body }
    throw error
  }
  throw new Error('expected a refusal')
}

interface Detailed {
  json: {
    compositionPlan: { sections: { durationMs: number }[] }
    songMetadata: { genres: string[] }
    waveformVisual?: number[]
  }
  audio: Buffer
  filename: string
  songId?: string
}

const section = (name: string, durationMs: number, lines: string[] = []) => ({
  sectionName: name,
  positiveLocalStyles: [],
  negativeLocalStyles: [],
  durationMs,
  lines,
})

beforeAll(async () => {
  t = await createTestApp()
  user = await createUser(t.app, t.database, { verified: true })
  const key = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: user.auth,
    payload: { name: 'sdk' },
  })
  address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  client = new ElevenLabsClient({ apiKey: key.json().api_key, baseUrl: address })
})
afterAll(() => t?.close())

describe.runIf(soundBankPath())('music through the SDK', () => {
  it('composes a song of the requested length, charged per minute', async () => {
    const before = await used()
    const response = await client.music
      .compose({ prompt: 'calm piano lullaby', musicLengthMs: 5000, outputFormat: 'pcm_22050' })
      .withRawResponse()
    const audio = await bytes(response.data)
    expect(audio.length).toBe(5 * 22050 * 2)
    expect(response.rawResponse.headers.get('song-id')).toBeTruthy()
    expect((await used()) - before).toBe(musicCredits(5000))
  })

  it('gives the same bytes for the same seed and other bytes for another', async () => {
    const plan = await client.music.compositionPlan.create({
      prompt: 'upbeat funk with brass',
      musicLengthMs: 4000,
    })
    const song = async (seed: number) =>
      bytes(await client.music.compose({ compositionPlan: plan, seed, outputFormat: 'mp3_44100_128' }))
    const a = await song(5)
    expect(a.equals(await song(5))).toBe(true)
    expect(a.equals(await song(6))).toBe(false)
  })

  it('plans from a prompt: exact sections, styles, negatives; and edits a plan', async () => {
    const plan = await client.music.compositionPlan.create({
      prompt: 'epic cinematic orchestra, no drums',
      musicLengthMs: 45_000,
    })
    if (!('sections' in plan)) throw new Error('no plan')
    expect(plan.sections.reduce((sum, s) => sum + s.durationMs, 0)).toBe(45_000)
    expect(plan.positiveGlobalStyles).toContain('cinematic')
    expect(plan.negativeGlobalStyles).toContain('drums')
    const edited = await client.music.compositionPlan.create({
      prompt: 'add a bridge',
      sourceCompositionPlan: plan,
    })
    if (!('sections' in edited)) throw new Error('no plan')
    expect(edited.sections.map((s) => s.sectionName)).toContain('Bridge')
    expect(edited.sections.reduce((sum, s) => sum + s.durationMs, 0)).toBe(45_000)
  })

  it('answers the detailed call as the multipart the SDK parses', async () => {
    // The SDK's wrapper parses the multipart answer; its published type is the raw stream's.
    const detailed = (await client.music.composeDetailed({
      compositionPlan: {
        positiveGlobalStyles: ['jazz', 'saxophone'],
        negativeGlobalStyles: [],
        sections: [section('Intro', 1500), section('Chorus', 2500, ['la la la'])],
      },
      outputFormat: 'mp3_44100_128',
      withWaveformVisual: true,
    })) as unknown as Detailed
    expect(detailed.json.compositionPlan.sections.map((s) => s.durationMs)).toEqual([1500, 2500])
    expect(detailed.json.songMetadata.genres).toContain('Jazz')
    expect(detailed.audio.subarray(0, 3).toString('latin1') === 'ID3' || detailed.audio[0] === 0xff).toBe(
      true,
    )
    expect(detailed.filename).toMatch(/\.mp3$/)
    // Four values a second, some of them loud.
    expect(detailed.json.waveformVisual).toHaveLength(16)
    expect(Math.max(...(detailed.json.waveformVisual ?? []).map(Math.abs))).toBeGreaterThan(100)
    expect(detailed.songId).toBeTruthy()
  })

  it('streams the song, and its detailed stream as JSON lines', async () => {
    const streamed = await bytes(
      await client.music.stream({ prompt: 'house music', musicLengthMs: 4000, outputFormat: 'pcm_16000' }),
    )
    expect(streamed.length).toBe(4 * 16000 * 2)
    const events: Record<string, unknown>[] = []
    const lines = await client.music.composeDetailedStream({
      prompt: 'reggae',
      musicLengthMs: 3000,
      outputFormat: 'pcm_16000',
    })
    for await (const line of lines) events.push(JSON.parse(line))
    expect(events[0]?.type).toBe('metadata')
    const audio = events
      .filter((e) => e.type === 'audio')
      .map((e) => Buffer.from(String(e.audio_base64), 'base64'))
    expect(Buffer.concat(audio).length).toBe(3 * 16000 * 2)
  })

  it('refuses bad input with the product message, and charges nothing', async () => {
    const before = await used()
    const cases: [() => Promise<unknown>, string][] = [
      [
        () =>
          client.music.compose({
            compositionPlan: {
              positiveGlobalStyles: [],
              negativeGlobalStyles: [],
              sections: [section('A', 900)],
            },
          }),
        'at least 1 second',
      ],
      [
        () =>
          client.music.compose({
            compositionPlan: { positiveGlobalStyles: [], negativeGlobalStyles: [], sections: [] },
          }),
        'at least one section',
      ],
      [() => client.music.compose({ prompt: '   ' }), 'prompt or a composition plan'],
      [() => client.music.compose({ prompt: 'pop', musicLengthMs: 700_000 }), 'between 3000 and 600000'],
      [() => client.music.compose({ prompt: 'pop', musicLengthMs: 1000 }), 'between 3000 and 600000'],
      [
        () =>
          client.music.compose({
            compositionPlan: {
              positiveGlobalStyles: [],
              negativeGlobalStyles: [],
              sections: Array.from({ length: 6 }, () => section('A', 110_000)),
            },
          }),
        'more than the 10 minutes',
      ],
      [
        () =>
          client.music.compose({
            forceInstrumental: true,
            compositionPlan: {
              positiveGlobalStyles: [],
              negativeGlobalStyles: [],
              sections: [section('A', 3000, ['hello'])],
            },
          }),
        'force_instrumental',
      ],
    ]
    for (const [call, message] of cases) {
      const answer = await refusal(call)
      expect(answer.status).toBe(422)
      expect(JSON.stringify(answer.body)).toContain(message)
    }
    const both = await refusal(() =>
      client.music.compose({
        prompt: 'pop',
        compositionPlan: {
          positiveGlobalStyles: [],
          negativeGlobalStyles: [],
          sections: [section('A', 3000)],
        },
      }),
    )
    expect(both.status).toBe(422)
    expect((await used()) - before).toBe(0)
  })

  it('needs the music scope', async () => {
    const key = await t.app.inject({
      method: 'POST',
      url: '/v1/user/api-keys',
      headers: user.auth,
      payload: { name: 'speech only', permissions: ['text-to-speech'] },
    })
    const narrow = new ElevenLabsClient({ apiKey: key.json().api_key, baseUrl: address })
    const answer = await refusal(() => narrow.music.compositionPlan.create({ prompt: 'pop' }))
    expect([401, 403]).toContain(answer.status)
  })
})
