// Public model ids and what each one changes here. Multilingual v2 is the default model for
// text to speech and eleven_v3 the v3 model; the highest-quality models cost 1 credit per
// character, turbo and flash 0.5.
import { SpeechError } from '../errors.js'
import type { EngineId } from '../types.js'
import { ESPEAK_LANGUAGES } from '../voices/languages.js'

export interface ModelProfile {
  model_id: string
  name: string
  /** One honest line: which engine serves which languages here, and how it sounds. */
  description: string
  can_do_text_to_speech: boolean
  can_do_voice_conversion: boolean
  /** ISO 639-1 codes this model accepts (intersection with what our engines speak). */
  languages: readonly string[]
  /** `apply`: v3 audio tags change the delivery; `strip`: tags are removed (only v3 renders them). */
  tags: 'apply' | 'strip'
  /** What `apply_text_normalization: auto` means for this model. */
  autoNormalization: boolean
  /** `fast`: first segment kept short and cheaper DSP (R2 Rubber Band, lower resampler quality). */
  latency: 'quality' | 'low'
  /** Longest first segment in characters (time to first chunk); later ones may reach 300. */
  firstSegmentChars: number
  /** Credits per character: 1 on quality models, 0.5 on turbo and flash. */
  characterCostMultiplier: number
  maxCharacters: number
  /** Only voices of these engines speak on this model (a neural model's own voices); none = any. */
  engines?: readonly EngineId[]
}

// The 29 languages of multilingual v2 and the 32 of the v2.5 models, as published for
// those models, intersected with eSpeak NG's list (Filipino is missing there).
const MULTILINGUAL_V2 = [
  'en',
  'ja',
  'zh',
  'de',
  'hi',
  'fr',
  'ko',
  'pt',
  'it',
  'es',
  'id',
  'nl',
  'tr',
  'pl',
  'sv',
  'bg',
  'ro',
  'ar',
  'cs',
  'el',
  'fi',
  'hr',
  'ms',
  'sk',
  'da',
  'ta',
  'uk',
  'ru',
]
const V2_5 = [...MULTILINGUAL_V2, 'hu', 'no', 'vi']
const ENGLISH = ['en']

function supported(codes: readonly string[]): readonly string[] {
  return Object.freeze(codes.filter((c) => c === 'en' || ESPEAK_LANGUAGES.includes(c)).sort())
}

function profile(
  p: Omit<ModelProfile, 'can_do_voice_conversion' | 'maxCharacters'> & Partial<ModelProfile>,
): ModelProfile {
  return { can_do_voice_conversion: false, maxCharacters: 10_000, ...p }
}

export const DEFAULT_MODEL_ID = 'eleven_multilingual_v2'

/**
 * Every model by id: the built-in ones, then those the models directory adds at start
 * (`registerModels`), so the catalogue is fixed once the server has started.
 */
export const MODEL_PROFILES: Readonly<Record<string, ModelProfile>> = {
  eleven_multilingual_v2: profile({
    model_id: 'eleven_multilingual_v2',
    name: 'Multilingual v2',
    description:
      'Flite (English voices) and eSpeak NG (other voices and languages), both rule-based and synthetic-sounding; finer, slower timbre processing.',
    can_do_text_to_speech: true,
    languages: supported(MULTILINGUAL_V2),
    tags: 'strip',
    autoNormalization: true,
    latency: 'quality',
    firstSegmentChars: 32,
    characterCostMultiplier: 1,
  }),
  eleven_v3: profile({
    model_id: 'eleven_v3',
    name: 'Eleven v3',
    description:
      'Flite (English voices) and eSpeak NG (every language eSpeak NG has, many with rough pronunciation); audio tags change voice, volume, rate and pauses. Not a neural model.',
    can_do_text_to_speech: true,
    languages: supported(['en', ...ESPEAK_LANGUAGES]),
    tags: 'apply',
    autoNormalization: true,
    latency: 'quality',
    firstSegmentChars: 32,
    characterCostMultiplier: 1,
    maxCharacters: 5_000,
  }),
  eleven_turbo_v2_5: profile({
    model_id: 'eleven_turbo_v2_5',
    name: 'Turbo v2.5',
    description:
      'Flite (English voices) and eSpeak NG (other languages) on the low-latency path: short first segment, faster timbre processing.',
    can_do_text_to_speech: true,
    languages: supported(V2_5),
    tags: 'strip',
    autoNormalization: false,
    latency: 'low',
    firstSegmentChars: 32,
    characterCostMultiplier: 0.5,
    maxCharacters: 40_000,
  }),
  eleven_flash_v2_5: profile({
    model_id: 'eleven_flash_v2_5',
    name: 'Flash v2.5',
    description:
      'Flite (English voices) and eSpeak NG (other languages) on the lowest-latency path: very short first segment, faster timbre processing.',
    can_do_text_to_speech: true,
    languages: supported(V2_5),
    tags: 'strip',
    autoNormalization: false,
    latency: 'low',
    firstSegmentChars: 24,
    characterCostMultiplier: 0.5,
    maxCharacters: 40_000,
  }),
  eleven_turbo_v2: profile({
    model_id: 'eleven_turbo_v2',
    name: 'Turbo v2',
    description: 'English only: Flite (English voices) or eSpeak NG (other voices) on the low-latency path.',
    can_do_text_to_speech: true,
    languages: ENGLISH,
    tags: 'strip',
    autoNormalization: false,
    latency: 'low',
    firstSegmentChars: 32,
    characterCostMultiplier: 0.5,
    maxCharacters: 30_000,
  }),
  eleven_flash_v2: profile({
    model_id: 'eleven_flash_v2',
    name: 'Flash v2',
    description:
      'English only: Flite (English voices) or eSpeak NG (other voices) on the lowest-latency path.',
    can_do_text_to_speech: true,
    languages: ENGLISH,
    tags: 'strip',
    autoNormalization: false,
    latency: 'low',
    firstSegmentChars: 24,
    characterCostMultiplier: 0.5,
    maxCharacters: 30_000,
  }),
  eleven_monolingual_v1: profile({
    model_id: 'eleven_monolingual_v1',
    name: 'English v1',
    description:
      'Legacy English-only id: Flite (English voices) or eSpeak NG (other voices), full-quality path.',
    can_do_text_to_speech: true,
    languages: ENGLISH,
    tags: 'strip',
    autoNormalization: true,
    latency: 'quality',
    firstSegmentChars: 32,
    characterCostMultiplier: 1,
  }),
  eleven_multilingual_v1: profile({
    model_id: 'eleven_multilingual_v1',
    name: 'Multilingual v1',
    description: 'Legacy multilingual id: Flite (English voices) and eSpeak NG, served like Multilingual v2.',
    can_do_text_to_speech: true,
    languages: supported(['en', 'de', 'pl', 'es', 'it', 'fr', 'pt', 'hi']),
    tags: 'strip',
    autoNormalization: true,
    latency: 'quality',
    firstSegmentChars: 32,
    characterCostMultiplier: 1,
  }),
  eleven_english_sts_v2: profile({
    model_id: 'eleven_english_sts_v2',
    name: 'English v2 (speech to speech)',
    description: 'Speech-to-speech only; not a text-to-speech model.',
    can_do_text_to_speech: false,
    can_do_voice_conversion: true,
    languages: ENGLISH,
    tags: 'strip',
    autoNormalization: false,
    latency: 'quality',
    firstSegmentChars: 32,
    characterCostMultiplier: 1,
  }),
  eleven_multilingual_sts_v2: profile({
    model_id: 'eleven_multilingual_sts_v2',
    name: 'Multilingual v2 (speech to speech)',
    description: 'Speech-to-speech only; not a text-to-speech model.',
    can_do_text_to_speech: false,
    can_do_voice_conversion: true,
    languages: supported(MULTILINGUAL_V2),
    tags: 'strip',
    autoNormalization: false,
    latency: 'quality',
    firstSegmentChars: 32,
    characterCostMultiplier: 1,
  }),
}

/** Adds models found at start (neural voice families); a built-in id is never replaced. */
export function registerModels(profiles: readonly ModelProfile[]): void {
  const target = MODEL_PROFILES as Record<string, ModelProfile>
  for (const profile of profiles) {
    const existing = target[profile.model_id]
    if (existing && !existing.engines) continue
    target[profile.model_id] = Object.freeze({ ...profile })
  }
}

/** Takes back models registered earlier (engine-backed ones only; the built-in ones stay). */
export function unregisterModels(modelIds: readonly string[]): void {
  const target = MODEL_PROFILES as Record<string, ModelProfile>
  for (const id of modelIds) if (target[id]?.engines) delete target[id]
}

export function modelProfileFor(modelId: string | undefined): ModelProfile {
  const id = modelId ?? DEFAULT_MODEL_ID
  const found = MODEL_PROFILES[id]
  if (!found) {
    throw new SpeechError(
      'unsupported_model',
      `Unknown model '${id}'. Known: ${Object.keys(MODEL_PROFILES).join(', ')}.`,
      'model_id',
    )
  }
  if (!found.can_do_text_to_speech) {
    throw new SpeechError('unsupported_model', `Model '${id}' cannot do text to speech.`, 'model_id')
  }
  return found
}

/** A model that speaks English and nothing else (phoneme rules and the model list depend on it). */
export function isEnglishOnly(model: Pick<ModelProfile, 'languages'>): boolean {
  return model.languages.length === 1 && model.languages[0] === 'en'
}

/** Refuses a language the model (or our engines) cannot speak, naming a model that can. */
export function checkLanguage(model: ModelProfile, language: string): void {
  if (model.languages.includes(language)) return
  const alternative = Object.values(MODEL_PROFILES).find(
    (m) => m.can_do_text_to_speech && m.languages.includes(language),
  )
  const hint = alternative ? ` Use ${alternative.model_id}, which supports it.` : ''
  const englishOnly = isEnglishOnly(model)
  const what = englishOnly ? `is English-only` : `does not support language '${language}'`
  throw new SpeechError(
    'unsupported_language',
    `Model ${model.model_id} ${what}${englishOnly ? ` and cannot speak '${language}'` : ''}.${hint}`,
    'language_code',
  )
}
