// Error codes of professional voice cloning.
export const VOICE_PVC_ERRORS = {
  pvc_not_allowed: {
    status: 403,
    message:
      'Professional voice cloning needs the Creator plan or higher. Upgrade to create a professional voice clone.',
  },
  pvc_limit_reached: {
    status: 403,
    message: 'You have used all professional voice clones of your plan. Delete one or upgrade.',
  },
  pvc_voice_not_found: { status: 404, message: 'No professional voice clone with this voice_id.' },
  pvc_sample_too_quiet: {
    status: 422,
    message: 'The sample is too quiet: record at -23 to -18 dB RMS with peaks below -3 dB.',
  },
  pvc_sample_too_loud: {
    status: 422,
    message: 'The sample is too loud: record at -23 to -18 dB RMS with peaks below -3 dB.',
  },
  pvc_sample_clipping: {
    status: 422,
    message: 'The sample peaks above -3 dB: lower the recording level so that peaks stay below -3 dB.',
  },
  pvc_language_mismatch: {
    status: 422,
    message: 'All samples of a professional voice clone must be in one language.',
  },
  pvc_not_enough_audio: {
    status: 422,
    message: 'A professional voice clone needs at least 30 minutes of audio before training.',
  },
  pvc_voice_busy: { status: 409, message: 'The voice is being trained or is already trained.' },
  pvc_verification_required: {
    status: 409,
    message: 'Verify the voice first: read the captcha text aloud and upload the recording.',
  },
  pvc_verification_failed: {
    status: 422,
    message:
      'The recording does not match the voice of the samples. Read the captcha text in your own voice.',
  },
  pvc_verification_attempts_exhausted: {
    status: 403,
    message: 'Maximum verification attempts reached. Delete this voice clone and create it again.',
  },
  pvc_voice_blocked: { status: 403, message: 'This voice is blocked for a terms violation.' },
  pvc_manual_verification_files: {
    status: 422,
    message: 'Manual verification needs at least one supporting document.',
  },
} as const
