// Error codes of text to speech and credits (quota answers as the public API does: 401 quota_exceeded).
export const SPEECH_ERRORS = {
  quota_exceeded: {
    status: 401,
    message: 'Insufficient credits remaining. Please upgrade to continue generating.',
  },
  max_character_limit_exceeded: {
    status: 400,
    message: 'The text is longer than your plan allows per request.',
  },
  concurrent_limit_exceeded: {
    status: 429,
    message: 'Concurrency limit exceeded: too many requests are running at once for your plan.',
  },
  model_not_found: { status: 400, message: 'Unknown model.' },
  invalid_output_format: { status: 422, message: 'Unknown output format.' },
  model_cannot_do_text_to_speech: { status: 400, message: 'This model cannot do text to speech.' },
  text_empty: { status: 400, message: 'The text is empty.' },
  text_too_long: { status: 400, message: 'The text is too long.' },
  unsupported_language: { status: 400, message: 'This language is not supported by the model or voice.' },
  invalid_voice: { status: 400, message: 'This voice cannot be used for speech.' },
  invalid_voice_settings: { status: 422, message: 'Invalid voice settings.' },
} as const
