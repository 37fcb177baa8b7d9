// Error codes of pronunciation dictionaries (the product's own texts where it has them).
export const PRONUNCIATION_DICTIONARIES_ERRORS = {
  pronunciation_dictionary_not_found: {
    status: 404,
    message: 'Failed to fetch pronunciation dictionary: it does not exist or you have no access.',
  },
  pronunciation_dictionary_version_not_found: {
    status: 404,
    message: 'This pronunciation dictionary has no version with this version_id.',
  },
  pronunciation_dictionary_archived: {
    status: 409,
    message: 'This pronunciation dictionary is archived; unarchive it before changing its rules.',
  },
  invalid_pronunciation_rule: { status: 422, message: 'Rule output required.' },
  invalid_dictionary_file: {
    status: 400,
    message: 'Unable to create dictionary: the file is not a valid PLS, XML or TXT dictionary.',
  },
  dictionary_editor_required: { status: 403, message: 'Saving dictionary changes requires the editor role.' },
  phonemes_require_english_model: { status: 400, message: 'Phonemes require an English-only model.' },
  too_many_pronunciation_dictionaries: {
    status: 422,
    message: 'At most 3 pronunciation dictionaries can be used per request.',
  },
  invalid_dictionary_cursor: {
    status: 400,
    message: 'The cursor is invalid; start again from the first page.',
  },
} as const
