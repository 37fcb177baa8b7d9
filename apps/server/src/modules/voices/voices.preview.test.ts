import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mp3FrameInfo } from '../../../test/helpers/audio-checks.js'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { createTestApp, PUBLIC_URL, type TestApp } from '../../../test/helpers/test-app.js'
import { createWorkspaceVoice } from '../../../test/helpers/voice-factory.js'
import type { VoiceView } from './voices.schemas.js'

// preview_url serves real MP3 audio of the voice, rendered on first request and cached.

let t: TestApp
let alice: TestUser

beforeAll(async () => {
  t = await createTestApp()
  alice = await createUser(t.app, t.database, { verified: true })
})
afterAll(() => t?.close())

/** Path and query of a preview_url (inject takes them without the host). */
const local = (url: string) => {
  expect(url.startsWith(PUBLIC_URL)).toBe(true)
  return url.slice(PUBLIC_URL.length)
}

/** Counts MPEG frames from the first header on; a real MP3 is a chain of valid frames. */
function mp3Frames(bytes: Buffer): number {
  let at = bytes.indexOf(Buffer.from([0xff]))
  let frames = 0
  while (at + 4 <= bytes.length && bytes[at] === 0xff && (bytes[at + 1]! & 0xe0) === 0xe0) {
    const bitrate = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320][bytes[at + 2]! >> 4]!
    const rate = [44100, 48000, 32000][(bytes[at + 2]! >> 2) & 3]!
    at += Math.floor((144 * bitrate * 1000) / rate) + ((bytes[at + 2]! >> 1) & 1)
    frames++
  }
  return frames
}

describe('GET /v1/voices/{id}/preview', () => {
  it('serves real MP3 audio of a premade voice without credentials, then from the cache', async () => {
    const emma = PREMADE_VOICES[0]!
    const voice = (
      await t.app.inject({ url: `/v1/voices/${emma.voice_id}`, headers: alice.auth })
    ).json() as VoiceView
    const res = await t.app.inject({ url: local(voice.preview_url!) })
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200)
    expect(res.headers['content-type']).toBe('audio/mpeg')
    const audio = res.rawPayload
    expect(mp3FrameInfo(audio)).toEqual({ sampleRate: 44100, bitrateKbps: 128 })
    // ~100 characters of speech: several seconds at 128 kbit/s (16 kB a second).
    const seconds = (mp3Frames(audio) * 1152) / 44100
    expect(seconds).toBeGreaterThan(3)
    expect(seconds).toBeLessThan(20)
    expect(audio.length).toBeGreaterThan(3 * 16_000 * 0.9)

    const rows = await t.database.db
      .selectFrom('voice_previews')
      .selectAll()
      .where('voice_id', '=', emma.voice_id)
      .execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ language: 'en' })

    const again = await t.app.inject({ url: local(voice.preview_url!) })
    expect(again.rawPayload.equals(audio)).toBe(true)
    const etag = again.headers.etag as string
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/)
    const notModified = await t.app.inject({
      url: local(voice.preview_url!),
      headers: { 'if-none-match': etag },
    })
    expect(notModified.statusCode).toBe(304)
  })

  it('serves per-language previews from verified_languages; other languages are a clear 404', async () => {
    const lena = PREMADE_VOICES.find((v) => v.language === 'de')!
    const voice = (
      await t.app.inject({ url: `/v1/voices/${lena.voice_id}`, headers: alice.auth })
    ).json() as VoiceView
    const german = voice.verified_languages.find((v) => v.model_id === 'eleven_multilingual_v2')!
    expect(german).toMatchObject({ language: 'de', locale: 'de-DE' })
    const res = await t.app.inject({ url: local(german.preview_url!) })
    expect(res.statusCode).toBe(200)
    expect(mp3FrameInfo(res.rawPayload)?.sampleRate).toBe(44100)

    const french = await t.app.inject({ url: `/v1/voices/${lena.voice_id}/preview?language=fr` })
    expect(french.statusCode).toBe(404)
    expect(french.json().detail).toMatchObject({ code: 'voice_preview_unavailable', param: 'language' })
    expect(french.json().detail.message).toContain('de')
    expect(
      (await t.app.inject({ url: `/v1/voices/${lena.voice_id}/preview?language=german` })).statusCode,
    ).toBe(422)
  })

  it('previews a workspace voice with its own recipe; unknown voices are 404', async () => {
    const own = await createWorkspaceVoice(t.database.db, {
      userId: alice.userId,
      basedOn: PREMADE_VOICES.find((v) => v.language === 'fr')!.voice_id,
    })
    const voice = (
      await t.app.inject({ url: `/v1/voices/${own.id}`, headers: alice.auth })
    ).json() as VoiceView
    const res = await t.app.inject({ url: local(voice.preview_url!) })
    expect(res.statusCode).toBe(200)
    expect(mp3FrameInfo(res.rawPayload)).not.toBeNull()
    const missing = await t.app.inject({ url: '/v1/voices/nonexistentvoice0000/preview' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().detail.code).toBe('voice_not_found')
  })

  it('listeners asking at the same moment all get the same audio', async () => {
    const voiceId = PREMADE_VOICES[1]!.voice_id
    const results = await Promise.all(
      Array.from({ length: 6 }, () => t.app.inject({ url: `/v1/voices/${voiceId}/preview` })),
    )
    for (const r of results) {
      expect(r.statusCode).toBe(200)
      expect(r.rawPayload.equals(results[0]!.rawPayload)).toBe(true)
    }
  })
})
