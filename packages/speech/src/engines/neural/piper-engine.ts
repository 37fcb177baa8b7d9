// Piper voices: eSpeak NG phonemises the text (IPA, as Piper's training did), the phonemes
// become the model's ids, and ONNX Runtime renders them. The model gives no timings, so the
// words keep eSpeak NG's relative timing, stretched to the length of the model's audio.
import { existsSync } from 'node:fs'
import { SpeechError } from '../../errors.js'
import type { PiperParams } from '../../types.js'
import type { EngineInput, EngineOutput, SpeechEngine, WordTiming } from '../engine.js'
import type { EspeakEngine } from '../espeak-engine.js'
import { type OrtSession, onnxRuntime, openSession, piperInterfaceProblem } from './onnx-runtime.js'
import { type PiperConfig, PiperConfigError, phonemeIds, readPiperConfig } from './piper-config.js'

interface LoadedModel {
  config: PiperConfig
  session: OrtSession
  output: string
  hasSid: boolean
}

/** Sessions kept per render thread; a model is tens of MB, so only the most recent few. */
const MAX_LOADED = 2

export class PiperEngine implements SpeechEngine {
  readonly id = 'piper' as const
  private readonly models = new Map<string, Promise<LoadedModel>>()

  constructor(private readonly espeak: EspeakEngine) {}

  private load(model: string): Promise<LoadedModel> {
    const cached = this.models.get(model)
    if (cached) {
      // Most recently used last.
      this.models.delete(model)
      this.models.set(model, cached)
      return cached
    }
    const loading = loadModel(model)
    this.models.set(model, loading)
    loading.catch(() => this.models.delete(model))
    while (this.models.size > MAX_LOADED) {
      const [oldest, session] = this.models.entries().next().value as [string, Promise<LoadedModel>]
      this.models.delete(oldest)
      void session.then((m) => m.session.release()).catch(() => {})
    }
    return loading
  }

  async synthesize(input: EngineInput): Promise<EngineOutput> {
    const params = input.params as PiperParams
    const model = await this.load(params.model)
    const { config } = model
    const { words: phonemized, duration: espeakDuration } = this.espeak.phonemize(
      input.pieces,
      config.espeakVoice,
    )
    const { ids, wordRanges } = phonemeIds(phonemized, config.phonemeIdMap)
    if (phonemized.length === 0)
      return { samples: new Float32Array(0), sampleRate: config.sampleRate, words: [] }
    const ort = await onnxRuntime()
    const feeds: Record<string, InstanceType<typeof ort.Tensor>> = {
      input: new ort.Tensor('int64', BigInt64Array.from(ids, BigInt), [1, ids.length]),
      input_lengths: new ort.Tensor('int64', BigInt64Array.from([BigInt(ids.length)]), [1]),
      scales: new ort.Tensor(
        'float32',
        Float32Array.from([params.noiseScale, params.lengthScale, params.noiseW]),
        [3],
      ),
    }
    if (model.hasSid) feeds.sid = new ort.Tensor('int64', BigInt64Array.from([BigInt(params.speaker)]), [1])
    let samples: Float32Array
    try {
      const result = await model.session.run(feeds)
      const output = result[model.output]
      if (output?.type !== 'float32') throw new Error('the model gave no float32 output')
      // A copy: the tensor's buffer belongs to the runtime.
      samples = Float32Array.from(output.data as Float32Array)
      for (const tensor of Object.values(result)) tensor.dispose?.()
    } catch (error) {
      throw new SpeechError(
        'engine_failed',
        `The Piper model ${params.model} failed: ${(error as Error).message}`,
      )
    }
    const duration = samples.length / config.sampleRate
    return {
      samples,
      sampleRate: config.sampleRate,
      words: scaleTimings(phonemized, wordRanges, espeakDuration, duration),
    }
  }
}

async function loadModel(model: string): Promise<LoadedModel> {
  if (!existsSync(model) || !existsSync(`${model}.json`)) {
    throw new SpeechError(
      'invalid_voice',
      `The model file ${model} (or its .json config) is missing.`,
      'voice_id',
    )
  }
  let config: PiperConfig
  try {
    config = readPiperConfig(`${model}.json`)
  } catch (error) {
    if (error instanceof PiperConfigError)
      throw new SpeechError(
        'engine_failed',
        `The config ${model}.json is not a Piper voice config: ${error.message}.`,
      )
    throw error
  }
  let session: OrtSession
  try {
    session = await openSession(model)
  } catch (error) {
    throw new SpeechError('engine_failed', `ONNX Runtime cannot load ${model}: ${(error as Error).message}`)
  }
  const problem = piperInterfaceProblem(session, config.numSpeakers)
  if (problem) {
    await session.release()
    throw new SpeechError('engine_failed', `The model ${model} ${problem}.`)
  }
  const output = session.outputNames.includes('output') ? 'output' : session.outputNames[0]!
  return { config, session, output, hasSid: session.inputNames.includes('sid') }
}

/**
 * eSpeak NG's word times scaled to the model's audio. Both renderings speak the same phonemes
 * in the same order, so the proportions hold roughly; where eSpeak gave no usable timing the
 * words share the audio by their number of phoneme ids.
 */
export function scaleTimings(
  words: ReadonlyArray<{ start: number; end: number; normStart: number; normEnd: number }>,
  ranges: ReadonlyArray<[number, number]>,
  espeakDuration: number,
  duration: number,
): WordTiming[] {
  if (words.length === 0) return []
  const byEspeak =
    espeakDuration > 0 &&
    words.every((w, i) => w.end >= w.start && (i === 0 || w.start >= words[i - 1]!.start))
  const total = ranges.at(-1)![1]
  return words.map((w, i) => {
    const [from, to] = ranges[i]!
    const start = byEspeak ? (w.start / espeakDuration) * duration : (from / total) * duration
    const end = byEspeak ? (w.end / espeakDuration) * duration : (to / total) * duration
    return {
      start: clamp(start, 0, duration),
      end: clamp(Math.max(start, end), 0, duration),
      normStart: w.normStart,
      normEnd: w.normEnd,
    }
  })
}

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, value))
}
