// Error codes of dubbing and its editor (the product's wording where it has one).
export const DUBBING_ERRORS = {
  dubbing_not_found: { status: 404, message: 'Dub not found or no access.' },
  dubbing_segment_not_found: { status: 404, message: 'Segment not found or no access.' },
  dubbing_speaker_not_found: { status: 404, message: 'Speaker not found or no access.' },
  dubbing_language_not_found: { status: 404, message: 'This dub has no such target language.' },
  dubbing_render_not_found: { status: 404, message: 'This language has not been rendered yet.' },
  dubbing_one_file: { status: 400, message: 'Only one file may be selected for dubbing.' },
  dubbing_no_source: {
    status: 400,
    message: 'Provide the file to dub, or its source_url.',
  },
  source_url_invalid: { status: 422, message: 'source_url must be an HTTPS URL.' },
  source_url_refused: { status: 422, message: 'source_url points at an address this server may not reach.' },
  source_url_unresolved: { status: 422, message: 'The host of source_url could not be found.' },
  dubbing_fetch_failed: { status: 422, message: 'The file at source_url could not be downloaded.' },
  dubbing_file_too_big: {
    status: 413,
    message: 'File too big: dubbing takes files up to 500 MB and 45 minutes long.',
  },
  dubbing_invalid_file: {
    status: 422,
    message: 'This file is not an audio or video file this server can read.',
  },
  dubbing_no_audio_track: { status: 422, message: 'This video has no audio track to dub.' },
  dubbing_same_language: {
    status: 422,
    message: 'The target language must differ from the source language.',
  },
  dubbing_unknown_language: { status: 422, message: 'This language is not one dubbing offers.' },
  dubbing_source_language_unsupported: {
    status: 422,
    message: 'Speech in this source language cannot be transcribed on this server yet: dub from English.',
  },
  dubbing_range_invalid: { status: 422, message: 'end_time must be after start_time, within the file.' },
  dubbing_no_speech: {
    status: 422,
    message: 'No speech was found in this file: nothing was dubbed, and the credits were refunded.',
  },
  dubbing_failed: { status: 500, message: 'Dubbing failed; the credits were refunded. Please try again.' },
  dubbing_in_progress: { status: 409, message: 'This dub is still in progress.' },
  dubbing_already_edited: {
    status: 409,
    message: 'This dub is already being edited: studio does not support multiple editors or tabs.',
  },
  dubbing_end_before_start: { status: 422, message: 'Segment end time must exceed start time.' },
  dubbing_segment_overlap: {
    status: 409,
    message: 'Invalid placement: the segment overlaps another segment.',
  },
  dubbing_segment_after_media: {
    status: 422,
    message: 'Invalid placement: the segment is later than the original media duration.',
  },
  dubbing_clip_count: {
    status: 422,
    message: 'Number of translated clips must match the original clips.',
  },
  dubbing_edit_limit: {
    status: 402,
    message: 'Edit limit reached: the free regenerations and translations of this dub are used up.',
  },
  dubbing_render_type_unavailable: {
    status: 422,
    message: 'This render type needs a video source (MP4) or is not made by this server.',
  },
  dubbing_translation_unavailable: {
    status: 422,
    message: 'No machine translation serves this language pair here: translate it manually in the editor.',
  },
  dubbing_translation_failed: {
    status: 502,
    message: 'The translation provider did not answer; nothing was changed. Please try again.',
  },
} as const
