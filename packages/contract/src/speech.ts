// Text-to-speech limits and costs, and the defaults of the speech endpoints.

/** Characters per request without a paid subscription. */
export const TTS_MAX_CHARACTERS_FREE = 2500
/** Characters per request with a paid subscription. */
export const TTS_MAX_CHARACTERS_SUBSCRIBED = 5000
/** Two free regenerations: the same text, voice and settings again within the window cost nothing. */
export const FREE_REGENERATIONS = 2
export const FREE_REGENERATION_WINDOW_SECONDS = 24 * 60 * 60

/** The default text-to-speech model is multilingual v2. */
export const DEFAULT_TTS_MODEL_ID = 'eleven_multilingual_v2'
/** The default audio format is MP3 at 44.1 kHz, 128 kbps. */
export const DEFAULT_OUTPUT_FORMAT = 'mp3_44100_128'

/** A voices query returns 20 voices per page by default. */
export const VOICES_PAGE_SIZE_DEFAULT = 20
export const VOICES_PAGE_SIZE_MAX = 100
export const HISTORY_PAGE_SIZE_DEFAULT = 100
export const HISTORY_PAGE_SIZE_MAX = 1000

/** Feedback text: empty or at least 20 characters; at most 200, or 400 in the thumbs-up dialog. */
export const FEEDBACK_TEXT_MIN = 20
export const FEEDBACK_TEXT_MAX = 200
export const FEEDBACK_THUMBS_UP_TEXT_MAX = 400
export const FEEDBACK_REVIEWED_MESSAGE = 'This feedback cannot be changed as it was already reviewed.'
export const FEEDBACK_TOO_SHORT_MESSAGE = 'minimum 20 characters'

/** Saved file names keep 20 characters; download names 255. */
export const SAVED_FILE_NAME_MAX = 20
export const DOWNLOAD_FILE_NAME_MAX = 255
