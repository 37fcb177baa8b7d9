import { afterAll, describe, expect, it } from 'vitest'
import { collectSpeech, createSpeechService, type PipelineChunk, type SpeechRequest } from '../src/index.js'
import { voiceNamed } from './helpers/fixtures.js'

const service = createSpeechService({ workers: 2 })
afterAll(() => service.close())

function request(text: string, overrides: Partial<SpeechRequest> = {}): SpeechRequest {
  return { text, voice: voiceNamed('Emma'), modelId: 'eleven_multilingual_v2', seed: 7, ...overrides }
}

describe('speech pipeline', () => {
  it('renders several requests into one output with the later timings shifted', async () => {
    const p = service.pipeline('pcm_16000')
    p.push(request('The first speaker says hello.'))
    p.push(request('The second one answers.', { voice: voiceNamed('Noah') }))
    p.end()
    const chunks: PipelineChunk[] = []
    for await (const chunk of p) chunks.push(chunk)
    const first = chunks.filter((c) => c.piece === 0)
    const second = chunks.filter((c) => c.piece === 1)
    const firstEnd = Math.max(...first.map((c) => c.endSeconds))
    const secondStart = second.find((c) => c.alignment)!.alignment!.character_start_times_seconds[0]!
    expect(secondStart).toBeGreaterThanOrEqual(firstEnd - 0.001)
    // The character counts add up to the texts, so a caller can charge what went out.
    expect(first.reduce((n, c) => n + c.characters, 0)).toBe('The first speaker says hello.'.length)
    expect(second.reduce((n, c) => n + c.characters, 0)).toBe('The second one answers.'.length)
    const bytes = chunks.reduce((n, c) => n + c.audio.length, 0)
    expect(bytes / 2 / 16_000).toBeCloseTo(chunks.at(-1)!.endSeconds, 2)
  })

  it('refuses a bad request when it is pushed, before any audio', () => {
    const p = service.pipeline('mp3_44100_128')
    expect(() => p.push(request('   '))).toThrow(expect.objectContaining({ code: 'text_empty' }))
  })

  it('waits for pieces pushed later and ends after end(); WAV gets its real sizes', async () => {
    const p = service.pipeline('wav_16000', { carryContext: true })
    const result = collectSpeech(p, p.format)
    p.push(request('A piece arrives.'))
    await new Promise((r) => setTimeout(r, 200))
    p.push(request('Another follows later.'))
    p.end()
    const { audio, alignment, durationSeconds } = await result
    expect(alignment.characters.join('')).toBe('A piece arrives.Another follows later.')
    const view = new DataView(audio.buffer, audio.byteOffset, audio.byteLength)
    expect(view.getUint32(40, true)).toBe(audio.length - 44)
    expect((audio.length - 44) / 2 / 16_000).toBeCloseTo(durationSeconds, 2)
  })
})
