// Error codes of sound effects.
export const SOUND_EFFECTS_ERRORS = {
  invalid_sound_effect_duration: {
    status: 422,
    message: 'Invalid duration: duration_seconds must be between 0.5 and 22 seconds, or null for automatic.',
  },
  sound_effect_not_found: { status: 404, message: 'This sound effect was not found.' },
} as const
