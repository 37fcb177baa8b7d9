import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { pcmWav } from '../../../test/helpers/voice-factory.js'

// How long a 60-second two-speaker recording takes to dub into Spanish, end to end through the
// SDK. A measurement rather than a check of behaviour, so it runs only when asked
// (DUBBING_SPEED=1): its time depends on the machine and on what else runs on it.

const RATE = 16_000
const LINES = [
  'Good morning, and welcome to the weekly news from our small town by the sea.',
  'Thank you. This week the harbour opened again after the long winter storms.',
  'The fishing boats are back, and the market by the river is busy every morning.',
  'My sister bought a new house near the river, and she says the view is lovely.',
]

let t: TestApp
let client: ElevenLabsClient
let address: string
let key: string

describe.skipIf(process.env.DUBBING_SPEED !== '1')('dubbing speed', () => {
  beforeAll(async () => {
    t = await createTestApp()
    const user = await createUser(t.app, t.database, { verified: true })
    await t.database.db.updateTable('subscriptions').set({ character_limit: 1_000_000 }).execute()
    key = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/user/api-keys',
        headers: user.auth,
        payload: { name: 'speed' },
      })
    ).json().api_key as string
    address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    client = new ElevenLabsClient({ apiKey: key, baseUrl: address })
  }, 120_000)
  afterAll(async () => {
    await t?.close()
  })

  it('dubs a 60-second two-speaker recording into Spanish', async () => {
    const voices = ['Noah', 'Grace'].map((name) => PREMADE_VOICES.find((v) => v.name === name)!)
    const parts: Buffer[] = []
    let samples = 0
    for (let i = 0; samples < 60 * RATE; i++) {
      const r = await client.textToSpeech.convertWithTimestamps(voices[i % 2]!.voice_id, {
        text: LINES[i % LINES.length]!,
        outputFormat: 'pcm_16000',
      })
      const pcm = Buffer.from(r.audioBase64, 'base64')
      const gap = Buffer.alloc(Math.round(0.6 * RATE) * 2)
      parts.push(pcm, gap)
      samples += (pcm.length + gap.length) / 2
    }
    const pcm = Buffer.concat(parts).subarray(0, 60 * RATE * 2)
    const started = Date.now()
    const created = await client.dubbing.create({
      file: { data: pcmWav(pcm, RATE), filename: 'sixty.wav' },
      targetLang: 'es',
      numSpeakers: 2,
      watermark: true,
    })
    let status = 'dubbing'
    const steps: string[] = []
    while (status === 'dubbing') {
      await new Promise((r) => setTimeout(r, 250))
      const raw = await fetch(`${address}/v1/dubbing/${created.dubbingId}`, {
        headers: { 'xi-api-key': key },
      })
      const body = (await raw.json()) as { status: string; progress_message: string | null }
      status = body.status
      const at = `${((Date.now() - started) / 1000).toFixed(1)} s ${body.progress_message}`
      if (!steps.at(-1)?.endsWith(`${body.progress_message}`)) steps.push(at)
    }
    const seconds = (Date.now() - started) / 1000
    console.info(`a 60 s two-speaker recording dubbed into Spanish in ${seconds.toFixed(1)} s`, steps)
    expect(status).toBe('dubbed')
  }, 600_000)
})
