// Error codes of voice isolation.
export const AUDIO_ISOLATION_ERRORS = {
  audio_file_too_big: {
    status: 413,
    message: 'File too big: voice isolation takes files up to 500 MB and 60 minutes long.',
  },
  audio_silent: { status: 422, message: 'The audio file is silent: there is no sound to isolate.' },
  audio_isolation_item_not_found: {
    status: 404,
    message: 'This audio isolation history item does not exist.',
  },
  audio_isolation_failed: {
    status: 500,
    message: 'Voice isolation failed; nothing was charged. Please try again.',
  },
  audio_isolation_job_not_found: { status: 404, message: 'This voice isolation job does not exist.' },
} as const
