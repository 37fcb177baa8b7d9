import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { detectEvents, identify, soundType } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mp3FrameInfo } from '../../../test/helpers/audio-checks.js'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { bandSpectrum, pcm16ToFloat, rmsDb, spectrumDistance } from '../../../test/helpers/spectrum.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// Sound effects through the official SDK (textToSoundEffects.convert), measured: length,
// level, spectra that differ between prompts, reproducibility, seamless loops, prices.

let t: TestApp
let client: ElevenLabsClient
let user: TestUser

async function bytes(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = []
  for await (const part of stream as unknown as AsyncIterable<Uint8Array>) parts.push(part)
  return Buffer.concat(parts)
}

async function used(): Promise<number> {
  return (await client.user.subscription.get()).characterCount
}

async function effect(text: string, options: { durationSeconds?: number; loop?: boolean } = {}) {
  const audio = await bytes(
    await client.textToSoundEffects.convert({ text, outputFormat: 'pcm_44100', ...options }),
  )
  return pcm16ToFloat(audio)
}

beforeAll(async () => {
  t = await createTestApp()
  user = await createUser(t.app, t.database, { verified: true })
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

describe('POST /v1/sound-generation through the SDK', () => {
  it('makes audible effects of the requested length whose spectra differ between prompts', async () => {
    const prompts = [
      'heavy rain on a tin roof',
      'a car engine idling',
      'birds chirping in the morning',
      'a big explosion',
      'footsteps on gravel',
      'notification chime',
    ]
    const spectra: number[][] = []
    for (const text of prompts) {
      const samples = await effect(text, { durationSeconds: 3 })
      expect(samples.length).toBe(3 * 44100)
      expect(rmsDb(samples)).toBeGreaterThan(-40)
      spectra.push(bandSpectrum(samples, 44100))
    }
    // Every pair of prompts differs by several dB per band on average.
    const distances: number[] = []
    for (let a = 0; a < spectra.length; a++)
      for (let b = a + 1; b < spectra.length; b++) distances.push(spectrumDistance(spectra[a]!, spectra[b]!))
    console.log(
      `sound effects: smallest spectral distance between prompts ${Math.min(...distances).toFixed(1)} dB`,
    )
    expect(Math.min(...distances)).toBeGreaterThan(3)
  })

  it('plays what the prompt counts, in its order, with or without a set length', async () => {
    const candidates = ['dog-bark', 'door-slam'].map(soundType)
    for (const durationSeconds of [undefined, 5]) {
      const samples = await effect('a dog barking twice then a door slams', { durationSeconds })
      if (durationSeconds) expect(samples.length).toBe(durationSeconds * 44100)
      const heard = detectEvents(samples, 44100).map((e) => identify(e.features, candidates)?.id)
      expect(heard).toEqual(['dog-bark', 'dog-bark', 'door-slam'])
    }
    // A bed runs under the events without adding any.
    const rainy = await effect('a dog barks three times while it rains')
    expect(detectEvents(rainy, 44100).map((e) => identify(e.features, [soundType('dog-bark')])?.id)).toEqual([
      'dog-bark',
      'dog-bark',
      'dog-bark',
    ])
  })

  it('gives the same bytes for the same prompt and settings, other bytes for other settings', async () => {
    const a = await bytes(
      await client.textToSoundEffects.convert({ text: 'wind howling through trees', durationSeconds: 2 }),
    )
    const b = await bytes(
      await client.textToSoundEffects.convert({ text: 'wind howling through trees', durationSeconds: 2 }),
    )
    const c = await bytes(
      await client.textToSoundEffects.convert({
        text: 'wind howling through trees',
        durationSeconds: 2,
        promptInfluence: 0.9,
      }),
    )
    expect(mp3FrameInfo(a)).toEqual({ sampleRate: 44100, bitrateKbps: 128 })
    expect(a.equals(b)).toBe(true)
    expect(a.equals(c)).toBe(false)
  })

  it('joins a loop without a click: the seam jumps no more than the sound itself does', async () => {
    for (const text of ['rain and thunder', 'crackling campfire', 'crowd chatter in a cafe']) {
      const x = await effect(text, { durationSeconds: 4, loop: true })
      expect(x.length).toBe(4 * 44100)
      const steps = Array.from({ length: x.length - 1 }, (_, i) => Math.abs(x[i + 1]! - x[i]!)).sort(
        (p, q) => p - q,
      )
      const p99 = steps[Math.floor(steps.length * 0.99)]!
      const seam = Math.abs(x[0]! - x[x.length - 1]!)
      console.log(`loop '${text}': seam step ${seam.toFixed(4)}, 99th percentile step ${p99.toFixed(4)}`)
      expect(seam).toBeLessThanOrEqual(p99)
      // Loudness is continuous across the seam too: the last and first 50 ms are alike.
      const w = 2205
      const tail = rmsDb(x.subarray(x.length - w))
      const head = rmsDb(x.subarray(0, w))
      expect(Math.abs(tail - head)).toBeLessThan(6)
    }
  })

  it('charges 200 credits for an automatic length and 40 per second for a set one, and keeps a history item', async () => {
    const before = await used()
    const auto = await client.textToSoundEffects.convert({ text: 'door knocking' }).withRawResponse()
    await bytes(auto.data)
    const afterAuto = await used()
    expect(afterAuto - before).toBe(200)
    const timed = await client.textToSoundEffects
      .convert({ text: 'glass shattering', durationSeconds: 2.5 })
      .withRawResponse()
    await bytes(timed.data)
    expect((await used()) - afterAuto).toBe(100)
    const id = timed.rawResponse.headers.get('history-item-id')!
    const item = await client.history.get(id)
    expect(item).toMatchObject({
      text: 'glass shattering',
      source: 'SFX',
      modelId: 'eleven_text_to_sound_v2',
    })
    const listed = await t.app.inject({ method: 'GET', url: '/v1/history?source=SFX', headers: user.auth })
    expect(listed.json().history.map((h: { history_item_id: string }) => h.history_item_id)).toContain(id)
  })

  it('refuses 0.1 and 30 seconds and an empty prompt with a clear 422, charging nothing', async () => {
    const before = await used()
    for (const durationSeconds of [0.1, 30]) {
      const error = await client.textToSoundEffects.convert({ text: 'thunder', durationSeconds }).then(
        () => null,
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(ElevenLabsError)
      expect((error as ElevenLabsError).statusCode).toBe(422)
      expect(JSON.stringify((error as ElevenLabsError).body)).toContain(
        'duration_seconds must be between 0.5 and 22 seconds',
      )
    }
    const empty = await t.app.inject({
      method: 'POST',
      url: '/v1/sound-generation',
      headers: user.auth,
      payload: { text: '   ' },
    })
    expect(empty.statusCode).toBe(422)
    const badFormat = await t.app.inject({
      method: 'POST',
      url: '/v1/sound-generation?output_format=flac_1',
      headers: user.auth,
      payload: { text: 'beep' },
    })
    expect(badFormat.statusCode).toBeGreaterThanOrEqual(400)
    expect(badFormat.statusCode).toBeLessThan(500)
    expect(await used()).toBe(before)
  })
})
