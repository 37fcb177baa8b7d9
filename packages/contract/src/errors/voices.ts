// Error codes of workspace voices, their samples and previews, and the shared voice library and collections.
export const VOICES_ERRORS = {
  voice_not_found: { status: 404, message: 'A voice with this voice_id was not found.' },
  voice_sample_not_found: { status: 404, message: 'This voice has no sample with this sample_id.' },
  voice_preview_unavailable: { status: 404, message: 'This voice has no preview in that language.' },
  premade_voice_protected: { status: 403, message: 'Premade voices cannot be edited or deleted.' },
  invalid_page_token: {
    status: 400,
    message: 'The next_page_token is invalid or was changed; start again from the first page.',
  },
  invalid_labels: { status: 422, message: 'labels must be a JSON object of strings.' },
  invalid_audio_file: {
    status: 422,
    message: 'The file is not a supported audio file (WAV, MP3, OGG, FLAC, M4A or WebM).',
  },
  too_many_voice_samples: { status: 422, message: 'A voice can have at most 25 samples.' },
  voice_cloning_not_allowed: {
    status: 403,
    message:
      'Voice cloning is not available on the free plan. Upgrade to Starter or higher to clone a voice.',
  },
  voice_limit_reached: {
    status: 403,
    message: 'You have reached the maximum number of custom voices for your plan. Delete a voice or upgrade.',
  },
  voice_add_edit_limit_reached: {
    status: 403,
    message: 'You have used all voice additions and edits of your plan this month.',
  },
  voice_sample_silent: {
    status: 422,
    message: 'No speech was found in the sample: upload a recording of a voice speaking.',
  },
  voice_sample_too_long: { status: 422, message: 'A voice sample may be at most 5 minutes long.' },
  voice_sample_too_short: {
    status: 422,
    message: 'The samples hold too little speech: upload at least 2 seconds of a voice speaking.',
  },
  shared_voice_not_found: { status: 404, message: 'This voice is not in the shared voice library.' },
  voice_copy_disabled: {
    status: 403,
    message: 'The owner of this voice has turned copying off: it cannot be added to your voices.',
  },
  voice_not_shareable: {
    status: 403,
    message: 'Only the owner of a voice (or a workspace admin) can change how it is shared.',
  },
  voice_copy_not_shareable: {
    status: 422,
    message: 'A voice added from the library cannot be shared again.',
  },
  voice_collection_not_found: { status: 404, message: 'Voice collection not found.' },
  voice_collection_admin_only: {
    status: 403,
    message: 'Only the admin of this collection (its creator or a workspace admin) can delete it.',
  },
  voice_collection_limit_reached: {
    status: 409,
    message: 'A workspace can have at most 200 voice collections.',
  },
} as const
