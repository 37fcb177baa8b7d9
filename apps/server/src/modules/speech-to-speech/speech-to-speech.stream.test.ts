import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser, workspaceIdOf } from '../../../test/helpers/factories.js'
import { characterCount } from '../../../test/helpers/plans.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { pcmWav } from '../../../test/helpers/voice-factory.js'

// The streaming voice changer over a real socket: the audio of a recording of many seconds
// arrives a second at a time, in order, and while it is being converted the server still
// answers other requests at once (the conversion runs in a worker thread, not on the event loop).

const RATE = 16_000
const NOAH = 'xtzHq8STZHE6svi34zWH'
const GRACE = 'KiUBKnCfK2vuAiSDMK2x'
const TEXT =
  'Every morning the baker opens the shop at six. The whole street smells of warm bread and fresh coffee until noon. ' +
  'Children stop on their way to school to buy a roll, and the old men sit outside with their newspapers. ' +
  'In the afternoon the shop is quiet, and the baker sleeps for an hour before the evening rush begins.'

let t: TestApp
let user: TestUser
let address: string

beforeAll(async () => {
  t = await createTestApp()
  user = await createUser(t.app, t.database, { verified: true })
  address = await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await t?.close()
})

describe('speech to speech stream', () => {
  it('sends a long recording a second at a time, in order, while the server keeps answering', async () => {
    const speech = await t.app.inject({
      method: 'POST',
      url: `/v1/text-to-speech/${NOAH}?output_format=pcm_${RATE}`,
      headers: user.auth,
      payload: { text: TEXT, seed: 3 },
    })
    expect(speech.statusCode).toBe(200)
    const seconds = speech.rawPayload.length / 2 / RATE
    expect(seconds).toBeGreaterThan(12)

    const form = new FormData()
    form.append(
      'audio',
      new Blob([new Uint8Array(pcmWav(speech.rawPayload, RATE))], { type: 'audio/wav' }),
      'long.wav',
    )
    const events: string[] = []
    const response = await fetch(`${address}/v1/speech-to-speech/${GRACE}/stream?output_format=pcm_${RATE}`, {
      method: 'POST',
      headers: { authorization: user.auth.authorization! },
      body: form,
    })
    expect(response.status).toBe(200)
    // Asked as soon as the answer has begun, before any audio is read.
    const health = fetch(`${address}/healthz`).then(async (res) => {
      events.push(`health ${res.status}`)
    })
    const reader = response.body!.getReader()
    let bytes = 0
    const sizes: number[] = []
    const stsHistory = async () =>
      (
        (await t.app.inject({ method: 'GET', url: '/v1/history?source=STS', headers: user.auth })).json() as {
          history: unknown[]
        }
      ).history.length
    let storedAtFirstChunk = -1
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      // The history item is written once the last second is out: none yet when the first arrives.
      if (storedAtFirstChunk < 0) storedAtFirstChunk = await stsHistory()
      events.push('chunk')
      sizes.push(part.value.length)
      bytes += part.value.length
    }
    events.push('end')
    await health
    // The whole recording, in as many pieces as it has seconds (a socket may merge or split a few).
    expect(bytes / 2 / RATE).toBeCloseTo(seconds, 1)
    expect(sizes.length).toBeGreaterThanOrEqual(Math.floor(seconds / 2))
    // The health check was answered while the conversion was still sending audio.
    expect(events).toContain('health 200')
    expect(events.indexOf('health 200')).toBeLessThan(events.lastIndexOf('chunk'))
    expect(storedAtFirstChunk).toBe(0)
    expect(await stsHistory()).toBe(1)
  }, 300_000)

  it('refuses text that cannot be stored inside voice_settings before any audio, charging nothing', async () => {
    const speech = await t.app.inject({
      method: 'POST',
      url: `/v1/text-to-speech/${NOAH}?output_format=pcm_${RATE}`,
      headers: user.auth,
      payload: { text: 'A short sentence to convert.', seed: 3 },
    })
    const audio = new Blob([new Uint8Array(pcmWav(speech.rawPayload, RATE))], { type: 'audio/wav' })
    const workspaceId = await workspaceIdOf(t.database.db, user.userId)
    const before = await characterCount(t.database, workspaceId)
    const stsItems = async () =>
      (await t.app.inject({ method: 'GET', url: '/v1/history?source=STS', headers: user.auth })).json()
        .history.length as number
    const itemsBefore = await stsItems()
    // The JSON text of the settings, as a client sends it: the escapes decode to a NUL and a lone surrogate.
    for (const settings of ['{"stability":0.5,"x":"\\u0000"}', '{"style":"\\ud800"}']) {
      for (const path of [`/v1/speech-to-speech/${GRACE}/stream`, `/v1/speech-to-speech/${GRACE}`]) {
        const form = new FormData()
        form.append('audio', audio, 'short.wav')
        form.append('voice_settings', settings)
        const response = await fetch(`${address}${path}?output_format=pcm_${RATE}`, {
          method: 'POST',
          headers: { authorization: user.auth.authorization! },
          body: form,
        })
        expect(response.status, `${path} ${settings}`).toBe(422)
        expect(response.headers.get('content-type')).toMatch(/json/)
        const detail = ((await response.json()) as { detail: { message: string; param: string } }).detail
        expect(detail.param).toBe('voice_settings')
        expect(detail.message).toMatch(/^voice_settings\.(x|style): Text /)
      }
    }
    expect(await characterCount(t.database, workspaceId)).toBe(before)
    expect(await stsItems()).toBe(itemsBefore)
  }, 120_000)
})
