import {
  SOUND_EFFECT_DEFAULT_PROMPT_INFLUENCE,
  SOUND_EFFECT_MAX_SECONDS,
  SOUND_EFFECT_MIN_SECONDS,
  SOUND_EFFECT_TEXT_MAX,
  soundEffectCredits,
} from '@timbre/contract'

// The sound-effect form's rules: the same limits and prices the server applies.

export const DURATION_MIN = SOUND_EFFECT_MIN_SECONDS
export const DURATION_MAX = SOUND_EFFECT_MAX_SECONDS
export const TEXT_MAX = SOUND_EFFECT_TEXT_MAX
export const DEFAULT_INFLUENCE = SOUND_EFFECT_DEFAULT_PROMPT_INFLUENCE

/**
 * Example prompts by category: the label is translated (soundEffects.examples), the prompt
 * is English because the synthesiser reads English words.
 */
export const EXAMPLES = {
  rain: 'Heavy rain on a tin roof',
  thunder: 'Distant thunder rumbling in a storm',
  footsteps: 'Footsteps on gravel, walking slowly',
  door: 'An old door creaks open and slams shut',
  engine: 'A car engine revving',
  applause: 'A crowd applauding and cheering',
  chime: 'A friendly notification chime',
  explosion: 'A big explosion in the distance',
  birds: 'Birds chirping by a babbling stream',
  campfire: 'A crackling campfire at night',
} as const
export type ExampleKey = keyof typeof EXAMPLES

export type SoundEffectForm = {
  text: string
  automatic: boolean
  seconds: number
  influence: number
  loop: boolean
}

export function costOf(form: SoundEffectForm): number {
  return soundEffectCredits(form.automatic ? null : form.seconds)
}

export function blockerOf(form: SoundEffectForm): 'empty' | 'tooLong' | null {
  if (form.text.trim() === '') return 'empty'
  if ([...form.text].length > TEXT_MAX) return 'tooLong'
  return null
}
