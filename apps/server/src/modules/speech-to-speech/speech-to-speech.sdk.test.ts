import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ElevenLabsClient, type ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { analyseVoice, PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { pcm16ToFloat } from '../../../test/helpers/spectrum.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { pcmWav } from '../../../test/helpers/voice-factory.js'
import { wordErrorRate, words } from '../../../test/helpers/word-error.js'

// Speech to speech through the official SDK (speechToSpeech.convert and stream), measured:
// the words survive (pocketsphinx word error of the output within 0.15 of the input's own),
// the timing survives (same length), the pitch moves to the target voice, the price is
// 1,000 credits per minute with a history item, and bad input is refused with nothing charged.

const SENTENCES = [
  'Please call me back when you have time.',
  'We need to buy some bread and milk from the store.',
  'The children are playing in the park after school.',
]
const RATE = 16_000

const sphinx =
  spawnSync('sh', ['-c', 'command -v pocketsphinx_continuous'], { encoding: 'utf8' }).status === 0
if (!sphinx && process.env.CI !== 'true') {
  console.warn(
    'word error checks skipped: pocketsphinx_continuous is not installed (apt-get install pocketsphinx pocketsphinx-en-us)',
  )
}

let t: TestApp
let client: ElevenLabsClient
let user: TestUser
let work: string

async function bytes(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = []
  for await (const part of stream as unknown as AsyncIterable<Uint8Array>) parts.push(part)
  return Buffer.concat(parts)
}

const used = async () => (await client.user.subscription.get()).characterCount
const semitones = (a: number, b: number) => 12 * Math.log2(a / b)

function recognise(pcm: Buffer, name: string): string[] {
  const file = join(work, `${name}.wav`)
  writeFileSync(file, pcmWav(pcm, RATE))
  return words(
    execFileSync('pocketsphinx_continuous', ['-infile', file, '-logfn', '/dev/null'], { encoding: 'utf8' }),
  )
}

const noah = PREMADE_VOICES.find((v) => v.name === 'Noah')!
const grace = PREMADE_VOICES.find((v) => v.name === 'Grace')!

async function speak(voiceId: string, text: string): Promise<Buffer> {
  return bytes(await client.textToSpeech.convert(voiceId, { text, outputFormat: 'pcm_16000', seed: 1 }))
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'sts-test-'))
  t = await createTestApp()
  user = await createUser(t.app, t.database, { verified: true })
  const key = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: user.auth,
    payload: { name: 'sdk' },
  })
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  client = new ElevenLabsClient({ apiKey: key.json().api_key, baseUrl: address, timeoutInSeconds: 300 })
})
afterAll(async () => {
  await t?.close()
  rmSync(work, { recursive: true, force: true })
})

describe('speech to speech through the SDK', () => {
  it('keeps the words and timing of English speech, moves the pitch to the target, charges per minute', async () => {
    const target = analyseVoice(pcm16ToFloat(await speak(grace.voice_id, SENTENCES.join(' '))), RATE)
    const reference: string[] = []
    const heardIn: string[] = []
    const heardOut: string[] = []
    const f0In: number[] = []
    const f0Out: number[] = []
    for (const [index, sentence] of SENTENCES.entries()) {
      const input = await speak(noah.voice_id, sentence)
      const before = await used()
      const response = await client.speechToSpeech
        .convert(grace.voice_id, {
          audio: { data: pcmWav(input, RATE), filename: `take-${index}.wav` },
          modelId: 'eleven_english_sts_v2',
          outputFormat: 'pcm_16000',
          voiceSettings: JSON.stringify({ stability: 0.5, similarity_boost: 0.75 }),
          seed: 4,
        })
        .withRawResponse()
      const output = await bytes(response.data)
      const seconds = input.length / 2 / RATE
      expect(output.length / 2 / RATE).toBeCloseTo(seconds, 1)
      expect((await used()) - before).toBe(Math.ceil((seconds / 60) * 1000))
      expect(response.rawResponse.headers.get('history-item-id')).toMatch(/^[A-Za-z0-9]{20}$/)
      f0In.push(analyseVoice(pcm16ToFloat(input), RATE).f0MedianHz)
      f0Out.push(analyseVoice(pcm16ToFloat(output), RATE).f0MedianHz)
      if (sphinx) {
        reference.push(...words(sentence))
        heardIn.push(...recognise(input, `in-${index}`))
        heardOut.push(...recognise(output, `out-${index}`))
      }
    }
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!
    const distanceIn = Math.abs(semitones(median(f0In), target.f0MedianHz))
    const distanceOut = Math.abs(semitones(median(f0Out), target.f0MedianHz))
    console.log(
      `speech to speech F0: input ${f0In.map((f) => f.toFixed(0)).join(', ')} Hz, output ${f0Out.map((f) => f.toFixed(0)).join(', ')} Hz, target ${target.f0MedianHz.toFixed(0)} Hz (${distanceIn.toFixed(1)} -> ${distanceOut.toFixed(1)} semitones away)`,
    )
    expect(distanceOut).toBeLessThan(distanceIn / 3)
    expect(distanceOut).toBeLessThan(2)
    if (sphinx) {
      const werIn = wordErrorRate(reference, heardIn)
      const werOut = wordErrorRate(reference, heardOut)
      console.log(
        `speech to speech word error: input ${(werIn * 100).toFixed(1)}%, output ${(werOut * 100).toFixed(1)}% — ${heardOut.join(' ')}`,
      )
      expect(werOut - werIn).toBeLessThanOrEqual(0.15)
    }
    // Read in-process: after minutes of recognition the SDK's pooled connection may have been closed.
    const history = (
      await t.app.inject({ method: 'GET', url: '/v1/history?source=STS', headers: user.auth })
    ).json() as { history: { voice_id: string; source: string; model_id: string }[] }
    expect(history.history).toHaveLength(SENTENCES.length)
    expect(history.history[0]).toMatchObject({
      voice_id: grace.voice_id,
      source: 'STS',
      model_id: 'eleven_english_sts_v2',
    })
  }, 300_000)

  it('stream answers the same audio as convert, in several chunks', async () => {
    const input = pcmWav(await speak(noah.voice_id, SENTENCES[0]!), RATE)
    const whole = await bytes(
      await client.speechToSpeech.convert(grace.voice_id, { audio: { data: input, filename: 'a.wav' } }),
    )
    const stream = await client.speechToSpeech.stream(grace.voice_id, {
      audio: { data: input, filename: 'a.wav' },
    })
    const parts: Uint8Array[] = []
    for await (const part of stream as unknown as AsyncIterable<Uint8Array>) parts.push(part)
    expect(parts.length).toBeGreaterThan(1)
    expect(Buffer.concat(parts).equals(whole)).toBe(true)
  }, 120_000)

  it('refuses non-audio, silence, over-long files, unknown voices and text models, charging nothing', async () => {
    const clip = pcmWav(await speak(noah.voice_id, 'Hello there.'), RATE)
    const before = await used()
    const refuse = async (data: Buffer, filename: string, voiceId = grace.voice_id, modelId?: string) => {
      const error = await client.speechToSpeech
        .convert(voiceId, {
          audio: { data, filename, contentType: 'audio/mpeg' },
          ...(modelId ? { modelId } : {}),
        })
        .then(
          () => null,
          (e: unknown) => e as ElevenLabsError,
        )
      expect(error, filename).not.toBeNull()
      return error!
    }
    const text = await refuse(Buffer.from('This is a text file, not a recording.\n'.repeat(50)), 'voice.mp3')
    expect(text.statusCode).toBe(422)
    expect(JSON.stringify(text.body)).toContain('not a supported audio file')
    const silent = await refuse(pcmWav(Buffer.alloc(RATE * 2 * 2), RATE), 'silence.wav')
    expect(silent.statusCode).toBe(422)
    expect(JSON.stringify(silent.body)).toContain('No speech was found')
    const long = Buffer.alloc(8000 * 2 * 301)
    for (let i = 0; i < long.length / 2; i++) long.writeInt16LE(Math.round(Math.sin(i / 10) * 8000), i * 2)
    const tooLong = await refuse(pcmWav(long, 8000), 'long.wav')
    expect(tooLong.statusCode).toBe(413)
    expect(JSON.stringify(tooLong.body)).toContain('5 minutes')
    expect((await refuse(clip, 'a.wav', 'AAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404)
    expect((await refuse(clip, 'a.wav', grace.voice_id, 'eleven_multilingual_v2')).statusCode).toBe(422)
    expect(await used()).toBe(before)
  }, 120_000)
})
