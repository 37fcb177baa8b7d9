import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { probeAudio } from '../../../test/helpers/ffprobe.js'
import { setPlan } from '../../../test/helpers/plans.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// Ogg Opus output through the HTTP API, and Opus history items (stored, served, converted).

let t: TestApp
let user: TestUser
const emma = PREMADE_VOICES.find((v) => v.name === 'Emma')!
const TEXT = 'Opus carries this sentence at forty eight kilohertz. And a second one follows.'

beforeAll(async () => {
  t = await createTestApp()
  user = await createUser(t.app, t.database, { verified: true })
  await setPlan(t.database, user.userId, {})
})
afterAll(() => t?.close())

const tts = (path: string, query: string, payload: Record<string, unknown> = { text: TEXT, seed: 7 }) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/text-to-speech/${emma.voice_id}${path}?${query}`,
    headers: user.auth,
    payload,
  })

/** The same speech as 48 kHz PCM: its length is the synthesised duration. */
async function pcmSeconds(): Promise<number> {
  const res = await tts('', 'output_format=pcm_48000&enable_logging=false')
  expect(res.statusCode).toBe(200)
  return res.rawPayload.length / 2 / 48000
}

describe('Opus output formats over HTTP', () => {
  it('convert and stream answer audio/ogg that ffprobe reads as 48 kHz Opus of the synthesised duration', async () => {
    const seconds = await pcmSeconds()
    expect(seconds).toBeGreaterThan(2)
    for (const [path, format] of [
      ['', 'opus_48000_64'],
      ['/stream', 'opus_48000_128'],
    ] as const) {
      const res = await tts(path, `output_format=${format}&enable_logging=false`)
      expect(res.statusCode, format).toBe(200)
      expect(res.headers['content-type'], format).toBe('audio/ogg')
      const probe = await probeAudio(res.rawPayload, 'opus')
      expect(probe, format).toMatchObject({ codec: 'opus', sampleRate: 48000, channels: 1, errors: '' })
      expect(Math.abs(probe.durationSeconds - seconds), format).toBeLessThan(0.02)
    }
  })

  it.each(['opus_44100_64', 'opus_48000_50', 'opus_16000_32'])(
    '%s is not a format: 422 invalid_output_format naming it',
    async (format) => {
      const res = await tts('', `output_format=${format}`)
      expect(res.statusCode).toBe(422)
      expect(res.json().detail).toMatchObject({ code: 'invalid_output_format', param: 'output_format' })
      expect(res.json().detail.message).toContain(format)
    },
  )

  it('an Opus history item is stored, served as .opus and converts to a 48 kHz WAV', async () => {
    const seconds = await pcmSeconds()
    const res = await tts('', 'output_format=opus_48000_96')
    expect(res.statusCode).toBe(200)
    const id = String(res.headers['history-item-id'])
    const audio = await t.app.inject({ url: `/v1/history/${id}/audio`, headers: user.auth })
    expect(audio.statusCode).toBe(200)
    expect(audio.headers['content-type']).toBe('audio/ogg')
    expect(String(audio.headers['content-disposition'])).toMatch(/\.opus"/)
    expect(Buffer.compare(audio.rawPayload, res.rawPayload)).toBe(0)

    const same = await t.app.inject({
      method: 'POST',
      url: '/v1/history/download',
      headers: user.auth,
      payload: { history_item_ids: [id] },
    })
    expect(same.headers['content-type']).toBe('audio/ogg')
    expect(String(same.headers['content-disposition'])).toMatch(/\.opus"/)

    const wav = await t.app.inject({
      method: 'POST',
      url: '/v1/history/download',
      headers: user.auth,
      payload: { history_item_ids: [id], output_format: 'wav' },
    })
    expect(wav.statusCode).toBe(200)
    expect(wav.headers['content-type']).toBe('audio/wav')
    const bytes = wav.rawPayload
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    expect(view.getUint32(24, true)).toBe(48000)
    const wavSeconds = (bytes.length - 44) / 2 / 48000
    expect(Math.abs(wavSeconds - seconds)).toBeLessThan(0.02)
  })
})
