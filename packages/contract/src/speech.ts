// Text-to-speech limits and costs (spec creative-and-agents.md section 9 "Credits";
// core-accounts-billing-voices-player.md section 9; issue 4 item 8).

/** Characters per request without a paid subscription ("2,500 ... unsubscribed"). */
export const TTS_MAX_CHARACTERS_FREE = 2500
/** Characters per request with a paid subscription ("5,000 subscribed"). */
export const TTS_MAX_CHARACTERS_SUBSCRIBED = 5000
/** "2 free regenerations": the same text, voice and settings again within the window cost nothing. */
export const FREE_REGENERATIONS = 2
export const FREE_REGENERATION_WINDOW_SECONDS = 24 * 60 * 60

/** Spec core section 9: "Default model for text to speech is multilingual v2". */
export const DEFAULT_TTS_MODEL_ID = 'eleven_multilingual_v2'
/** Spec core section 9: "Default audio format mp3". */
export const DEFAULT_OUTPUT_FORMAT = 'mp3_44100_128'

/** Spec core section 9: "Voices query page size default 20". */
export const VOICES_PAGE_SIZE_DEFAULT = 20
export const VOICES_PAGE_SIZE_MAX = 100
export const HISTORY_PAGE_SIZE_DEFAULT = 100
export const HISTORY_PAGE_SIZE_MAX = 1000

/** Spec core section 5: feedback text rules. */
export const FEEDBACK_TEXT_MIN = 20
export const FEEDBACK_TEXT_MAX = 200
export const FEEDBACK_THUMBS_UP_TEXT_MAX = 400
export const FEEDBACK_REVIEWED_MESSAGE = 'This feedback cannot be changed as it was already reviewed.'
export const FEEDBACK_TOO_SHORT_MESSAGE = 'minimum 20 characters'

/** Spec core section 5: saved file names (strip these, spaces to underscores, 20 characters). */
export const SAVED_FILE_NAME_MAX = 20
export const DOWNLOAD_FILE_NAME_MAX = 255
