// Streaming recognition with PocketSphinx: an utterance fed in 100 ms pieces as it would arrive
// gets running hypotheses on the way and at its end the words of the whole-utterance path (a
// fresh decoder's first utterance is decoded whole; its live pass missed words);
// its decoder goes back to the pool however the stream ends (finished, aborted mid-decode,
// aborted while waiting for a decoder, or broken by a failing listener), and a decoder that
// served a broken stream recognises the next one correctly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPocketSphinxRecogniser, createSpeechService, PREMADE_VOICES } from '../src/index.js'

const SENTENCE = 'The train to the city leaves at seven every morning except on Sundays.'
const PIECE = 1600

const recogniser = createPocketSphinxRecogniser({ decoders: 1, liveDecoders: 2 })
const available = recogniser.unavailable() === null
const inCi = process.env.CI === 'true'

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z' ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
}

function wordErrorRate(reference: string[], hypothesis: string[]): number {
  const d = Array.from({ length: reference.length + 1 }, (_, i) => [
    i,
    ...Array<number>(hypothesis.length).fill(0),
  ])
  for (let j = 1; j <= hypothesis.length; j++) d[0]![j] = j
  for (let i = 1; i <= reference.length; i++)
    for (let j = 1; j <= hypothesis.length; j++)
      d[i]![j] = Math.min(
        d[i - 1]![j]! + 1,
        d[i]![j - 1]! + 1,
        d[i - 1]![j - 1]! + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1),
      )
  return d[reference.length]![hypothesis.length]! / reference.length
}

function feed(stream: { push(s: Float32Array): void }, samples: Float32Array, upTo = samples.length): void {
  for (let at = 0; at < upTo; at += PIECE) stream.push(samples.subarray(at, Math.min(upTo, at + PIECE)))
}

describe.runIf(available || inCi)('streaming recognition (PocketSphinx)', () => {
  let speech: Float32Array
  beforeAll(async () => {
    const service = createSpeechService({ workers: 1 })
    try {
      const voice = PREMADE_VOICES.find((v) => v.name === 'Emma')!
      const result = await service.synthesize(
        { text: SENTENCE, voice, modelId: 'eleven_multilingual_v2', seed: 1 },
        'pcm_16000',
      )
      const pcm = Buffer.from(result.audio)
      speech = new Float32Array(pcm.length / 2)
      for (let i = 0; i < speech.length; i++) speech[i] = pcm.readInt16LE(i * 2) / 32768
    } finally {
      await service.close()
    }
  }, 60_000)
  afterAll(() => recogniser.close())

  it('reports hypotheses while the audio comes and ends with the words of the whole-utterance path', async () => {
    // A live decoder opens on another thread (a second or so of loading): opened first, as a
    // realtime session does, so the audio below meets a decoder at the pace it comes. It stays
    // fresh: a tenth of a second teaches its normalisation nothing.
    const opening = recogniser.startStream()
    opening.push(new Float32Array(1600))
    await opening.finish()
    const hypotheses: string[] = []
    const stream = recogniser.startStream({ onHypothesis: (text) => hypotheses.push(text) })
    for (let at = 0; at < speech.length; at += PIECE) {
      stream.push(speech.subarray(at, at + PIECE))
      // The pace of a microphone, roughly: the decoder works while the next piece is awaited.
      await new Promise((r) => setTimeout(r, 20))
    }
    expect(recogniser.pools().live.busy).toBe(1)
    const found = await stream.finish()
    const text = found.map((w) => w.text).join(' ')
    expect(wordErrorRate(words(SENTENCE), words(text)), text).toBeLessThanOrEqual(0.3)
    const whole = await recogniser.recognise(speech)
    const wholeText = whole.map((w) => w.text).join(' ')
    expect(wordErrorRate(words(wholeText), words(text)), `${wholeText} / ${text}`).toBeLessThanOrEqual(0.1)
    // The hypotheses grow through the utterance, and the last one before the end already holds much of it.
    expect(hypotheses.length).toBeGreaterThan(2)
    expect(words(hypotheses[0]!).length).toBeLessThan(words(text).length)
    expect(wordErrorRate(words(text), words(hypotheses.at(-1)!))).toBeLessThanOrEqual(0.5)
    expect(stream.hypothesis).toBe(hypotheses.at(-1))
    for (const w of found) {
      expect(w.start).toBeGreaterThanOrEqual(0)
      expect(w.end).toBeGreaterThan(w.start)
      expect(w.end).toBeLessThanOrEqual(speech.length / 16_000 + 0.01)
    }
    expect(recogniser.pools().live).toMatchObject({ busy: 0, waiting: 0 })
    expect(() => stream.push(speech.subarray(0, PIECE))).toThrow(/ended/)
    await expect(stream.finish()).rejects.toThrow(/ended/)
  }, 60_000)

  it('gives the decoder back when aborted mid-decode or while waiting for one', async () => {
    const first = recogniser.startStream()
    const second = recogniser.startStream()
    feed(first, speech)
    feed(second, speech)
    // Both live decoders are taken: a third stream waits in line.
    const third = recogniser.startStream()
    feed(third, speech, PIECE * 5)
    await new Promise((r) => setTimeout(r, 50))
    expect(recogniser.pools().live).toMatchObject({ open: 2, busy: 2, waiting: 1 })
    await third.abort()
    // Aborted while a decode is running on the thread pool.
    await first.abort()
    expect(await first.finish().catch((e: Error) => e.message)).toMatch(/ended/)
    expect((await second.finish()).length).toBeGreaterThan(5)
    expect(recogniser.pools().live).toMatchObject({ open: 2, idle: 2, busy: 0, waiting: 0 })
  }, 60_000)

  it('gives the decoder back clean when the stream breaks', async () => {
    const broken = recogniser.startStream({
      onHypothesis: () => {
        throw new Error('the listener failed')
      },
    })
    feed(broken, speech)
    await expect(broken.finish()).rejects.toThrow('the listener failed')
    expect(recogniser.pools().live).toMatchObject({ busy: 0, waiting: 0 })
    // Every live decoder (the broken stream's among them) recognises the next utterances whole.
    const next = [recogniser.startStream(), recogniser.startStream()]
    for (const stream of next) feed(stream, speech)
    for (const stream of next) {
      const text = (await stream.finish()).map((w) => w.text).join(' ')
      expect(wordErrorRate(words(SENTENCE), words(text)), text).toBeLessThanOrEqual(0.3)
    }
    expect(recogniser.pools().live).toMatchObject({ open: 2, busy: 0 })
  }, 60_000)

  it('keeps a seasoned live decoder warm: a new stream takes it and a spare is opened for the next', async () => {
    const warm = createPocketSphinxRecogniser({ decoders: 1, liveDecoders: 2 })
    try {
      let asked = 0
      await warm.prewarm({
        seasoning: async () => {
          asked++
          return speech
        },
      })
      expect(warm.pools().live).toMatchObject({ open: 1, idle: 1, busy: 0 })
      const stream = warm.startStream()
      feed(stream, speech)
      const text = (await stream.finish()).map((w) => w.text).join(' ')
      expect(wordErrorRate(words(SENTENCE), words(text)), text).toBeLessThanOrEqual(0.3)
      // Seasoned: its first utterance needed no whole decode on the batch pool.
      expect(warm.pools().batch.open).toBe(0)
      // Taking the only idle decoder started a spare, seasoned with the same speech.
      for (let i = 0; i < 200 && warm.pools().live.open < 2; i++) await new Promise((r) => setTimeout(r, 50))
      expect(warm.pools().live).toMatchObject({ open: 2, idle: 2, warming: 0 })
      expect(asked).toBe(1)
    } finally {
      await warm.close()
    }
  }, 60_000)
})
