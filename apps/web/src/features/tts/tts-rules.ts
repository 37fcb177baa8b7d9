import {
  DEFAULT_OUTPUT_FORMAT,
  TTS_MAX_CHARACTERS_FREE,
  TTS_MAX_CHARACTERS_SUBSCRIBED,
} from '@timbre/contract'

export type Settings = {
  stability: number
  similarity_boost: number
  style: number
  speed: number
  use_speaker_boost: boolean
}

/** The settings a voice starts with when it has none of its own. */
export const DEFAULT_SETTINGS: Settings = {
  stability: 0.5,
  similarity_boost: 0.75,
  style: 0,
  speed: 1,
  use_speaker_boost: true,
}

/** Speed runs from 0.7 to 1.2; the other sliders from 0 to 1. */
export const SPEED_RANGE = [0.7, 1.2] as const

/** Stability under 30% or over 50% may sound unstable (too varied, or monotone). */
export function stabilityWarning(stability: number): 'low' | 'high' | null {
  if (stability < 0.3) return 'low'
  if (stability > 0.5) return 'high'
  return null
}

/** Output formats offered in the page; MP3 at 44.1 kHz 128 kbps is the default. */
export const OUTPUT_FORMATS = [DEFAULT_OUTPUT_FORMAT, 'mp3_44100_192', 'mp3_22050_32', 'wav_44100'] as const

/** Characters as the server counts them (code points). */
export function characterCount(text: string): number {
  return Array.from(text).length
}

/** Credits a text costs with a model's multiplier (1 for quality models, 0.5 for fast ones). */
export function creditCost(characters: number, multiplier: number): number {
  return Math.ceil(characters * multiplier)
}

type ModelLimits = {
  max_characters_request_free_user: number
  max_characters_request_subscribed_user: number
}

/** The most characters one request may carry for this account. */
export function maxCharacters(model: ModelLimits | null | undefined, isPaid: boolean): number {
  if (!model) return isPaid ? TTS_MAX_CHARACTERS_SUBSCRIBED : TTS_MAX_CHARACTERS_FREE
  return isPaid ? model.max_characters_request_subscribed_user : model.max_characters_request_free_user
}

type Quota = { character_count: number; character_limit: number; can_extend_character_limit: boolean }

export function creditsRemaining(quota: Quota): number {
  return Math.max(0, quota.character_limit - quota.character_count)
}

export type GenerateBlocker = 'empty' | 'noVoice' | 'tooLong' | 'noCredits' | null

/** Why Generate cannot run now, or null. Over the quota blocks unless the plan can extend its limit. */
export function generateBlocker(input: {
  characters: number
  max: number
  cost: number
  quota: Quota | null
  hasVoice: boolean
}): GenerateBlocker {
  if (input.characters === 0) return 'empty'
  if (!input.hasVoice) return 'noVoice'
  if (input.characters > input.max) return 'tooLong'
  if (input.quota && !input.quota.can_extend_character_limit && input.cost > creditsRemaining(input.quota)) {
    return 'noCredits'
  }
  return null
}
