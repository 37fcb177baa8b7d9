// Error codes of speech to speech.
export const SPEECH_TO_SPEECH_ERRORS = {
  speech_to_speech_too_long: {
    status: 413,
    message: 'File too big: speech to speech takes files up to 50 MB and 5 minutes long.',
  },
  speech_to_speech_silent: {
    status: 422,
    message: 'No speech was found in the audio: upload a recording of someone speaking.',
  },
} as const
