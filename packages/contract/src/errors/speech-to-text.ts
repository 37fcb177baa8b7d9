// Error codes of speech to text and forced alignment.
export const SPEECH_TO_TEXT_ERRORS = {
  speech_to_text_invalid_file: {
    status: 400,
    message:
      'The file is not an audio or video file this service can read (WAV, MP3, OGG, FLAC, M4A or WebM).',
  },
  speech_to_text_empty_file: { status: 400, message: 'The file is empty.' },
  speech_to_text_file_too_big: {
    status: 413,
    message: 'File too big: speech to text takes files up to 1 GB and 2 hours long.',
  },
  speech_to_text_no_input: {
    status: 422,
    message: "Send exactly one of 'file' and 'cloud_storage_url'.",
  },
  speech_to_text_unsupported_language: {
    status: 422,
    message: 'This language is not supported by the installed speech recognisers.',
  },
  cloud_storage_url_invalid: {
    status: 422,
    message: 'cloud_storage_url must be an HTTPS URL.',
  },
  cloud_storage_url_refused: {
    status: 422,
    message: 'cloud_storage_url points at an address this server may not reach.',
  },
  cloud_storage_url_unresolved: { status: 422, message: 'The host of cloud_storage_url could not be found.' },
  speech_to_text_fetch_failed: {
    status: 422,
    message: 'The file at cloud_storage_url could not be downloaded.',
  },
  speech_to_text_failed: {
    status: 500,
    message: 'Transcription failed after automatic retries.',
  },
  speech_to_text_engine_missing: {
    status: 503,
    message:
      'Speech to text is not installed on this server (the pocketsphinx and pocketsphinx-en-us packages).',
  },
  speech_to_text_model_unusable: {
    status: 422,
    message: 'This speech to text model cannot be used: its files did not load.',
  },
  speech_to_text_too_many_jobs: {
    status: 429,
    message: 'At most 3 files are transcribed at once: wait for one to finish, then send the next.',
  },
  speech_to_text_job_not_found: { status: 404, message: 'This transcription job does not exist.' },
  speech_to_text_webhook_not_found: {
    status: 422,
    message: 'webhook_id names no enabled speech to text webhook of this workspace.',
  },
  speech_to_text_webhook_metadata_invalid: {
    status: 422,
    message: 'webhook_metadata must be a JSON object at most 2 levels deep and 16 KB long.',
  },
  transcript_not_found: { status: 404, message: 'This transcript does not exist.' },
  forced_alignment_unsupported_language: {
    status: 422,
    message: 'No recogniser or speech engine here knows this language, so the text cannot be aligned.',
  },
  forced_alignment_text_empty: { status: 422, message: 'The text to align is empty.' },
  forced_alignment_failed: {
    status: 422,
    message: 'The text could not be aligned to the audio: no word of it was found in the speech.',
  },
} as const
