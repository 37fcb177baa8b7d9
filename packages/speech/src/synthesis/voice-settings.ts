// Voice settings of the public API, checked and completed with defaults. Stability,
// similarity and style range 0..1 (style 0 by default; stability under 0.3 or over 0.5 may
// sound unstable but is allowed); speed 0.7..1.2, below 1.0 slower, above faster.
import { SpeechError } from '../errors.js'
import type { VoiceSettings } from '../types.js'

export const DEFAULT_VOICE_SETTINGS: Readonly<Required<VoiceSettings>> = Object.freeze({
  stability: 0.5,
  similarity_boost: 0.75,
  style: 0,
  speed: 1,
  use_speaker_boost: true,
  volume: 1,
})

const RANGES: Record<'stability' | 'similarity_boost' | 'style' | 'speed' | 'volume', [number, number]> = {
  stability: [0, 1],
  similarity_boost: [0, 1],
  style: [0, 1],
  speed: [0.7, 1.2],
  volume: [0, 2],
}

export function resolveVoiceSettings(settings: Partial<VoiceSettings> | undefined): Required<VoiceSettings> {
  const resolved = { ...DEFAULT_VOICE_SETTINGS, ...stripUndefined(settings ?? {}) }
  for (const [key, [min, max]] of Object.entries(RANGES)) {
    const value = resolved[key as keyof typeof RANGES]
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
      throw new SpeechError(
        'invalid_voice_settings',
        `voice_settings.${key} must be a number from ${min} to ${max}.`,
        `voice_settings.${key}`,
      )
    }
  }
  if (typeof resolved.use_speaker_boost !== 'boolean') {
    throw new SpeechError(
      'invalid_voice_settings',
      'voice_settings.use_speaker_boost must be true or false.',
      'voice_settings.use_speaker_boost',
    )
  }
  return resolved
}

function stripUndefined(settings: Partial<VoiceSettings>): Partial<VoiceSettings> {
  return Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined && v !== null))
}
