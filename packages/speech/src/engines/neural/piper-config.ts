// A Piper voice's config (`<name>.onnx.json`, written by Piper's training export): checked
// field by field so a wrong or truncated file is reported by name at start, not at the first
// request.
import { readFileSync } from 'node:fs'

export interface PiperConfig {
  /** The training dataset's name (Piper voices are named after it: `lessac`, `thorsten`, ...). */
  dataset: string
  quality: string
  sampleRate: number
  espeakVoice: string
  /** ISO 639-1 language. */
  language: string
  /** Region of the language code (`US` of `en_US`), if any. */
  region: string | null
  languageName: string | null
  noiseScale: number
  lengthScale: number
  noiseW: number
  phonemeIdMap: ReadonlyMap<string, readonly number[]>
  numSpeakers: number
  /** Speaker names by index (empty for a single-speaker model). */
  speakers: readonly string[]
}

export class PiperConfigError extends Error {}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function positive(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback
}

export function parsePiperConfig(raw: unknown): PiperConfig {
  if (!isRecord(raw)) throw new PiperConfigError('not a JSON object')
  const phonemeType = raw.phoneme_type ?? 'espeak'
  if (phonemeType !== 'espeak') {
    throw new PiperConfigError(`phoneme_type '${String(phonemeType)}' is not supported (only 'espeak')`)
  }
  const audio = isRecord(raw.audio) ? raw.audio : {}
  const sampleRate = audio.sample_rate
  if (
    typeof sampleRate !== 'number' ||
    !Number.isInteger(sampleRate) ||
    sampleRate < 8000 ||
    sampleRate > 48000
  )
    throw new PiperConfigError('audio.sample_rate must be an integer from 8000 to 48000')
  const espeak = isRecord(raw.espeak) ? raw.espeak : {}
  const espeakVoice = espeak.voice
  // Whether eSpeak NG has this voice is checked with eSpeak NG itself (the catalogue does).
  if (typeof espeakVoice !== 'string' || !/^[A-Za-z0-9_\-/+]{1,40}$/.test(espeakVoice))
    throw new PiperConfigError(`espeak.voice '${String(espeakVoice)}' is not an eSpeak NG voice name`)
  const map = raw.phoneme_id_map
  if (!isRecord(map)) throw new PiperConfigError('phoneme_id_map is missing')
  const phonemeIdMap = new Map<string, number[]>()
  for (const [symbol, ids] of Object.entries(map)) {
    if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => Number.isInteger(id) && id >= 0))
      throw new PiperConfigError(`phoneme_id_map['${symbol}'] must be a list of ids`)
    phonemeIdMap.set(symbol.normalize('NFD'), ids as number[])
  }
  for (const symbol of ['_', '^', '$']) {
    if (!phonemeIdMap.has(symbol)) throw new PiperConfigError(`phoneme_id_map has no '${symbol}'`)
  }
  const language = isRecord(raw.language) ? raw.language : {}
  const code = typeof language.code === 'string' ? language.code : espeakVoice
  const family = (
    typeof language.family === 'string' ? language.family : (code.split(/[_\-/]/)[0] ?? '')
  ).toLowerCase()
  if (!/^[a-z]{2}$/.test(family))
    throw new PiperConfigError(`language '${code}' has no two-letter ISO 639-1 code`)
  const region =
    typeof language.region === 'string' ? language.region : (/[_-]([A-Z]{2})$/.exec(code)?.[1] ?? null)
  const numSpeakers = typeof raw.num_speakers === 'number' ? raw.num_speakers : 1
  if (!Number.isInteger(numSpeakers) || numSpeakers < 1 || numSpeakers > 10_000)
    throw new PiperConfigError('num_speakers must be a positive integer')
  const speakers: string[] = []
  if (numSpeakers > 1) {
    const byName = isRecord(raw.speaker_id_map) ? raw.speaker_id_map : {}
    for (let i = 0; i < numSpeakers; i++) speakers.push(`speaker ${i}`)
    for (const [name, id] of Object.entries(byName)) {
      if (Number.isInteger(id) && (id as number) >= 0 && (id as number) < numSpeakers)
        speakers[id as number] = name
    }
  }
  const inference = isRecord(raw.inference) ? raw.inference : {}
  return {
    dataset: typeof raw.dataset === 'string' && raw.dataset ? raw.dataset : 'piper',
    quality: typeof audio.quality === 'string' ? audio.quality : 'unknown',
    sampleRate,
    espeakVoice,
    language: family,
    region,
    languageName: typeof language.name_english === 'string' ? language.name_english : null,
    noiseScale: positive(inference.noise_scale, 0.667),
    lengthScale: positive(inference.length_scale, 1) || 1,
    noiseW: positive(inference.noise_w, 0.8),
    phonemeIdMap,
    numSpeakers,
    speakers,
  }
}

export function readPiperConfig(path: string): PiperConfig {
  let raw: unknown
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new PiperConfigError(`cannot be read as JSON (${(error as Error).message})`)
  }
  return parsePiperConfig(raw)
}

/** Piper's id sequence: `^`, then each phoneme followed by the pad `_`, then `$`. */
export interface PhonemeIds {
  ids: number[]
  /** Per word: the first and one-past-last index into `ids`. */
  wordRanges: Array<[number, number]>
  /** Phonemes the model's map does not have (skipped, as Piper does). */
  missing: string[]
}

export function phonemeIds(
  words: ReadonlyArray<{ ipa: string; punctuation: string }>,
  map: ReadonlyMap<string, readonly number[]>,
): PhonemeIds {
  const pad = map.get('_')!
  const ids: number[] = [...map.get('^')!, ...pad]
  const wordRanges: Array<[number, number]> = []
  const missing: string[] = []
  const push = (symbol: string) => {
    const found = map.get(symbol)
    if (!found) {
      missing.push(symbol)
      return
    }
    ids.push(...found, ...pad)
  }
  for (const [i, word] of words.entries()) {
    const start = ids.length
    if (i > 0) push(' ')
    for (const symbol of word.ipa.normalize('NFD')) push(symbol)
    for (const symbol of word.punctuation) push(symbol)
    wordRanges.push([start, ids.length])
  }
  ids.push(...map.get('$')!)
  return { ids, wordRanges, missing }
}
