// Error codes of history items, their audio, share links and feedback.
export const HISTORY_ERRORS = {
  history_item_not_found: { status: 404, message: 'History item not found.' },
  history_audio_missing: { status: 404, message: 'The audio of this history item is no longer stored.' },
  invalid_history_cursor: {
    status: 400,
    message: 'start_after_history_item_id does not name a history item of this workspace.',
  },
  share_link_not_found: { status: 404, message: 'This share link does not exist or was removed.' },
  feedback_too_short: { status: 422, message: 'minimum 20 characters' },
  feedback_too_long: { status: 422, message: 'The feedback text is too long.' },
  feedback_already_reviewed: {
    status: 409,
    message: 'This feedback cannot be changed as it was already reviewed.',
  },
  audio_conversion_failed: { status: 422, message: 'The stored audio could not be converted.' },
} as const
