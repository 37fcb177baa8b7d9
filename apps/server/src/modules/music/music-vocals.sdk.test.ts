import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js'
import { soundBankPath } from '@timbre/speech'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// Sung lines through the official SDK with only baseUrl changed: a plan with lines against the
// same plan and seed without them, measured as audio, and the vocal stem in the stems zip.

let t: TestApp
let client: ElevenLabsClient

const RATE = 22050
const INTRO_MS = 4000
const VERSE_MS = 8000

async function bytes(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = []
  for await (const part of stream as unknown as AsyncIterable<Uint8Array>) parts.push(part)
  return Buffer.concat(parts)
}

function samplesOf(pcm: Uint8Array): Float32Array {
  const view = new DataView(pcm.buffer, pcm.byteOffset, pcm.byteLength)
  return Float32Array.from({ length: pcm.byteLength >> 1 }, (_, i) => view.getInt16(i * 2, true) / 32768)
}

/** RMS of a stretch after a band-pass filter (RBJ biquad) around the voice's formants. */
function bandRms(x: Float32Array, from: number, to: number, centreHz: number, q: number): number {
  const w = (2 * Math.PI * centreHz) / RATE
  const alpha = Math.sin(w) / (2 * q)
  const a0 = 1 + alpha
  const [b0, b2, a1, a2] = [alpha / a0, -alpha / a0, (-2 * Math.cos(w)) / a0, (1 - alpha) / a0]
  let [x1, x2, y1, y2, sum] = [0, 0, 0, 0, 0]
  for (let i = from; i < to; i++) {
    const input = x[i] as number
    const y = b0 * input + b2 * x2 - a1 * y1 - a2 * y2
    ;[x2, x1, y2, y1] = [x1, input, y1, y]
    sum += y * y
  }
  return Math.sqrt(sum / (to - from))
}

function plan(lines: string[]) {
  const section = (sectionName: string, durationMs: number, sung: string[]) => ({
    sectionName,
    positiveLocalStyles: [],
    negativeLocalStyles: [],
    durationMs,
    lines: sung,
  })
  return {
    positiveGlobalStyles: ['acoustic pop', 'female vocals'],
    negativeGlobalStyles: [],
    sections: [section('Intro', INTRO_MS, []), section('Verse', VERSE_MS, lines)],
  }
}

beforeAll(async () => {
  t = await createTestApp()
  const user = await createUser(t.app, t.database, { verified: true })
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

describe.runIf(soundBankPath())('sung lines through the SDK', () => {
  it('sings a plan’s lines over the band: the same song without lines lacks the voice', async () => {
    const lines = ['The morning light is on the hill', 'and I walk along the river']
    const compose = async (sung: string[]) =>
      bytes(
        await client.music.compose({
          compositionPlan: plan(sung),
          seed: 7,
          outputFormat: `pcm_${RATE}`,
        }),
      )
    const withVoice = await compose(lines)
    const without = await compose([])
    const total = ((INTRO_MS + VERSE_MS) * RATE) / 1000
    expect(withVoice.length).toBe(total * 2)
    expect(without.length).toBe(total * 2)
    expect(await compose(lines)).toEqual(withVoice)

    const sung = samplesOf(withVoice)
    const band = samplesOf(without)
    const intro = [0, ((INTRO_MS - 100) * RATE) / 1000] as const
    const verse = [(INTRO_MS * RATE) / 1000, total] as const
    // Before the first line both songs are the same to the sample; in the verse the voice adds
    // energy where its vowels are strongest (the first formants, 0.5 to 1.5 kHz).
    let introDifference = 0
    for (let i = intro[0]; i < intro[1]; i++)
      introDifference = Math.max(introDifference, Math.abs((sung[i] as number) - (band[i] as number)))
    expect(introDifference).toBe(0)
    for (const hz of [700, 1200]) {
      expect(bandRms(sung, verse[0], verse[1], hz, 1.5)).toBeGreaterThan(
        1.3 * bandRms(band, verse[0], verse[1], hz, 1.5),
      )
    }

    const stems = unzipSync(
      new Uint8Array(
        await bytes(await client.music.separateStems({ file: new Blob([new Uint8Array(withVoice)]) })),
      ),
    )
    const vocals = Object.entries(stems).find(([name]) => name.startsWith('vocals.'))?.[1]
    expect(vocals).toBeDefined()
    const voice = samplesOf(vocals as Uint8Array)
    expect(bandRms(voice, intro[0], intro[1], 1500, 0.7)).toBe(0)
    expect(bandRms(voice, verse[0], verse[1], 1500, 0.7)).toBeGreaterThan(0.01)
    const bandStems = unzipSync(
      new Uint8Array(
        await bytes(await client.music.separateStems({ file: new Blob([new Uint8Array(without)]) })),
      ),
    )
    expect(Object.keys(bandStems).some((name) => name.startsWith('vocals.'))).toBe(false)
  })
})
