// A Kokoro folder in the models directory: `config.json` (the vocabulary), the model (`.onnx`,
// at the top or under `onnx/`) and its voices (`voices/*.npy` or `voices/*.bin`, or an archive
// `voices*.bin` / `voices*.npz` of .npy files). Each voice whose language can be phonemised here
// becomes a catalogue voice of the model `timbre_kokoro`.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { ModelProfile } from '../../models/model-profiles.js'
import type { KokoroParams, VoiceDefinition } from '../../types.js'
import type { EspeakEngine } from '../espeak-engine.js'
import { KOKORO_LANGUAGES, KokoroConfigError, readKokoroConfig } from './kokoro-config.js'
import { kokoroInterfaceProblem } from './kokoro-engine.js'
import { readVoiceArchive, readVoiceFile, VoicePackError } from './kokoro-voices.js'
import { openSession } from './onnx-runtime.js'

export const KOKORO_MODEL_ID = 'timbre_kokoro'

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A stable 20-character id from the folder and the voice's name (same files, same ids). */
export function kokoroVoiceId(folder: string, voice: string): string {
  const digest = createHash('sha256').update(`kokoro:${folder}:${voice}`).digest()
  let id = ''
  for (let i = 0; i < 20; i++) id += ID_ALPHABET[digest[i]! % ID_ALPHABET.length]
  return id
}

export function isKokoroFolder(path: string): boolean {
  return statSync(path).isDirectory() && existsSync(join(path, 'config.json'))
}

type Warn = (file: string, message: string) => void

/** The model file: `model.onnx` if there is one (the full-precision export), else the only `.onnx`. */
function findModel(folder: string): { path: string } | { problem: string } {
  const candidates = [folder, join(folder, 'onnx')]
    .filter((d) => existsSync(d) && statSync(d).isDirectory())
    .flatMap((d) =>
      readdirSync(d)
        .filter((f) => f.endsWith('.onnx'))
        .map((f) => join(d, f)),
    )
  const preferred = candidates.find((c) => basename(c) === 'model.onnx')
  if (preferred) return { path: preferred }
  if (candidates.length === 1) return { path: candidates[0]! }
  if (candidates.length === 0) return { problem: 'has no .onnx model' }
  return {
    problem: `has ${candidates.length} .onnx files (${candidates.map((c) => basename(c)).join(', ')}); keep one, or name it model.onnx`,
  }
}

interface FoundVoice {
  name: string
  file: string
  archive: boolean
}

/** Every voice of the folder, each checked by reading it; unreadable ones are warned about. */
function findVoices(folder: string, warn: Warn): FoundVoice[] {
  const found: FoundVoice[] = []
  for (const file of readdirSync(folder).sort()) {
    if (!/^voices.*\.(bin|npz)$/.test(file)) continue
    const path = join(folder, file)
    try {
      for (const name of readVoiceArchive(path).keys()) found.push({ name, file: path, archive: true })
    } catch (error) {
      if (!(error instanceof VoicePackError)) throw error
      warn(path, `not a usable Kokoro voices archive: ${error.message}; skipped.`)
    }
  }
  const dir = join(folder, 'voices')
  if (existsSync(dir) && statSync(dir).isDirectory()) {
    for (const file of readdirSync(dir).sort()) {
      if (!/\.(npy|bin)$/.test(file)) continue
      const path = join(dir, file)
      try {
        readVoiceFile(path)
        found.push({ name: file.replace(/\.(npy|bin)$/, ''), file: path, archive: false })
      } catch (error) {
        if (!(error instanceof VoicePackError)) throw error
        warn(path, `not a usable Kokoro voice: ${error.message}; skipped.`)
      }
    }
  }
  return found
}

function titleCase(text: string): string {
  return text.replace(/[_-]+/g, ' ').replace(/\b\p{L}/gu, (c) => c.toUpperCase())
}

function kokoroVoice(folder: string, model: string, voice: FoundVoice): VoiceDefinition | null {
  const match = /^([a-z])([fm])_(.+)$/.exec(voice.name)
  const language = match ? KOKORO_LANGUAGES[match[1]!] : undefined
  if (!match || !language) return null
  const gender = match[2] === 'f' ? 'female' : 'male'
  const engine: KokoroParams = {
    engine: 'kokoro',
    model,
    config: join(folder, 'config.json'),
    voices: voice.file,
    archive: voice.archive,
    voice: voice.name,
    speed: 1,
  }
  return {
    voice_id: kokoroVoiceId(basename(folder), voice.name),
    name: `Kokoro ${titleCase(match[3]!)}`,
    description: `Kokoro neural voice ${voice.name} from ${basename(folder)}: ${language.name}, ${gender}, 24 kHz, phonemes by eSpeak NG.`,
    labels: {
      accent: language.locale.split('-')[1] ?? '',
      age: '',
      gender,
      use_case: 'neural',
      descriptive: 'kokoro',
      language: language.language,
    },
    language: language.language,
    locale: language.locale,
    preview_text: '',
    engine,
    dsp: { pitchSemitones: 0, formantScale: 1, lowShelfDb: 0, presenceDb: 0, highShelfDb: 0, gainDb: 0 },
  }
}

/** The voices of one Kokoro folder; anything unusable is warned about by file. */
export async function scanKokoroFolder(
  folder: string,
  espeak: () => Promise<EspeakEngine>,
  warn: Warn,
): Promise<VoiceDefinition[]> {
  const configPath = join(folder, 'config.json')
  try {
    readKokoroConfig(configPath)
  } catch (error) {
    if (!(error instanceof KokoroConfigError)) throw error
    warn(configPath, `not a Kokoro config: ${error.message}; the folder ${basename(folder)} is skipped.`)
    return []
  }
  const model = findModel(folder)
  if ('problem' in model) {
    warn(folder, `the Kokoro folder ${model.problem}; skipped.`)
    return []
  }
  try {
    const session = await openSession(model.path)
    const problem = kokoroInterfaceProblem(session)
    await session.release()
    if (problem) {
      warn(model.path, `does not match a Kokoro model: it ${problem}; the folder is skipped.`)
      return []
    }
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0]
    warn(
      model.path,
      `ONNX Runtime cannot load it (corrupt or not an ONNX model: ${reason}); the folder is skipped.`,
    )
    return []
  }
  const voices: VoiceDefinition[] = []
  const engine = await espeak()
  for (const found of findVoices(folder, warn)) {
    const voice = kokoroVoice(folder, model.path, found)
    const letter = found.name[0] ?? ''
    if (!voice) {
      warn(
        found.file,
        letter === 'j' || letter === 'z'
          ? `Kokoro voice ${found.name} needs its own phonemiser for Japanese or Mandarin (misaki), which is not available here; skipped.`
          : `${found.name} is not named as Kokoro names its voices (language letter, f or m, _name: af_heart); skipped.`,
      )
      continue
    }
    if (!KOKORO_LANGUAGES[letter]!.espeak.some((v) => engine.hasVoice(v))) {
      warn(found.file, `eSpeak NG here cannot phonemise ${voice.locale} for ${found.name}; skipped.`)
      continue
    }
    voices.push(voice)
  }
  if (
    voices.length === 0 &&
    !existsSync(join(folder, 'voices')) &&
    !readdirSync(folder).some((f) => f.startsWith('voices'))
  )
    warn(
      folder,
      'the Kokoro folder has no voices (voices/*.npy, voices/*.bin or a voices*.bin archive); skipped.',
    )
  return voices
}

export function kokoroModel(languages: readonly string[]): ModelProfile {
  return {
    model_id: KOKORO_MODEL_ID,
    name: 'Kokoro (local neural voices)',
    description:
      'Neural voices from a Kokoro model folder in the models directory (82M parameters, run by ONNX Runtime on the CPU), ' +
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
    engines: ['kokoro'],
  }
}

/** Whether a stray file is a Kokoro model outside its folder (to say where it belongs). */
export function looksLikeKokoro(file: string): boolean {
  return /kokoro/i.test(file) || /^voices.*\.(bin|npz)$/.test(file) || file === 'config.json'
}

export const KOKORO_LAYOUT_HINT =
  'a Kokoro model goes in its own folder of the models directory with its config.json and voices ' +
  '(see the speech package README)'
