// The models directory at start: every Piper voice (`<name>.onnx` beside `<name>.onnx.json`)
// that loads and has Piper's interface becomes one voice per speaker, every Kokoro folder one
// voice per voice pack, and each family becomes a model. A file that does not qualify is left out with a warning that names it; the rest of
// the catalogue is unaffected. Without a directory or model files, nothing changes.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { type ModelProfile, registerModels, unregisterModels } from '../../models/model-profiles.js'
import type { VoiceDefinition } from '../../types.js'
import { LANGUAGE_NAMES } from '../../voices/languages.js'
import { EspeakEngine } from '../espeak-engine.js'
import {
  isKokoroFolder,
  KOKORO_LAYOUT_HINT,
  kokoroModel,
  looksLikeKokoro,
  scanKokoroFolder,
} from './kokoro-catalogue.js'
import { onnxRuntime, openSession, piperInterfaceProblem } from './onnx-runtime.js'
import { type PiperConfig, PiperConfigError, readPiperConfig } from './piper-config.js'

export const PIPER_MODEL_ID = 'timbre_piper'

export interface NeuralWarning {
  /** The file at fault (absolute path). */
  file: string
  message: string
}

export interface NeuralCatalogue {
  voices: VoiceDefinition[]
  models: ModelProfile[]
  warnings: NeuralWarning[]
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A stable 20-character id from the model's file name and speaker (same files, same ids). */
export function neuralVoiceId(fileName: string, speaker: number): string {
  const digest = createHash('sha256').update(`piper:${fileName}:${speaker}`).digest()
  let id = ''
  for (let i = 0; i < 20; i++) id += ID_ALPHABET[digest[i]! % ID_ALPHABET.length]
  return id
}

function titleCase(text: string): string {
  return text.replace(/[_-]+/g, ' ').replace(/\b\p{L}/gu, (c) => c.toUpperCase())
}

function piperVoice(path: string, config: PiperConfig, speaker: number): VoiceDefinition {
  const file = basename(path)
  const speakerName = config.speakers[speaker]
  const name = speakerName
    ? `${titleCase(config.dataset)} ${titleCase(speakerName)}`
    : titleCase(config.dataset)
  const languageName = config.languageName ?? LANGUAGE_NAMES[config.language] ?? config.language
  const locale = config.region ? `${config.language}-${config.region}` : config.language
  return {
    voice_id: neuralVoiceId(file, speaker),
    name,
    description:
      `Piper neural voice from ${file}${speakerName ? ` (speaker '${speakerName}')` : ''}: ` +
      `${languageName}, ${config.quality} quality, ${config.sampleRate} Hz, phonemes by eSpeak NG (${config.espeakVoice}).`,
    labels: {
      accent: config.region ?? '',
      age: '',
      gender: '',
      use_case: 'neural',
      descriptive: config.quality,
      language: config.language,
    },
    language: config.language,
    locale,
    preview_text: '',
    engine: {
      engine: 'piper',
      model: path,
      speaker,
      lengthScale: config.lengthScale,
      noiseScale: config.noiseScale,
      noiseW: config.noiseW,
    },
    dsp: { pitchSemitones: 0, formantScale: 1, lowShelfDb: 0, presenceDb: 0, highShelfDb: 0, gainDb: 0 },
  }
}

function piperModel(languages: readonly string[]): ModelProfile {
  return {
    model_id: PIPER_MODEL_ID,
    name: 'Piper (local neural voices)',
    description:
      'Neural voices from the Piper model files in the models directory (VITS, run by ONNX Runtime on the CPU), ' +
      'with eSpeak NG as the phonemiser. Each voice speaks its own language only; other voices cannot use this model.',
    can_do_text_to_speech: true,
    can_do_voice_conversion: false,
    languages: Object.freeze([...languages].sort()),
    tags: 'strip',
    autoNormalization: true,
    latency: 'quality',
    firstSegmentChars: 32,
    characterCostMultiplier: 1,
    maxCharacters: 10_000,
    engines: ['piper'],
  }
}

export async function loadNeuralCatalogue(modelsDir: string): Promise<NeuralCatalogue> {
  const dir = resolve(modelsDir)
  const catalogue: NeuralCatalogue = { voices: [], models: [], warnings: [] }
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return catalogue
  const files = readdirSync(dir).sort()
  // eSpeak NG is loaded only when there is a model to check, and dropped after the scan.
  let espeak: Promise<EspeakEngine> | undefined
  const warn = (file: string, message: string) => catalogue.warnings.push({ file: join(dir, file), message })
  const runtimeProblem = () =>
    onnxRuntime().then(
      () => null,
      (error: unknown) => (error as Error).message.split('\n')[0],
    )
  const kokoroVoices: VoiceDefinition[] = []
  for (const file of files) {
    const path = join(dir, file)
    if (statSync(path).isDirectory()) {
      if (!isKokoroFolder(path)) continue
      const runtime = await runtimeProblem()
      if (runtime !== null) {
        warn(file, `ONNX Runtime (onnxruntime-node) cannot be loaded on this machine (${runtime}); skipped.`)
        continue
      }
      espeak ??= EspeakEngine.create()
      const engine = espeak
      kokoroVoices.push(
        ...(await scanKokoroFolder(
          path,
          () => engine,
          (at, message) => catalogue.warnings.push({ file: at, message }),
        )),
      )
      continue
    }
    if (file.endsWith('.onnx.json') && !files.includes(file.slice(0, -'.json'.length))) {
      warn(file, `Piper config without its model: ${file.slice(0, -'.json'.length)} is missing; skipped.`)
      continue
    }
    if (!file.endsWith('.onnx')) {
      if (looksLikeKokoro(file)) warn(file, `not used here: ${KOKORO_LAYOUT_HINT}.`)
      continue
    }
    if (!files.includes(`${file}.json`)) {
      warn(
        file,
        looksLikeKokoro(file)
          ? `not used here: ${KOKORO_LAYOUT_HINT}.`
          : `no config ${file}.json beside it (a Piper voice is the .onnx file and its .onnx.json); skipped.`,
      )
      continue
    }
    let config: PiperConfig
    try {
      config = readPiperConfig(`${path}.json`)
    } catch (error) {
      if (!(error instanceof PiperConfigError)) throw error
      warn(`${file}.json`, `not a usable Piper voice config: ${error.message}; ${file} skipped.`)
      continue
    }
    espeak ??= EspeakEngine.create()
    if (!(await espeak).hasVoice(config.espeakVoice)) {
      warn(`${file}.json`, `eSpeak NG has no voice '${config.espeakVoice}' to phonemise it; ${file} skipped.`)
      continue
    }
    const runtime = await runtimeProblem()
    if (runtime !== null) {
      warn(file, `ONNX Runtime (onnxruntime-node) cannot be loaded on this machine (${runtime}); skipped.`)
      continue
    }
    try {
      const session = await openSession(path)
      const problem = piperInterfaceProblem(session, config.numSpeakers)
      await session.release()
      if (problem) {
        warn(file, `does not match a Piper voice: it ${problem}; skipped.`)
        continue
      }
    } catch (error) {
      const reason = (error as Error).message.split('\n')[0]
      warn(file, `ONNX Runtime cannot load it (corrupt or not an ONNX model: ${reason}); skipped.`)
      continue
    }
    for (let speaker = 0; speaker < config.numSpeakers; speaker++) {
      catalogue.voices.push(piperVoice(path, config, speaker))
    }
  }
  if (catalogue.voices.length > 0) {
    catalogue.models.push(piperModel([...new Set(catalogue.voices.map((v) => v.language))]))
  }
  if (kokoroVoices.length > 0) {
    catalogue.models.push(kokoroModel([...new Set(kokoroVoices.map((v) => v.language))]))
    catalogue.voices.push(...kokoroVoices)
  }
  return catalogue
}

let registered: readonly VoiceDefinition[] = []
let registeredModelIds: readonly string[] = []

/**
 * Makes a loaded catalogue this process's neural catalogue: its models join MODEL_PROFILES and
 * its voices are listed by `neuralVoices()`. It replaces the one registered before, so a server
 * built again in the same process (tests) lists only the voices of its own models directory.
 */
export function registerNeuralCatalogue(catalogue: Pick<NeuralCatalogue, 'voices' | 'models'>): void {
  unregisterModels(registeredModelIds)
  registerModels(catalogue.models)
  registeredModelIds = catalogue.models.map((m) => m.model_id)
  registered = Object.freeze([...catalogue.voices])
}

/** The neural voices registered at start (none without model files). */
export function neuralVoices(): readonly VoiceDefinition[] {
  return registered
}
