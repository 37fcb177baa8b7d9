import { afterAll, describe, expect, it } from 'vitest'
import { analyseVoice, convertVoice, createSpeechService, parseOutputFormat, resample } from '../src/index.js'
import { pcmSamples, voiceNamed } from './helpers/fixtures.js'

// Speech to speech in the service's worker threads: the recording is measured when the
// conversion opens, and each block is converted only when it is asked for, so the first
// block is out while the rest is still to be converted; the blocks join into exactly the
// audio a whole-recording conversion gives.

const service = createSpeechService({ workers: 1 })
afterAll(() => service.close())

const TEXT =
  'The first sentence is short. The second one is a little longer, with a comma. And here comes the third and last sentence, which ends the test.'

async function speak(name: string, rate: number): Promise<Float32Array> {
  const result = await service.synthesize(
    { text: TEXT, voice: voiceNamed(name), modelId: 'eleven_multilingual_v2', seed: 5 },
    `pcm_${rate}`,
  )
  return Float32Array.from(pcmSamples(result.audio), (v) => v / 32768)
}

describe('voice conversion in a worker', () => {
  it('converts block by block as the blocks are read, and the blocks make the whole conversion', async () => {
    const input = await speak('Noah', 24_000)
    const target = await service.measureVoice(await speak('Grace', 24_000), 24_000)
    const seconds = input.length / 24_000
    expect(seconds).toBeGreaterThan(5)
    const run = await service.openConversion({
      samples: input.slice(),
      sampleRate: 24_000,
      target,
      format: parseOutputFormat('pcm_24000'),
      silenceDb: -60,
      workRate: 24_000,
      blockSeconds: 1,
    })
    expect(run.opened.blocks).toBe(Math.ceil(seconds))
    expect(run.opened.voicedSeconds).toBeGreaterThan(1)
    const convertedWhenRead: number[] = []
    const parts: Uint8Array[] = []
    for await (const chunk of run.chunks()) {
      convertedWhenRead.push(run.converted)
      parts.push(chunk)
    }
    // The first chunk was out when one block of many had been converted; each later chunk one block more.
    expect(convertedWhenRead).toEqual(Array.from({ length: run.opened.blocks }, (_, i) => i + 1))
    const streamed = Float32Array.from(pcmSamples(Buffer.concat(parts)), (v) => v / 32768)
    expect(streamed.length).toBe(input.length)
    // The same as converting the whole recording at once (to the 16-bit rounding of the stream).
    const whole = (await convertVoice(input, 24_000, target)).samples
    let worst = 0
    for (let i = 0; i < whole.length; i++) worst = Math.max(worst, Math.abs(whole[i]! - streamed[i]!))
    expect(worst).toBeLessThan(2 / 32768)
    // And it moved the pitch to the target's.
    const before = analyseVoice(input, 24_000).f0MedianHz
    const after = analyseVoice(streamed, 24_000).f0MedianHz
    expect(Math.abs(Math.log2(after / target.f0MedianHz))).toBeLessThan(
      Math.abs(Math.log2(before / target.f0MedianHz)) / 3,
    )
  }, 120_000)

  it('opens a silent recording with no blocks, and resamples to the output rate', async () => {
    const silent = await service.openConversion({
      samples: new Float32Array(48_000),
      sampleRate: 48_000,
      target: await service.measureVoice(await speak('Grace', 24_000), 24_000),
      format: parseOutputFormat('pcm_16000'),
      silenceDb: -60,
    })
    expect(silent.opened.blocks).toBe(0)
    const chunks: Uint8Array[] = []
    for await (const chunk of silent.chunks()) chunks.push(chunk)
    expect(chunks).toHaveLength(0)

    const input = await resample(await speak('Noah', 24_000), 24_000, 48_000)
    const run = await service.openConversion({
      samples: input,
      sampleRate: 48_000,
      target: await service.measureVoice(await speak('Grace', 24_000), 24_000),
      format: parseOutputFormat('pcm_16000'),
      silenceDb: -60,
    })
    const parts: Uint8Array[] = []
    for await (const chunk of run.chunks()) parts.push(chunk)
    expect(Buffer.concat(parts).length / 2).toBe(Math.round(run.opened.seconds * 16_000))
  }, 120_000)
})
