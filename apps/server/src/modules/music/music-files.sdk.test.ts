import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { soundBankPath } from '@timbre/speech'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { ffmpegPath } from '../../lib/audio/audio-decode.js'

// Uploads, stems, video to music and finetunes through the official SDK.

let t: TestApp
let client: ElevenLabsClient
let user: TestUser
const dir = mkdtempSync(join(tmpdir(), 'music-files-'))

async function bytes(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = []
  for await (const part of stream as unknown as AsyncIterable<Uint8Array>) parts.push(part)
  return Buffer.concat(parts)
}

async function refusal(call: () => Promise<unknown>): Promise<{ status: number; body: string }> {
  try {
    await call()
  } catch (error) {
    if (error instanceof ElevenLabsError)
      return { status: error.statusCode ?? 0, body: JSON.stringify(error.body) }
    throw error
  }
  throw new Error('expected a refusal')
}

/** A file FFmpeg makes from its test sources. */
function ffmpeg(name: string, args: string[]): Buffer {
  const file = join(dir, name)
  execFileSync(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', ...args, file])
  return readFileSync(file)
}

/** Four beats a second of clicks over a held tone: 120 BPM. */
function clicksOverTone(): Buffer {
  return ffmpeg('clicks.wav', [
    '-f',
    'lavfi',
    '-i',
    "aevalsrc='0.3*sin(2*PI*220*t)+if(lt(mod(t,0.5),0.01),0.9*sin(2*PI*3000*t),0)':d=8:s=22050",
  ])
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
afterAll(async () => {
  await t?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe.runIf(soundBankPath())('music files through the SDK', () => {
  it('our own song comes apart into its exact stems, free; another recording into harmonic and percussive', async () => {
    const song = await bytes(
      await client.music.compose({ prompt: 'rock with drums and bass', musicLengthMs: 4000, seed: 3 }),
    )
    const used = (await client.user.subscription.get()).characterCount
    const own = unzipSync(
      new Uint8Array(
        await bytes(await client.music.separateStems({ file: new Blob([new Uint8Array(song)]) })),
      ),
    )
    expect(Object.keys(own).sort()).toEqual(
      expect.arrayContaining(['bass.mp3', 'drums.mp3', 'harmony.mp3', 'melody.mp3']),
    )
    const other = unzipSync(
      new Uint8Array(
        await bytes(await client.music.separateStems({ file: new Blob([new Uint8Array(clicksOverTone())]) })),
      ),
    )
    expect(Object.keys(other).sort()).toEqual(['harmonic.mp3', 'percussive.mp3'])
    expect((await client.user.subscription.get()).characterCount).toBe(used)
  })

  it('uploads a song and measures a plan from it; refuses a text file', async () => {
    const uploaded = await client.music.upload({
      file: new Blob([new Uint8Array(clicksOverTone())]),
      extractCompositionPlan: true,
    })
    expect(uploaded.songId).toBeTruthy()
    const plan = uploaded.compositionPlan as {
      sections: { durationMs: number }[]
      positiveGlobalStyles: string[]
    }
    expect(plan.sections.reduce((sum, s) => sum + s.durationMs, 0)).toBeGreaterThan(7900)
    expect(plan.positiveGlobalStyles.join(' ')).toMatch(/\b1[12]\d bpm|\b6\d bpm|\b24\d bpm/)
    const text = await refusal(() =>
      client.music.upload({ file: new Blob([Buffer.from('just some words, not audio')]) }),
    )
    expect(text.status).toBe(422)
  })

  it('scores a video to its exact length; refuses a text file and a video over three minutes', async () => {
    const video = ffmpeg('scenes.mp4', [
      '-f',
      'lavfi',
      '-i',
      'color=c=red:s=64x48:d=5:r=10',
      '-f',
      'lavfi',
      '-i',
      'color=c=blue:s=64x48:d=5:r=10',
      '-filter_complex',
      '[0:v][1:v]concat=n=2:v=1[v]',
      '-map',
      '[v]',
      '-pix_fmt',
      'yuv420p',
    ])
    const audio = await bytes(
      await client.music.videoToMusic({
        videos: [new Blob([new Uint8Array(video)])],
        description: 'calm piano',
        outputFormat: 'pcm_16000',
      }),
    )
    expect(Math.abs(audio.length / 2 / 16000 - 10)).toBeLessThan(0.15)
    const text = await refusal(() =>
      client.music.videoToMusic({ videos: [new Blob([Buffer.from('not a video')])] }),
    )
    expect(text.status).toBe(422)
    expect(text.body).toContain('valid video file')
    const long = ffmpeg('long.mp4', [
      '-f',
      'lavfi',
      '-i',
      'color=c=green:s=32x32:d=181:r=1',
      '-pix_fmt',
      'yuv420p',
    ])
    const tooLong = await refusal(() =>
      client.music.videoToMusic({ videos: [new Blob([new Uint8Array(long)])] }),
    )
    expect(tooLong.status).toBe(422)
    expect(tooLong.body).toContain('3 minutes or less')
  })

  it('saves a finetune as a style profile and composes with it', async () => {
    const finetune = await client.music.finetunes.create({
      name: 'Clicky tone',
      primaryGenre: 'techno',
      tags: ['dark'],
      files: [new Blob([new Uint8Array(clicksOverTone())])],
    })
    expect(finetune.status).toBe('completed')
    expect((await client.music.finetunes.list()).finetunes.map((f) => f.id)).toContain(finetune.id)
    expect((await client.music.finetunes.get(finetune.id)).name).toBe('Clicky tone')
    const song = await bytes(
      await client.music.compose({
        prompt: 'a short tune',
        musicLengthMs: 3000,
        finetuneId: finetune.id,
        outputFormat: 'pcm_16000',
      }),
    )
    expect(song.length).toBe(3 * 16000 * 2)
    const missing = await refusal(() => client.music.compose({ prompt: 'pop', finetuneId: 'nope' }))
    expect(missing.status).toBe(404)
  })
})
