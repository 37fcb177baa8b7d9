// Error codes of the transcript editor.
export const TRANSCRIPT_EDITING_ERRORS = {
  transcript_version_conflict: {
    status: 409,
    message:
      'Conflict detected with server: this transcript was changed since you opened it. Reload it and edit again.',
  },
  transcript_audio_missing: {
    status: 404,
    message:
      'This transcript has no stored audio (it was made before audio was kept, or the file was not kept).',
  },
  transcript_edit_invalid: { status: 422, message: 'This edit does not fit the transcript.' },
} as const
