// Kokoro voices: eSpeak NG phonemises the text, its IPA becomes Kokoro's tokens, and ONNX
// Runtime renders them with the voice's style vector for that many tokens. As with Piper the
// model gives no timings: the words keep eSpeak NG's relative timing, stretched to the audio.
import { existsSync } from 'node:fs'
import { basename } from 'node:path'
import { SpeechError } from '../../errors.js'
import type { KokoroParams } from '../../types.js'
import type { EngineInput, EngineOutput, SpeechEngine } from '../engine.js'
import type { EspeakEngine } from '../espeak-engine.js'
import { KOKORO_LANGUAGES, type KokoroConfig, kokoroTokens, readKokoroConfig } from './kokoro-config.js'
import { readVoice, styleFor, type VoicePack } from './kokoro-voices.js'
import { type OrtSession, onnxRuntime, openSession } from './onnx-runtime.js'
import { scaleTimings } from './piper-engine.js'

/** Kokoro renders at 24 kHz. */
export const KOKORO_SAMPLE_RATE = 24_000

/** Kokoro's interface: the ids input's name (`input_ids`, or `tokens` in older exports). */
export function kokoroInterfaceProblem(session: OrtSession): string | null {
  const inputs = new Set(session.inputNames)
  if (!inputs.has('input_ids') && !inputs.has('tokens'))
    return `has no input 'input_ids' (inputs: ${session.inputNames.join(', ')})`
  for (const name of ['style', 'speed']) {
    if (!inputs.has(name)) return `has no input '${name}' (inputs: ${session.inputNames.join(', ')})`
  }
  if (session.outputNames.length === 0) return 'has no output'
  return null
}

interface LoadedModel {
  config: KokoroConfig
  session: OrtSession
  ids: string
  output: string
}

/** Sessions kept per render thread (Kokoro v1.0 is about 310 MB, 88 MB quantised). */
const MAX_MODELS = 1
/** Voice tables kept per render thread (510 KB each). */
const MAX_VOICES = 8

function remember<T>(cache: Map<string, T>, key: string, value: T, max: number, drop?: (v: T) => void) {
  cache.set(key, value)
  while (cache.size > max) {
    const [oldest, old] = cache.entries().next().value as [string, T]
    cache.delete(oldest)
    drop?.(old)
  }
}

export function missingKokoroFile(params: KokoroParams): string | null {
  for (const path of [params.model, params.config, params.voices]) if (!existsSync(path)) return path
  return null
}

export class KokoroEngine implements SpeechEngine {
  readonly id = 'kokoro' as const
  private readonly models = new Map<string, Promise<LoadedModel>>()
  private readonly voices = new Map<string, VoicePack>()

  constructor(private readonly espeak: EspeakEngine) {}

  private load(params: KokoroParams): Promise<LoadedModel> {
    const cached = this.models.get(params.model)
    if (cached) return cached
    const loading = loadModel(params)
    loading.catch(() => this.models.delete(params.model))
    remember(this.models, params.model, loading, MAX_MODELS, (old) => {
      void old.then((m) => m.session.release()).catch(() => {})
    })
    return loading
  }

  private voice(params: KokoroParams): VoicePack {
    const key = `${params.voices}\n${params.voice}`
    const cached = this.voices.get(key)
    if (cached) return cached
    let pack: VoicePack
    try {
      pack = readVoice(params.voices, params.voice, params.archive)
    } catch (error) {
      throw new SpeechError(
        'engine_failed',
        `The Kokoro voice ${params.voice} cannot be read: ${(error as Error).message}`,
      )
    }
    remember(this.voices, key, pack, MAX_VOICES)
    return pack
  }

  async synthesize(input: EngineInput): Promise<EngineOutput> {
    const params = input.params as KokoroParams
    const gone = missingKokoroFile(params)
    if (gone)
      throw new SpeechError(
        'invalid_voice',
        `The Kokoro file ${gone} is no longer in the models directory.`,
        'voice_id',
      )
    const model = await this.load(params)
    const pack = this.voice(params)
    const letter = params.voice[0] ?? 'a'
    const language = KOKORO_LANGUAGES[letter]
    const espeakVoice = language?.espeak.find((v) => this.espeak.hasVoice(v))
    if (!espeakVoice)
      throw new SpeechError(
        'engine_failed',
        `eSpeak NG cannot phonemise the language of Kokoro voice ${params.voice}.`,
      )
    const { words, duration: espeakDuration } = this.espeak.phonemize(input.pieces, espeakVoice)
    const { ids, wordRanges } = kokoroTokens(words, model.config.vocab, letter)
    if (ids.length === 0) return { samples: new Float32Array(0), sampleRate: KOKORO_SAMPLE_RATE, words: [] }
    const ort = await onnxRuntime()
    const padded = BigInt64Array.from([0, ...ids, 0], BigInt)
    const feeds = {
      [model.ids]: new ort.Tensor('int64', padded, [1, padded.length]),
      style: new ort.Tensor('float32', Float32Array.from(styleFor(pack, ids.length)), [1, 256]),
      speed: new ort.Tensor('float32', Float32Array.from([params.speed]), [1]),
    }
    let samples: Float32Array
    try {
      const result = await model.session.run(feeds)
      const output = result[model.output]
      if (output?.type !== 'float32') throw new Error('the model gave no float32 output')
      samples = Float32Array.from(output.data as Float32Array)
      for (const tensor of Object.values(result)) tensor.dispose?.()
    } catch (error) {
      throw new SpeechError(
        'engine_failed',
        `The Kokoro model ${params.model} failed: ${(error as Error).message}`,
      )
    }
    const duration = samples.length / KOKORO_SAMPLE_RATE
    // The word ranges count tokens from the first after the leading pad.
    return {
      samples,
      sampleRate: KOKORO_SAMPLE_RATE,
      words: scaleTimings(words, wordRanges, espeakDuration, duration),
    }
  }
}

async function loadModel(params: KokoroParams): Promise<LoadedModel> {
  let config: KokoroConfig
  try {
    config = readKokoroConfig(params.config)
  } catch (error) {
    throw new SpeechError(
      'engine_failed',
      `The Kokoro config ${params.config} is not usable: ${(error as Error).message}.`,
    )
  }
  let session: OrtSession
  try {
    session = await openSession(params.model)
  } catch (error) {
    throw new SpeechError(
      'engine_failed',
      `ONNX Runtime cannot load ${params.model}: ${(error as Error).message}`,
    )
  }
  const problem = kokoroInterfaceProblem(session)
  if (problem) {
    await session.release()
    throw new SpeechError('engine_failed', `The model ${basename(params.model)} ${problem}.`)
  }
  return {
    config,
    session,
    ids: session.inputNames.includes('input_ids') ? 'input_ids' : 'tokens',
    output: session.outputNames.includes('waveform') ? 'waveform' : session.outputNames[0]!,
  }
}
