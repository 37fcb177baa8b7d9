import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EspeakEngine } from '../src/engines/espeak-engine.js'
import { phonemeIds, readPiperConfig } from '../src/engines/neural/piper-config.js'
import { PiperEngine } from '../src/engines/neural/piper-engine.js'
import {
  createSpeechService,
  isSpeechError,
  loadNeuralCatalogue,
  MODEL_PROFILES,
  type NeuralCatalogue,
  PIPER_MODEL_ID,
  type PiperParams,
  registerNeuralCatalogue,
  type SpeechRequest,
  type VoiceDefinition,
} from '../src/index.js'
import { expectValidAlignment, mergeAlignments } from './helpers/alignment-checks.js'
import { pcmSamples, voiceNamed } from './helpers/fixtures.js'
import {
  buildTinyPiperModel,
  TINY_HOP,
  TINY_SAMPLE_RATE,
  tinyPiperConfig,
} from './helpers/tiny-piper-model.js'

const dir = mkdtempSync(join(tmpdir(), 'timbre-models-'))
const write = (name: string, data: string | Uint8Array) => writeFileSync(join(dir, name), data)

// A models directory as a user might leave it: two good voices and every kind of mistake.
write('en_US-tiny-x_low.onnx', buildTinyPiperModel())
write('en_US-tiny-x_low.onnx.json', JSON.stringify(tinyPiperConfig()))
write('de_DE-chorus-x_low.onnx', buildTinyPiperModel({ speakers: true }))
write(
  'de_DE-chorus-x_low.onnx.json',
  JSON.stringify({
    ...tinyPiperConfig({ speakers: ['anna', 'bernd'], espeakVoice: 'de' }),
    dataset: 'chorus',
    language: { code: 'de_DE', family: 'de', region: 'DE', name_english: 'German' },
  }),
)
write('corrupt.onnx', new Uint8Array(2048).fill(7))
write('corrupt.onnx.json', JSON.stringify(tinyPiperConfig()))
write('mismatched.onnx', buildTinyPiperModel({ inputName: 'tokens' }))
write('mismatched.onnx.json', JSON.stringify(tinyPiperConfig()))
write('bad-config.onnx', buildTinyPiperModel())
write('bad-config.onnx.json', JSON.stringify({ ...tinyPiperConfig(), phoneme_id_map: { a: [1] } }))
write('kokoro-v1.0.onnx', buildTinyPiperModel())
write('orphan.onnx.json', JSON.stringify(tinyPiperConfig()))
write('README.txt', 'not a model')

let catalogue: NeuralCatalogue
const service = createSpeechService({ workers: 1 })

beforeAll(async () => {
  catalogue = await loadNeuralCatalogue(dir)
  registerNeuralCatalogue(catalogue)
})
afterAll(async () => {
  await service.close()
  rmSync(dir, { recursive: true, force: true })
})

function voiceFile(file: string, speaker = 0): VoiceDefinition {
  const voice = catalogue.voices.find(
    (v) =>
      (v.engine as PiperParams).model === join(dir, file) && (v.engine as PiperParams).speaker === speaker,
  )
  if (!voice) throw new Error(`no voice for ${file}`)
  return voice
}

function request(text: string, overrides: Partial<SpeechRequest> = {}): SpeechRequest {
  return { text, voice: voiceFile('en_US-tiny-x_low.onnx'), modelId: PIPER_MODEL_ID, seed: 1, ...overrides }
}

describe('models directory', () => {
  it('lists each good model as voices (one per speaker) with names and languages from its config', () => {
    expect(catalogue.voices.map((v) => [v.name, v.language, v.locale])).toEqual([
      ['Chorus Anna', 'de', 'de-DE'],
      ['Chorus Bernd', 'de', 'de-DE'],
      ['Tiny', 'en', 'en-US'],
    ])
    const tiny = voiceFile('en_US-tiny-x_low.onnx')
    expect(tiny.voice_id).toMatch(/^[A-Za-z0-9]{20}$/)
    expect(tiny.description).toContain('Piper neural voice from en_US-tiny-x_low.onnx')
    expect(tiny.engine).toMatchObject({
      engine: 'piper',
      speaker: 0,
      noiseScale: 0.667,
      lengthScale: 1,
      noiseW: 0.8,
    })
    expect(new Set(catalogue.voices.map((v) => v.voice_id)).size).toBe(3)
  })

  it('gives the same ids on every start', async () => {
    const again = await loadNeuralCatalogue(dir)
    expect(again.voices.map((v) => v.voice_id)).toEqual(catalogue.voices.map((v) => v.voice_id))
  })

  it('adds the Piper model with the languages of its voices', () => {
    expect(catalogue.models.map((m) => m.model_id)).toEqual([PIPER_MODEL_ID])
    expect(MODEL_PROFILES[PIPER_MODEL_ID]?.languages).toEqual(['de', 'en'])
    expect(MODEL_PROFILES.eleven_multilingual_v2?.model_id).toBe('eleven_multilingual_v2')
  })

  it('warns about every file it leaves out, naming the file', () => {
    const byFile = Object.fromEntries(
      catalogue.warnings.map((w) => [w.file.slice(dir.length + 1), w.message]),
    )
    expect(Object.keys(byFile).sort()).toEqual([
      'bad-config.onnx.json',
      'corrupt.onnx',
      'kokoro-v1.0.onnx',
      'mismatched.onnx',
      'orphan.onnx.json',
    ])
    expect(byFile['corrupt.onnx']).toMatch(/ONNX Runtime cannot load it/)
    expect(byFile['mismatched.onnx']).toMatch(/has no input 'input'/)
    expect(byFile['bad-config.onnx.json']).toMatch(/phoneme_id_map has no '_'/)
    expect(byFile['kokoro-v1.0.onnx']).toMatch(/a Kokoro model goes in its own folder/)
    expect(byFile['orphan.onnx.json']).toMatch(/orphan.onnx is missing/)
  })

  it('is empty without a directory', async () => {
    expect(await loadNeuralCatalogue(join(dir, 'absent'))).toEqual({ voices: [], models: [], warnings: [] })
  })
})

describe('phoneme ids', () => {
  it("map eSpeak NG's IPA as Piper does: ^, each phoneme then the pad, spaces between words, $", () => {
    const config = readPiperConfig(join(dir, 'en_US-tiny-x_low.onnx.json'))
    const id = (s: string) => config.phonemeIdMap.get(s)![0]!
    const { ids, wordRanges, missing } = phonemeIds(
      [
        { ipa: 'hˈi', punctuation: ',' },
        { ipa: 'wʌn', punctuation: '.' },
      ],
      config.phonemeIdMap,
    )
    const pad = id('_')
    expect(ids).toEqual([
      id('^'),
      pad,
      ...['h', 'ˈ', 'i', ','].flatMap((s) => [id(s), pad]),
      ...[' ', 'w', 'ʌ', 'n', '.'].flatMap((s) => [id(s), pad]),
      id('$'),
    ])
    expect(wordRanges).toEqual([
      [2, 10],
      [10, 20],
    ])
    expect(missing).toEqual([])
    expect(phonemeIds([{ ipa: 'a☃b', punctuation: '' }], config.phonemeIdMap).missing).toEqual(['☃'])
  })
})

describe('Piper engine', () => {
  it('runs the model on the phoneme ids, with the speaker and scales of the voice', async () => {
    const engine = new PiperEngine(await EspeakEngine.create())
    const voice = voiceFile('de_DE-chorus-x_low.onnx', 1)
    const params = { ...(voice.engine as PiperParams), noiseScale: 0.5 }
    const pieces = [{ kind: 'text' as const, text: 'Guten Tag', normStart: 0, normEnd: 9, exact: true }]
    const out = await engine.synthesize({ pieces, language: 'de', params, whisper: false })
    expect(out.sampleRate).toBe(TINY_SAMPLE_RATE)
    // The tiny model speaks HOP samples per id; its level is noise_scale × (1 + sid / 10).
    expect(out.samples.length % TINY_HOP).toBe(0)
    const peak = out.samples.reduce((m, s) => Math.max(m, Math.abs(s)), 0)
    expect(peak).toBeCloseTo(0.5 * 1.1, 2)
    expect(out.words.map((w) => [w.normStart, w.normEnd])).toEqual([
      [0, 5],
      [6, 9],
    ])
    const duration = out.samples.length / out.sampleRate
    expect(out.words[0]!.start).toBeLessThan(out.words[1]!.start)
    expect(out.words[1]!.end).toBeLessThanOrEqual(duration)
  })
})

describe('speaking with a Piper voice', () => {
  it('streams the text in segments with an alignment of every character', async () => {
    const text = 'Hello there. This is the second sentence, with a comma. And a third one!'
    const chunks = []
    for await (const chunk of service.stream(request(text), 'pcm_16000')) chunks.push(chunk)
    expect(chunks.length).toBeGreaterThan(1)
    const samples = chunks.reduce((n, c) => n + pcmSamples(c.audio).length, 0)
    const duration = samples / 16_000
    expect(duration).toBeGreaterThan(1)
    expectValidAlignment(mergeAlignments(chunks.map((c) => c.alignment)), text, duration)
  })

  it('speaks on the multilingual models too, in the voice language only', async () => {
    const result = await service.synthesize(
      request('Guten Tag.', {
        voice: voiceFile('de_DE-chorus-x_low.onnx'),
        modelId: 'eleven_multilingual_v2',
      }),
      'wav_16000',
    )
    expect(result.durationSeconds).toBeGreaterThan(0.1)
    expect(() =>
      service.prepare(request('Hello.', { languageCode: 'fr', modelId: 'eleven_multilingual_v2' })),
    ).toThrow(/trained on 'en' and cannot speak 'fr'/)
  })

  it('refuses a voice of another engine on the Piper model', () => {
    expect(() => service.prepare(request('Hello.', { voice: voiceNamed('Emma') }))).toThrow(
      /speaks only with its own voices/,
    )
  })

  it('refuses, before anything renders, a voice whose model files were removed', async () => {
    const gone = join(dir, 'gone.onnx')
    writeFileSync(gone, buildTinyPiperModel())
    writeFileSync(`${gone}.json`, JSON.stringify(tinyPiperConfig()))
    const [voice] = (await loadNeuralCatalogue(dir)).voices.filter(
      (v) => (v.engine as PiperParams).model === gone,
    )
    unlinkSync(gone)
    let error: unknown
    try {
      service.prepare(request('Hello.', { voice: voice! }))
    } catch (e) {
      error = e
    }
    expect(isSpeechError(error) && error.code).toBe('invalid_voice')
    expect((error as Error).message).toMatch(/gone.onnx .* is no longer in the models directory/)
  })
})
