// Error codes of music.
export const MUSIC_ERRORS = {
  music_prompt_or_plan_required: {
    status: 422,
    message: 'Give either a prompt or a composition plan.',
  },
  music_prompt_and_plan: {
    status: 422,
    message: 'Give either a prompt or a composition plan, not both.',
  },
  music_invalid_length: {
    status: 422,
    message: 'music_length_ms must be between 3000 and 600000 milliseconds.',
  },
  music_section_too_short: { status: 422, message: 'Each section must be at least 1 second long.' },
  music_section_too_long: { status: 422, message: 'Each section can be at most 120 seconds long.' },
  music_plan_without_sections: { status: 422, message: 'A composition plan needs at least one section.' },
  music_plan_too_long: {
    status: 422,
    message: 'The sections add up to more than the 10 minutes a song can last.',
  },
  music_instrumental_with_lines: {
    status: 422,
    message: 'force_instrumental cannot be used with a composition plan whose sections have lines.',
  },
  music_length_with_plan: {
    status: 422,
    message: 'music_length_ms is used only with a prompt; a composition plan sets its own length.',
  },
  music_invalid_upload: { status: 422, message: 'The file is not an audio file we can read.' },
  music_invalid_video: { status: 422, message: 'Please upload a valid video file.' },
  music_video_too_long: { status: 422, message: 'The video must be 3 minutes or less.' },
  music_song_not_found: { status: 404, message: 'This song was not found.' },
  music_finetune_not_found: { status: 404, message: 'This finetune was not found.' },
  music_finetune_not_owner: { status: 403, message: 'Only the creator of a finetune can change it.' },
  music_unavailable: {
    status: 503,
    message: 'Music is unavailable: the General MIDI sound bank is not installed on this server.',
  },
} as const
