import { afterAll, describe, expect, it } from 'vitest'
import { concatBytes } from '../src/encoders/pcm16.js'
import { createSpeechService, type SpeechChunk, type SpeechRequest } from '../src/index.js'
import { expectValidAlignment, mergeAlignments } from './helpers/alignment-checks.js'
import { pcmSamples, voiceNamed } from './helpers/fixtures.js'
import { parseMp3Frames } from './helpers/mp3-frames.js'

const service = createSpeechService({ workers: 2 })
afterAll(() => service.close())

const THREE_SENTENCES =
  'The first sentence is short. The second one is a little longer, with a comma. And here comes the third and last sentence!'

function request(text: string, overrides: Partial<SpeechRequest> = {}): SpeechRequest {
  return { text, voice: voiceNamed('Emma'), modelId: 'eleven_multilingual_v2', seed: 42, ...overrides }
}

async function collect(iterable: AsyncIterable<SpeechChunk>): Promise<SpeechChunk[]> {
  const chunks: SpeechChunk[] = []
  for await (const chunk of iterable) chunks.push(chunk)
  return chunks
}

describe('synthesis', () => {
  it('produces MP3 with alignments that cover the text', async () => {
    const result = await service.synthesize(request(THREE_SENTENCES), 'mp3_44100_128')
    const frames = parseMp3Frames(result.audio)
    const seconds = frames.reduce((s, f) => s + f.samples / f.sampleRate, 0)
    expect(Math.abs(seconds - result.durationSeconds)).toBeLessThan(0.1)
    expect(result.durationSeconds).toBeGreaterThan(4)
    expectValidAlignment(result.alignment, THREE_SENTENCES, result.durationSeconds)
    expectValidAlignment(result.normalizedAlignment, result.normalizedText, result.durationSeconds)
  })

  it('gives identical bytes for the same seed, whatever the number of workers', async () => {
    const one = createSpeechService({ workers: 1 })
    try {
      const settings = { stability: 0.2, style: 0.5 }
      const a = await service.synthesize(
        request(THREE_SENTENCES, { voiceSettings: settings }),
        'mp3_22050_32',
      )
      const b = await service.synthesize(
        request(THREE_SENTENCES, { voiceSettings: settings }),
        'mp3_22050_32',
      )
      const c = await one.synthesize(request(THREE_SENTENCES, { voiceSettings: settings }), 'mp3_22050_32')
      expect(Buffer.from(b.audio).equals(Buffer.from(a.audio))).toBe(true)
      expect(Buffer.from(c.audio).equals(Buffer.from(a.audio))).toBe(true)
      const d = await service.synthesize(
        request(THREE_SENTENCES, { voiceSettings: settings, seed: 7 }),
        'mp3_22050_32',
      )
      expect(Buffer.from(d.audio).equals(Buffer.from(a.audio))).toBe(false)
    } finally {
      await one.close()
    }
  })

  it('streams chunks in order; together they equal the whole synthesis', async () => {
    const chunks = await collect(service.stream(request(THREE_SENTENCES), 'mp3_44100_128'))
    expect(chunks.length).toBeGreaterThanOrEqual(3)
    expect(chunks[0]!.alignment!.characters.join('')).toContain('first sentence')
    expect(chunks[0]!.alignment!.characters.join('')).not.toContain('second')
    const whole = await service.synthesize(request(THREE_SENTENCES), 'mp3_44100_128')
    expect(Buffer.from(concatBytes(chunks.map((c) => c.audio))).equals(Buffer.from(whole.audio))).toBe(true)
    expect(mergeAlignments(chunks.map((c) => c.alignment))).toEqual(whole.alignment)
  })

  it('joins chunks without clicks', async () => {
    const chunks = await collect(service.stream(request(THREE_SENTENCES), 'pcm_22050'))
    const all = pcmSamples(concatBytes(chunks.map((c) => c.audio)))
    let position = 0
    for (const chunk of chunks.slice(0, -1)) {
      position += chunk.audio.length / 2
      // Around each join, no sample-to-sample jump above 3% of full scale.
      for (let i = Math.max(1, position - 64); i < Math.min(all.length, position + 64); i++) {
        expect(Math.abs(all[i]! - all[i - 1]!)).toBeLessThan(1000)
      }
    }
  })

  it('reads markup characters in plain text and keeps them in the alignment', async () => {
    const text = 'Use <b> & </b> for bold, 5 < 6 > 4.'
    const result = await service.synthesize(request(text), 'wav_16000')
    expectValidAlignment(result.alignment, text, result.durationSeconds)
    expect(result.durationSeconds).toBeGreaterThan(1.5)
  })

  it('speaks text with control characters, emoji and mixed scripts', async () => {
    const text = 'Hello\u0000 world \u{1F600}! Привет, 世界. Ok.'
    const result = await service.synthesize(request(text), 'pcm_16000')
    expectValidAlignment(result.alignment, text, result.durationSeconds)
    expect(result.audio.length).toBeGreaterThan(16000)
  })

  it('speaks another language with an English voice through eSpeak NG on multilingual models', async () => {
    const result = await service.synthesize(
      request('Guten Morgen, wie geht es dir?', { languageCode: 'de' }),
      'pcm_16000',
    )
    expect(result.durationSeconds).toBeGreaterThan(1)
  })

  it('stops on abort and frees the queue', async () => {
    const controller = new AbortController()
    const long = Array.from({ length: 30 }, (_, i) => `Sentence number ${i} is here.`).join(' ')
    const iterator = service
      .stream(request(long), 'pcm_16000', { signal: controller.signal })
      [Symbol.asyncIterator]()
    await iterator.next()
    controller.abort()
    await expect(iterator.next()).rejects.toMatchObject({ code: 'aborted' })
    await new Promise((r) => setTimeout(r, 300))
    expect(service.stats().queued).toBe(0)
  })
})

describe('bad input', () => {
  const cases: [string, SpeechRequest, string, string][] = [
    ['empty text', request(''), 'mp3_44100_128', 'text_empty'],
    ['only whitespace', request(' \n\t  '), 'mp3_44100_128', 'text_empty'],
    ['only tags', request('[whispers] [laughs]', { modelId: 'eleven_v3' }), 'mp3_44100_128', 'text_empty'],
    ['only punctuation', request('... !!! ???'), 'mp3_44100_128', 'text_empty'],
    ['50,000 characters', request('a '.repeat(25_000)), 'mp3_44100_128', 'text_too_long'],
    ['unknown format', request('Hello.'), 'ogg_1_2', 'invalid_output_format'],
    ['unknown model', request('Hello.', { modelId: 'eleven_nope' }), 'mp3_44100_128', 'unsupported_model'],
    [
      'speech-to-speech model',
      request('Hello.', { modelId: 'eleven_english_sts_v2' }),
      'mp3_44100_128',
      'unsupported_model',
    ],
    [
      'English-only model, German',
      request('Hallo.', { modelId: 'eleven_flash_v2', languageCode: 'de' }),
      'pcm_16000',
      'unsupported_language',
    ],
    ['unknown language', request('Hello.', { languageCode: 'xx' }), 'pcm_16000', 'unsupported_language'],
    [
      'speed out of range',
      request('Hello.', { voiceSettings: { speed: 3 } }),
      'pcm_16000',
      'invalid_voice_settings',
    ],
    [
      'bad voice definition',
      request('Hello.', {
        voice: { ...voiceNamed('Emma'), engine: { engine: 'flite', voice: 'xyz' } } as never,
      }),
      'pcm_16000',
      'invalid_voice',
    ],
  ]
  for (const [name, req, format, code] of cases) {
    it(`${name} -> ${code}`, async () => {
      await expect(service.synthesize(req, format)).rejects.toMatchObject({ code })
      await expect(collect(service.stream(req, format))).rejects.toMatchObject({ code })
    })
  }

  it('the English-only refusal names a model that can', async () => {
    await expect(
      service.synthesize(request('Hallo.', { modelId: 'eleven_turbo_v2', languageCode: 'de' }), 'pcm_16000'),
    ).rejects.toThrow(/English-only.*eleven_multilingual_v2/)
  })
})

describe('worker crashes', () => {
  it('replaces a dead worker and keeps serving', async () => {
    const before = service.stats().restarts
    await service.crashWorkerForTest()
    await new Promise((r) => setTimeout(r, 200))
    expect(service.stats().restarts).toBe(before + 1)
    expect(service.stats().workers).toBe(2)
    const results = await Promise.all(
      [1, 2, 3].map(() => service.synthesize(request('Still here.'), 'pcm_16000')),
    )
    for (const result of results) expect(result.durationSeconds).toBeGreaterThan(0.5)
  })
})
