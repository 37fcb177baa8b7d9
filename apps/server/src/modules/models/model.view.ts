import { TTS_MAX_CHARACTERS_FREE, TTS_MAX_CHARACTERS_SUBSCRIBED } from '@timbre/contract'
import {
  isEnglishOnly,
  LANGUAGE_NAMES,
  MODEL_PROFILES,
  type ModelProfile,
  neuralVoices,
} from '@timbre/speech'
import type { ModelView } from './models.schemas.js'

// The model catalogue as the public API's Model (multilingual v2 is the default for text to
// speech; quality models cost 1 credit per character, turbo and flash 0.5), built from @timbre/speech's MODEL_PROFILES. Each description says which engine serves which
// languages, how it sounds and how fast it starts.

const displayNames = new Intl.DisplayNames(['en'], { type: 'language' })

export function languageName(code: string): string {
  const known = LANGUAGE_NAMES[code]
  if (known) return known
  try {
    return displayNames.of(code) ?? code
  } catch {
    return code
  }
}

/**
 * One honest description: which engine speaks which languages, how it sounds, and how fast
 * the first audio comes. Timbre ships no neural model: the ids are kept for compatibility with
 * the public API, and the voices sound synthetic whichever id is asked for.
 */
export function describeModel(profile: ModelProfile): string {
  // Speech-to-speech ids and neural models from the models directory describe themselves.
  if (!profile.can_do_text_to_speech || profile.engines) return profile.description
  const englishOnly = isEnglishOnly(profile)
  const others = profile.languages.length - 1
  const parts = [
    'No neural model: offline rule-based engines that sound clearly synthetic.',
    englishOnly
      ? 'English only: Flite (clear diphone and cluster voices) for the English voices, eSpeak NG for the others.'
      : `English: Flite (clear diphone and cluster voices) for the English voices, eSpeak NG for the others; ` +
        `the other ${others} languages: eSpeak NG formant synthesis, intelligible but robotic, with ` +
        'pronunciation that is good for the major European languages and rough for many others ' +
        '(Japanese is read through a kuromoji reading step first).',
    profile.latency === 'low'
      ? `Low-latency path: the first segment is at most ${profile.firstSegmentChars} characters and a ` +
        "custom voice's formant shift, if any, is skipped, so the first audio comes sooner."
      : `Full-quality path: the first segment is at most ${profile.firstSegmentChars} characters; a ` +
        "custom voice's formant shift that the engine cannot make goes through the finer Rubber Band engine.",
  ]
  if (profile.tags === 'apply') {
    parts.push('Audio tags ([whispers], [shouts], [pause], ...) change voice, volume, rate and pauses.')
  }
  if (profile.model_id.endsWith('_v1')) parts.push('Legacy model id, kept for compatibility.')
  if (neuralVoices().length > 0) {
    parts.push(
      'Neural voices (Piper, Kokoro) from the models directory speak with their own neural model here too.',
    )
  }
  return parts.join(' ')
}

export function modelView(profile: ModelProfile): ModelView {
  const perRequest = (limit: number) => Math.min(limit, profile.maxCharacters)
  return {
    model_id: profile.model_id,
    name: profile.name,
    description: describeModel(profile),
    can_be_finetuned: false,
    can_do_text_to_speech: profile.can_do_text_to_speech,
    can_do_voice_conversion: profile.can_do_voice_conversion,
    can_use_style: profile.can_do_text_to_speech,
    can_use_speaker_boost: profile.can_do_text_to_speech,
    serves_pro_voices: false,
    token_cost_factor: profile.characterCostMultiplier,
    requires_alpha_access: false,
    max_characters_request_free_user: perRequest(TTS_MAX_CHARACTERS_FREE),
    max_characters_request_subscribed_user: perRequest(TTS_MAX_CHARACTERS_SUBSCRIBED),
    maximum_text_length_per_request: profile.maxCharacters,
    languages: profile.languages.map((code) => ({ language_id: code, name: languageName(code) })),
    model_rates: { character_cost_multiplier: profile.characterCostMultiplier },
    concurrency_group: profile.latency === 'low' ? 'turbo' : 'standard',
  }
}

/** Every model, the default (multilingual v2) first, in the catalogue's order. */
export function modelCatalogue(): ModelView[] {
  return Object.values(MODEL_PROFILES).map(modelView)
}
