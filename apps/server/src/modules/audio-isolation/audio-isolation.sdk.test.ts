import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { PREMADE_VOICES } from '@timbre/speech'
import { MPEGDecoder } from 'mpg123-decoder'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mp3FrameInfo } from '../../../test/helpers/audio-checks.js'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { pcm16ToFloat } from '../../../test/helpers/spectrum.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { pcmWav } from '../../../test/helpers/voice-factory.js'
import { ffmpegPath } from '../../lib/audio/audio-decode.js'

// Voice isolation through the official SDK (audioIsolation.convert, stream, list, delete),
// measured: the SNR gain on the project's own speech mixed with noise at 0 dB, every common
// input format, the per-minute price, and bad input refused with nothing charged.

const RATE = 44_100
/** Lowered for the test so "too big" and "too long" are quick to reach. */
const MAX_BYTES = 3 * 1024 * 1024
const MAX_SECONDS = 20

let t: TestApp
let client: ElevenLabsClient
let user: TestUser
let other: TestUser
let work: string
let speech: Float32Array

async function bytes(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = []
  for await (const part of stream as unknown as AsyncIterable<Uint8Array>) parts.push(part)
  return Buffer.concat(parts)
}

const used = async () => (await client.user.subscription.get()).characterCount

function wav(samples: Float32Array, rate = RATE): Buffer {
  const data = Buffer.alloc(samples.length * 2)
  for (let i = 0; i < samples.length; i++) {
    data.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(samples[i]! * 32767))), i * 2)
  }
  return pcmWav(data, rate)
}

/** Re-encodes a WAV with the bundled FFmpeg (`flac`, `m4a`, `ogg`, `mp3`, `webm`). */
function encodeAs(input: Buffer, extension: string): Buffer {
  const src = join(work, 'in.wav')
  const dst = join(work, `out.${extension}`)
  writeFileSync(src, input)
  execFileSync(ffmpegPath(), ['-y', '-loglevel', 'error', '-i', src, dst])
  return readFileSync(dst)
}

async function decodeMp3(audio: Uint8Array): Promise<{ samples: Float32Array; sampleRate: number }> {
  const decoder = new MPEGDecoder()
  await decoder.ready
  try {
    const out = decoder.decode(audio)
    return { samples: Float32Array.from(out.channelData[0]!), sampleRate: out.sampleRate }
  } finally {
    decoder.free()
  }
}

/** White noise at the power of `signal`: mixed in, the SNR is 0 dB. */
function noiseFor(signal: Float32Array, seed: number): Float32Array {
  let state = seed
  const rnd = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 2 ** 32
  }
  const noise = Float32Array.from(signal, () => rnd() * 2 - 1)
  const power = (x: Float32Array) => x.reduce((n, s) => n + s * s, 0)
  const scale = Math.sqrt(power(signal) / power(noise))
  return noise.map((s) => s * scale)
}

/** Scale-invariant SNR after finding the output's delay (MP3 adds one) by cross-correlation. */
function alignedSnrDb(reference: Float32Array, output: Float32Array): number {
  let bestLag = 0
  let best = -Infinity
  const from = Math.floor(reference.length / 3)
  const span = Math.min(RATE, reference.length - from - 4000)
  for (let lag = 0; lag < 3000; lag++) {
    let dot = 0
    for (let i = from; i < from + span; i++) dot += reference[i]! * (output[i + lag] ?? 0)
    if (dot > best) {
      best = dot
      bestLag = lag
    }
  }
  const estimate = output.subarray(bestLag, bestLag + reference.length)
  let dot = 0
  let energy = 0
  for (let i = 0; i < reference.length; i++) {
    dot += reference[i]! * (estimate[i] ?? 0)
    energy += reference[i]! ** 2
  }
  const alpha = dot / energy
  let signal = 0
  let error = 0
  for (let i = 0; i < reference.length; i++) {
    const target = alpha * reference[i]!
    signal += target * target
    error += ((estimate[i] ?? 0) - target) ** 2
  }
  return 10 * Math.log10(signal / error)
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'isolation-test-'))
  t = await createTestApp({
    env: { AUDIO_ISOLATION_MAX_BYTES: String(MAX_BYTES), AUDIO_ISOLATION_MAX_SECONDS: String(MAX_SECONDS) },
  })
  user = await createUser(t.app, t.database, { verified: true })
  other = await createUser(t.app, t.database, { verified: true })
  const key = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: user.auth,
    payload: { name: 'sdk' },
  })
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  client = new ElevenLabsClient({ apiKey: key.json().api_key, baseUrl: address })
  const emma = PREMADE_VOICES.find((v) => v.name === 'Emma')!
  speech = pcm16ToFloat(
    await bytes(
      await client.textToSpeech.convert(emma.voice_id, {
        text: 'The quick brown fox jumps over the lazy dog, and then it runs back into the quiet forest.',
        outputFormat: 'pcm_44100',
        seed: 3,
      }),
    ),
  )
}, 180_000)
afterAll(async () => {
  await t?.close()
  rmSync(work, { recursive: true, force: true })
})

describe('voice isolation through the SDK', () => {
  it('audioIsolation.convert raises the SNR of speech in noise at 0 dB by at least 6 dB, priced per minute', async () => {
    const noise = noiseFor(speech, 7)
    const noisy = speech.map((s, i) => s * 0.5 + noise[i]! * 0.5)
    const before = await used()
    const response = await client.audioIsolation
      .convert({ audio: { data: wav(noisy), filename: 'noisy take.wav' } })
      .withRawResponse()
    const audio = await bytes(response.data)
    expect(mp3FrameInfo(audio)).toEqual({ sampleRate: 44100, bitrateKbps: 128 })
    const { samples } = await decodeMp3(audio)
    const snrIn = alignedSnrDb(speech, noisy)
    const snrOut = alignedSnrDb(speech, samples)
    console.log(`voice isolation SNR: ${snrIn.toFixed(2)} dB in, ${snrOut.toFixed(2)} dB out`)
    expect(snrIn).toBeCloseTo(0, 0)
    expect(snrOut - snrIn).toBeGreaterThanOrEqual(6)
    const seconds = speech.length / RATE
    const charged = (await used()) - before
    expect(Math.abs(charged - Math.ceil((seconds / 60) * 1000))).toBeLessThanOrEqual(1)
    expect(response.rawResponse.headers.get('character-cost')).toBe(String(charged))
  })

  it('takes FLAC, M4A, Ogg, MP3 and WebM by content, and raw 16 kHz PCM when told so', async () => {
    const noise = noiseFor(speech, 3)
    const clip = wav(speech.subarray(0, RATE * 2).map((s, i) => s + noise[i]! * 0.2))
    for (const extension of ['flac', 'm4a', 'ogg', 'mp3', 'webm']) {
      const audio = await bytes(
        await client.audioIsolation.convert({
          audio: { data: encodeAs(clip, extension), filename: `clip.${extension}` },
        }),
      )
      const { samples } = await decodeMp3(audio)
      expect(samples.length / RATE, extension).toBeGreaterThan(1.9)
    }
    const pcm16k = pcm16ToFloat(
      Buffer.from(
        execFileSync(
          ffmpegPath(),
          ['-loglevel', 'error', '-i', 'pipe:0', '-f', 's16le', '-ar', '16000', '-ac', '1', 'pipe:1'],
          {
            input: clip,
          },
        ),
      ),
    )
    const raw = Buffer.alloc(pcm16k.length * 2)
    pcm16k.forEach((s, i) => {
      raw.writeInt16LE(Math.round(s * 32767), i * 2)
    })
    const audio = await bytes(await client.audioIsolation.stream({ audio: raw, fileFormat: 'pcm_s16le_16' }))
    expect(mp3FrameInfo(audio)?.sampleRate).toBe(44100)
    expect((await decodeMp3(audio)).samples.length / RATE).toBeGreaterThan(1.9)
  })

  it('audioIsolation.stream answers the same audio as convert, as chunks', async () => {
    const noise = noiseFor(speech, 5)
    const clip = wav(speech.map((s, i) => s + noise[i]! * 0.3))
    const whole = await bytes(
      await client.audioIsolation.convert({ audio: { data: clip, filename: 'a.wav' } }),
    )
    const stream = await client.audioIsolation.stream({ audio: { data: clip, filename: 'a.wav' } })
    let chunks = 0
    const parts: Uint8Array[] = []
    for await (const part of stream as unknown as AsyncIterable<Uint8Array>) {
      parts.push(part)
      chunks++
    }
    expect(chunks).toBeGreaterThan(1)
    expect(Buffer.concat(parts).equals(whole)).toBe(true)
  })

  it('lists and deletes results (list, delete), each workspace its own', async () => {
    const clip = wav(speech.subarray(0, RATE))
    await bytes(await client.audioIsolation.convert({ audio: { data: clip, filename: 'interview.wav' } }))
    const page = await client.audioIsolation.list({ search: 'interview' })
    expect(page.items).toHaveLength(1)
    const item = page.items[0]!
    expect(item).toMatchObject({ title: 'interview.wav', format: 'mp3_44100_128', processing: false })
    expect(item.durationSeconds).toBeCloseTo(1, 1)
    const download = await t.app.inject({ method: 'GET', url: item.downloadUrl!, headers: user.auth })
    expect(mp3FrameInfo(download.rawPayload)?.sampleRate).toBe(44100)
    // Another workspace sees nothing and cannot delete it.
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/v1/audio-isolation/history/${item.id}`,
      headers: other.auth,
    })
    expect(foreign.statusCode).toBe(404)
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/v1/audio-isolation/history',
      headers: other.auth,
    })
    expect(theirs.json().items).toEqual([])
    await client.audioIsolation.delete(item.id)
    expect((await client.audioIsolation.list({ search: 'interview' })).items).toEqual([])
    const gone = await t.app.inject({ method: 'GET', url: item.downloadUrl!, headers: user.auth })
    expect(gone.statusCode).toBe(404)
  })

  it('refuses non-audio, silence, and files over the limits with a clear 4xx, charging nothing', async () => {
    const before = await used()
    const refuse = async (data: Buffer, filename: string) => {
      const error = await client.audioIsolation
        .convert({ audio: { data, filename, contentType: 'audio/mpeg' } })
        .then(
          () => null,
          (e: unknown) => e,
        )
      expect(error, filename).toBeInstanceOf(ElevenLabsError)
      return error as ElevenLabsError
    }
    const text = await refuse(Buffer.from('This is a text file, not a song.\n'.repeat(50)), 'song.mp3')
    expect(text.statusCode).toBe(422)
    expect(JSON.stringify(text.body)).toContain('not a supported audio file')
    // Looks like a WAV by its header, holds no decodable audio.
    const hollow = await refuse(
      Buffer.concat([wav(new Float32Array(0)).subarray(0, 44), Buffer.from('junk')]),
      'x.wav',
    )
    expect(hollow.statusCode).toBe(422)
    const silent = await refuse(wav(new Float32Array(RATE * 2)), 'silence.wav')
    expect(silent.statusCode).toBe(422)
    expect(JSON.stringify(silent.body)).toContain('silent')
    const tooLong = await refuse(wav(noiseFor(new Float32Array(8000 * 21).fill(0.1), 1), 8000), 'long.wav')
    expect(tooLong.statusCode).toBe(413)
    expect(JSON.stringify(tooLong.body)).toContain('File too big')
    // 17 seconds (under the length limit) at 96 kHz: over the size limit.
    const tooBig = await refuse(wav(noiseFor(new Float32Array(96_000 * 17).fill(0.1), 2), 96_000), 'big.wav')
    expect(tooBig.statusCode).toBe(413)
    expect(JSON.stringify(tooBig.body)).toContain(
      'File too big: voice isolation takes files up to 3 MB and 0.3 minutes long.',
    )
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/v1/audio-isolation',
      headers: { ...user.auth, 'content-type': 'multipart/form-data; boundary=b' },
      payload: '--b\r\nContent-Disposition: form-data; name="file_format"\r\n\r\nother\r\n--b--\r\n',
    })
    expect(noFile.statusCode).toBe(422)
    expect(await used()).toBe(before)
    expect((await client.audioIsolation.list()).items.map((i) => i.title)).not.toContain('silence.wav')
  })
})
