import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EspeakEngine } from '../src/engines/espeak-engine.js'
import { kokoroSymbols, kokoroTokens, readKokoroConfig } from '../src/engines/neural/kokoro-config.js'
import { KokoroEngine } from '../src/engines/neural/kokoro-engine.js'
import {
  createSpeechService,
  isSpeechError,
  KOKORO_MODEL_ID,
  type KokoroParams,
  loadNeuralCatalogue,
  MODEL_PROFILES,
  type NeuralCatalogue,
  registerNeuralCatalogue,
  type SpeechRequest,
  type VoiceDefinition,
} from '../src/index.js'
import { expectValidAlignment, mergeAlignments } from './helpers/alignment-checks.js'
import { pcmSamples, voiceNamed } from './helpers/fixtures.js'
import {
  buildTinyKokoroModel,
  KOKORO_HOP,
  npyBytes,
  tinyKokoroConfig,
  voicePack,
  voicesArchive,
} from './helpers/tiny-kokoro-model.js'

const dir = mkdtempSync(join(tmpdir(), 'timbre-kokoro-'))
function write(path: string, data: string | Uint8Array) {
  mkdirSync(join(dir, path, '..'), { recursive: true })
  writeFileSync(join(dir, path), data)
}
const config = JSON.stringify(tinyKokoroConfig())

// kokoro-onnx's layout: the model and a voices archive (zip of .npy), with the release's config.
write('kokoro-v1/config.json', config)
write('kokoro-v1/kokoro-v1.0.onnx', buildTinyKokoroModel())
write(
  'kokoro-v1/voices-v1.0.bin',
  voicesArchive({ af_heart: voicePack(0.1), bm_george: voicePack(0.3), jf_alpha: voicePack(0.5) }),
)
// The ONNX community layout: onnx/model.onnx (beside other precisions) and voices/*.bin of raw
// float32, here mixed with .npy voices and one broken file.
write('community/config.json', config)
write('community/onnx/model.onnx', buildTinyKokoroModel({ idsName: 'tokens' }))
write('community/onnx/model_quantized.onnx', buildTinyKokoroModel())
write('community/voices/ef_dora.bin', new Uint8Array(voicePack(0.2).buffer))
write('community/voices/pm_alex.npy', npyBytes(voicePack(0.4)))
write('community/voices/if_broken.npy', new Uint8Array([1, 2, 3, 4]))
// Mistakes: a model without Kokoro's inputs, a config without a vocabulary, a lone model file.
write('mismatched/config.json', config)
write('mismatched/model.onnx', buildTinyKokoroModel({ idsName: 'phonemes' }))
write('mismatched/voices/af_x.npy', npyBytes(voicePack(0.1)))
write('no-vocab/config.json', JSON.stringify({ n_token: 178 }))
write('no-vocab/model.onnx', buildTinyKokoroModel())
write('kokoro-v1.0.onnx', buildTinyKokoroModel())

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

function kokoroVoice(name: string, from = catalogue): VoiceDefinition {
  const voice = from.voices.find((v) => v.engine.engine === 'kokoro' && v.engine.voice === name)
  if (!voice) throw new Error(`no Kokoro voice ${name}`)
  return voice
}

function request(text: string, overrides: Partial<SpeechRequest> = {}): SpeechRequest {
  return { text, voice: kokoroVoice('af_heart'), modelId: KOKORO_MODEL_ID, seed: 1, ...overrides }
}

describe('Kokoro folders in the models directory', () => {
  it('lists each voice pack as a voice with a name, language and gender from its Kokoro name', () => {
    const listed = catalogue.voices.map((v) => [
      v.name,
      v.locale,
      v.labels.gender,
      (v.engine as KokoroParams).voice,
    ])
    expect(listed).toEqual([
      ['Kokoro Dora', 'es-ES', 'female', 'ef_dora'],
      ['Kokoro Alex', 'pt-BR', 'male', 'pm_alex'],
      ['Kokoro Heart', 'en-US', 'female', 'af_heart'],
      ['Kokoro George', 'en-GB', 'male', 'bm_george'],
    ])
    expect(kokoroVoice('af_heart').engine).toMatchObject({
      engine: 'kokoro',
      model: join(dir, 'kokoro-v1/kokoro-v1.0.onnx'),
      voices: join(dir, 'kokoro-v1/voices-v1.0.bin'),
      archive: true,
      speed: 1,
    })
    expect(kokoroVoice('ef_dora').engine).toMatchObject({
      model: join(dir, 'community/onnx/model.onnx'),
      voices: join(dir, 'community/voices/ef_dora.bin'),
      archive: false,
    })
    expect(new Set(catalogue.voices.map((v) => v.voice_id)).size).toBe(4)
  })

  it('adds the model timbre_kokoro with the languages of its voices', () => {
    expect(catalogue.models.map((m) => m.model_id)).toEqual([KOKORO_MODEL_ID])
    expect(MODEL_PROFILES[KOKORO_MODEL_ID]?.languages).toEqual(['en', 'es', 'pt'])
  })

  it('gives the same ids on every start', async () => {
    const again = await loadNeuralCatalogue(dir)
    expect(again.voices.map((v) => v.voice_id)).toEqual(catalogue.voices.map((v) => v.voice_id))
  })

  it('warns about every file or folder it leaves out, naming it', () => {
    const byFile = Object.fromEntries(
      catalogue.warnings.map((w) => [w.file.slice(dir.length + 1), w.message]),
    )
    expect(Object.keys(byFile).sort()).toEqual([
      'community/voices/if_broken.npy',
      'kokoro-v1.0.onnx',
      'kokoro-v1/voices-v1.0.bin',
      'mismatched/model.onnx',
      'no-vocab/config.json',
    ])
    expect(byFile['community/voices/if_broken.npy']).toMatch(/not a usable Kokoro voice/)
    expect(byFile['kokoro-v1/voices-v1.0.bin']).toMatch(/jf_alpha needs its own phonemiser for Japanese/)
    expect(byFile['mismatched/model.onnx']).toMatch(/has no input 'input_ids'/)
    expect(byFile['no-vocab/config.json']).toMatch(/no "vocab"/)
    expect(byFile['kokoro-v1.0.onnx']).toMatch(/a Kokoro model goes in its own folder/)
  })
})

describe('Kokoro tokens', () => {
  it("map eSpeak NG's IPA to Kokoro's symbols: one letter per diphthong and affricate, ɹ for r", () => {
    expect(kokoroSymbols('hˈaʊ', 'a')).toBe('hˈW')
    expect(kokoroSymbols('dʒˈɜːni', 'a')).toBe('ʤˈɜni')
    expect(kokoroSymbols('dʒˈɜːni', 'b')).toBe('ʤˈɜːni')
    expect(kokoroSymbols('ɹˈoʊd', 'a')).toBe('ɹˈOd')
    expect(kokoroSymbols('bˈɛtɚ', 'a')).toBe('bˈɛtəɹ')
    expect(kokoroSymbols('pˈero', 'e')).toBe('pˈero')
  })

  it('join words with a space, keep punctuation and report unknown symbols', () => {
    const { vocab } = readKokoroConfig(join(dir, 'kokoro-v1/config.json'))
    const id = (s: string) => vocab.get(s)!
    const { ids, wordRanges, missing } = kokoroTokens(
      [
        { ipa: 'hˈaɪ', punctuation: ',' },
        { ipa: 'ju☃', punctuation: '.' },
      ],
      vocab,
      'a',
    )
    expect(ids).toEqual(['h', 'ˈ', 'I', ',', ' ', 'j', 'u', '.'].map(id))
    expect(wordRanges).toEqual([
      [0, 4],
      [4, 8],
    ])
    expect(missing).toEqual(['☃'])
  })
})

describe('Kokoro engine', () => {
  it('runs the model on 0, tokens, 0 with the style row for that many tokens', async () => {
    const engine = new KokoroEngine(await EspeakEngine.create())
    const params = kokoroVoice('bm_george').engine as KokoroParams
    const pieces = [{ kind: 'text' as const, text: 'Good morning', normStart: 0, normEnd: 12, exact: true }]
    const out = await engine.synthesize({ pieces, language: 'en', params, whisper: false })
    expect(out.sampleRate).toBe(24_000)
    expect(out.samples.length % KOKORO_HOP).toBe(0)
    const tokens = out.samples.length / KOKORO_HOP - 2
    expect(tokens).toBeGreaterThan(6)
    // The tiny model's level is the style vector's first value: bm_george's row `tokens`.
    const peak = out.samples.reduce((m, s) => Math.max(m, Math.abs(s)), 0)
    expect(peak).toBeCloseTo(0.3 + tokens / 10_000, 3)
    expect(out.words.map((w) => [w.normStart, w.normEnd])).toEqual([
      [0, 4],
      [5, 12],
    ])
    expect(out.words[0]!.start).toBeLessThan(out.words[1]!.start)
    expect(out.words[1]!.end).toBeLessThanOrEqual(out.samples.length / 24_000)
  })

  it('reads voices from the raw .bin and .npy files too, with the older `tokens` input', async () => {
    const engine = new KokoroEngine(await EspeakEngine.create())
    const pieces = [{ kind: 'text' as const, text: 'Hola', normStart: 0, normEnd: 4, exact: true }]
    const out = await engine.synthesize({
      pieces,
      language: 'es',
      params: kokoroVoice('ef_dora').engine as KokoroParams,
      whisper: false,
    })
    const peak = out.samples.reduce((m, s) => Math.max(m, Math.abs(s)), 0)
    expect(peak).toBeCloseTo(0.2 + (out.samples.length / KOKORO_HOP - 2) / 10_000, 3)
  })
})

describe('speaking with a Kokoro voice', () => {
  it('streams the text in segments with an alignment of every character', async () => {
    const text = 'Hello there. This is the second sentence, with a comma. And a third one!'
    const chunks = []
    for await (const chunk of service.stream(request(text), 'pcm_24000')) chunks.push(chunk)
    expect(chunks.length).toBeGreaterThan(1)
    const duration = chunks.reduce((n, c) => n + pcmSamples(c.audio).length, 0) / 24_000
    expect(duration).toBeGreaterThan(1)
    expectValidAlignment(mergeAlignments(chunks.map((c) => c.alignment)), text, duration)
  })

  it('speaks only its own language, and only Kokoro voices speak on timbre_kokoro', () => {
    expect(() =>
      service.prepare(request('Bonjour.', { languageCode: 'fr', modelId: 'eleven_multilingual_v2' })),
    ).toThrow(/Kokoro model trained on 'en' and cannot speak 'fr'/)
    expect(() => service.prepare(request('Hello.', { voice: voiceNamed('Emma') }))).toThrow(
      /speaks only with its own voices/,
    )
  })

  it('refuses, before anything renders, a voice whose voice file was removed', async () => {
    write('gone/config.json', config)
    write('gone/model.onnx', buildTinyKokoroModel())
    write('gone/voices/af_gone.npy', npyBytes(voicePack(0.1)))
    const voice = kokoroVoice('af_gone', await loadNeuralCatalogue(dir))
    unlinkSync(join(dir, 'gone/voices/af_gone.npy'))
    let error: unknown
    try {
      service.prepare(request('Hello.', { voice }))
    } catch (e) {
      error = e
    }
    expect(isSpeechError(error) && error.code).toBe('invalid_voice')
    expect((error as Error).message).toMatch(/af_gone.npy is no longer in the models directory/)
  })
})
