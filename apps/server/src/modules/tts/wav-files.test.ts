import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// A finished WAV (a whole response, the audio kept in history, a download) carries its real
// RIFF and data sizes; only a stream, whose length is unknown when its header goes out, says
// "unknown" (0xFFFFFFFF). Checked on the bytes, and with sox's own reader where it is installed.

let t: TestApp
let user: TestUser
let dir: string
const emma = PREMADE_VOICES.find((v) => v.name === 'Emma')!
const TEXT = 'A finished file says how long it is, so every player knows where it ends.'

const soxi = (() => {
  try {
    execFileSync('soxi', ['-h'], { stdio: 'ignore' })
    return true
  } catch (error) {
    // soxi prints its usage with a non-zero status: installed all the same.
    return (error as { code?: string }).code !== 'ENOENT'
  }
})()

beforeAll(async () => {
  t = await createTestApp()
  user = await createUser(t.app, t.database, { verified: true })
  dir = mkdtempSync(join(tmpdir(), 'timbre-wav-'))
})
afterAll(async () => {
  await t?.close()
  rmSync(dir, { recursive: true, force: true })
})

/** The sizes a WAV header states, beside the ones its length implies. */
function wavSizes(bytes: Buffer) {
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF')
  expect(bytes.subarray(8, 12).toString('latin1')).toBe('WAVE')
  expect(bytes.subarray(36, 40).toString('latin1')).toBe('data')
  return {
    riff: bytes.readUInt32LE(4),
    data: bytes.readUInt32LE(40),
    sampleRate: bytes.readUInt32LE(24),
    expectedRiff: bytes.length - 8,
    expectedData: bytes.length - 44,
  }
}

/** A finished file: real sizes, and (with sox) a duration that matches its samples. */
function expectFinished(bytes: Buffer, name: string) {
  const sizes = wavSizes(bytes)
  expect(sizes.riff).toBe(sizes.expectedRiff)
  expect(sizes.data).toBe(sizes.expectedData)
  expect(sizes.data).toBeGreaterThan(sizes.sampleRate) // more than half a second of speech
  if (!soxi) return sizes
  const path = join(dir, `${name}.wav`)
  writeFileSync(path, bytes)
  const seconds = Number(execFileSync('soxi', ['-D', path]).toString().trim())
  expect(seconds).toBeCloseTo(sizes.data / 2 / sizes.sampleRate, 3)
  const warnings = execFileSync('sox', [path, '-n', 'stat'], { stdio: ['ignore', 'pipe', 'pipe'] })
  expect(warnings.toString()).not.toContain('Premature EOF')
  return sizes
}

describe('WAV files', () => {
  it('the whole response, the stored history audio and the download carry their real sizes', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/text-to-speech/${emma.voice_id}?output_format=wav_44100`,
      headers: user.auth,
      payload: { text: TEXT },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('audio/wav')
    const whole = expectFinished(res.rawPayload, 'response')
    expect(whole.sampleRate).toBe(44_100)
    console.log(
      `wav_44100 whole response: RIFF size ${whole.riff} (expected ${whole.expectedRiff}), data size ${whole.data} (expected ${whole.expectedData})`,
    )

    const id = res.headers['history-item-id'] as string
    const stored = await t.app.inject({ method: 'GET', url: `/v1/history/${id}/audio`, headers: user.auth })
    expect(stored.statusCode).toBe(200)
    expectFinished(stored.rawPayload, 'stored')
    expect(stored.rawPayload.equals(res.rawPayload)).toBe(true)

    const download = await t.app.inject({
      method: 'POST',
      url: '/v1/history/download',
      headers: user.auth,
      payload: { history_item_ids: [id] },
    })
    expect(download.statusCode).toBe(200)
    expectFinished(download.rawPayload, 'download')
  })

  it('with timestamps and dialogue: the base64 audio and the whole dialogue are finished files', async () => {
    const timed = await t.app.inject({
      method: 'POST',
      url: `/v1/text-to-speech/${emma.voice_id}/with-timestamps?output_format=wav_22050`,
      headers: user.auth,
      payload: { text: `${TEXT} Timed.` },
    })
    expect(timed.statusCode).toBe(200)
    expectFinished(Buffer.from(timed.json().audio_base64 as string, 'base64'), 'timed')

    const dialogue = await t.app.inject({
      method: 'POST',
      url: '/v1/text-to-dialogue?output_format=wav_16000',
      headers: user.auth,
      payload: {
        inputs: [
          { text: 'First, one voice speaks.', voice_id: emma.voice_id },
          { text: 'Then another one answers.', voice_id: PREMADE_VOICES[1]!.voice_id },
        ],
      },
    })
    expect(dialogue.statusCode).toBe(200)
    expectFinished(dialogue.rawPayload, 'dialogue')
  })

  it('a sound effect in WAV is a finished file', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/sound-generation?output_format=wav_22050',
      headers: user.auth,
      payload: { text: 'rain on a tin roof', duration_seconds: 1 },
    })
    expect(res.statusCode).toBe(200)
    expectFinished(res.rawPayload, 'effect')
  })

  it('only a stream says its size is unknown', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/text-to-speech/${emma.voice_id}/stream?output_format=wav_16000`,
      headers: user.auth,
      payload: { text: `${TEXT} Streamed.` },
    })
    expect(res.statusCode).toBe(200)
    const sizes = wavSizes(res.rawPayload)
    expect(sizes.riff).toBe(0xffffffff)
    expect(sizes.data).toBe(0xffffffff)
    // What history keeps of the same stream is finished.
    const stored = await t.app.inject({
      method: 'GET',
      url: `/v1/history/${res.headers['history-item-id'] as string}/audio`,
      headers: user.auth,
    })
    expectFinished(stored.rawPayload, 'stored-stream')
  })
})
