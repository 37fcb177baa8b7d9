// Error codes of voice design.
export const VOICE_DESIGN_ERRORS = {
  voice_description_too_short: {
    status: 422,
    message: 'Describe the voice in at least 20 characters.',
  },
  voice_preview_text_length: {
    status: 422,
    message: 'The preview text must be between 70 and 150 characters.',
  },
  generated_voice_not_found: {
    status: 404,
    message: 'This voice preview does not exist or has expired. Generate new previews.',
  },
  voice_previews_failed: { status: 422, message: 'Failed to generate voice previews.' },
} as const
