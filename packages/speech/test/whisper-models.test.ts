import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  loadRecognitionCatalogue,
  WHISPER_LANGUAGES,
  WhisperLoadError,
  type WhisperRecogniser,
  wordsFromTokens,
} from '../src/index.js'
import { buildTinyWhisperModel } from './helpers/tiny-whisper-model.js'

// Whisper models in the models directory: found at start with what their headers say (size,
// English-only or multilingual, the languages that follows), every file that is not a model
// named in a warning and left out, the model loaded by whisper.cpp on its loading path, and a
// file spoiled after the scan refused with an error that names it.

const dir = mkdtempSync(join(tmpdir(), 'timbre-whisper-'))
const write = (name: string, data: string | Uint8Array) => writeFileSync(join(dir, name), data)
write('ggml-tiny.en.bin', buildTinyWhisperModel())
write('ggml-base.bin', buildTinyWhisperModel({ vocabulary: 51865, layers: 6 }))
write('notes.bin', 'just some text that someone saved with the wrong name, long enough to hold a header')
write('ggml-short.bin', Buffer.from('lmgg'))
write('ggml-odd.bin', Buffer.concat([buildTinyWhisperModel().subarray(0, 4), Buffer.alloc(80, 1)]))
write('readme.txt', 'not a model at all')
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('Whisper models in the models directory', () => {
  const catalogue = loadRecognitionCatalogue(dir)

  it('lists each model with its id, size and languages', () => {
    expect(catalogue.models.map((m) => m.model_id)).toEqual(['whisper_base', 'whisper_tiny_en'])
    const [base, tinyEn] = catalogue.models
    expect(tinyEn).toMatchObject({ engine: 'whisper.cpp', languages: ['en'], identifies_language: false })
    expect(tinyEn!.name).toBe('Whisper tiny (English) from ggml-tiny.en.bin')
    expect(base!.languages).toEqual(WHISPER_LANGUAGES.slice(0, 99))
    expect(base!.languages).not.toContain('yue')
    expect(base!.languages.length).toBe(99)
    expect(base).toMatchObject({ identifies_language: true, name: 'Whisper base from ggml-base.bin' })
    expect(base!.size_bytes).toBe(buildTinyWhisperModel().length)
  })

  it('names every file that is not a model and leaves it out', () => {
    const warned = Object.fromEntries(catalogue.warnings.map((w) => [w.file.split('/').pop(), w.message]))
    expect(Object.keys(warned).sort()).toEqual(['ggml-odd.bin', 'ggml-short.bin', 'notes.bin'])
    expect(warned['notes.bin']).toMatch(/not a whisper\.cpp model/)
    expect(warned['ggml-short.bin']).toMatch(/too short/)
    expect(warned['ggml-odd.bin']).toMatch(/does not describe a Whisper model/)
  })

  it('loads a model through whisper.cpp, and refuses a file spoiled after the scan by name', async () => {
    const tinyEn = catalogue.models.find((m) => m.model_id === 'whisper_tiny_en')!
    const recogniser = catalogue.recogniser(tinyEn) as WhisperRecogniser
    await expect(recogniser.ready()).resolves.toBeUndefined()
    expect(recogniser.languages).toEqual(['en'])
    await expect(recogniser.identifyLanguage(new Float32Array(16_000))).resolves.toBe('en')
    await recogniser.close()

    const base = catalogue.models.find((m) => m.model_id === 'whisper_base')!
    writeFileSync(base.file, Buffer.alloc(4096))
    const spoiled = catalogue.recogniser(base)
    const failure = await spoiled.ready().catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(WhisperLoadError)
    expect((failure as Error).message).toContain(base.file)
    await spoiled.close()
  }, 60_000)

  it('joins one-token segments into words with their times, dropping special tokens', () => {
    const words = wordsFromTokens([
      { text: '[_BEG_]', t0: 0, t1: 0 },
      { text: ' The', t0: 0, t1: 320 },
      { text: ' light', t0: 320, t1: 610 },
      { text: 'house', t0: 610, t1: 900 },
      { text: ' keeper.', t0: 900, t1: 1400 },
      { text: ' ', t0: 1400, t1: 1400 },
    ])
    expect(words).toEqual([
      { text: 'The', start: 0, end: 0.32, logprob: 0 },
      { text: 'lighthouse', start: 0.32, end: 0.9, logprob: 0 },
      { text: 'keeper', start: 0.9, end: 1.4, logprob: 0 },
    ])
  })
})
