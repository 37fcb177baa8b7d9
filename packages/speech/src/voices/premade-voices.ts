// The premade voices: plain data (engine + parameters + timbre), ids fixed forever.
// English voices use Flite (the most intelligible English here); the others eSpeak NG with
// distinct variants, pitch, rate and Rubber Band formant/pitch shifts.
import type { VoiceDefinition } from '../types.js'
import { ENGLISH } from './english-voices.js'
import { OTHERS } from './other-voices.js'

export const PREMADE_VOICES: readonly VoiceDefinition[] = Object.freeze([...ENGLISH, ...OTHERS])

export function findPremadeVoice(voiceId: string): VoiceDefinition | undefined {
  return PREMADE_VOICES.find((v) => v.voice_id === voiceId)
}
