// Audio Native: an article player embedded on a customer's web page. The page's text is
// converted to speech once per content change; the player asks for its settings and audio from
// the page, and the server serves them only to pages on the project's URL allowlist.
import { DEFAULT_OUTPUT_FORMAT } from './speech.js'

/**
 * Publishing states as the product names them (queued, publishing = converting, published), and
 * ours: `draft` (nothing converted or queued yet), `converted` (converted with auto_publish off,
 * waiting for a publish call while the previously published audio keeps playing) and `failed`.
 */
export const AUDIO_NATIVE_STATES = [
  'draft',
  'queued',
  'publishing',
  'converted',
  'published',
  'failed',
] as const
export type AudioNativeState = (typeof AUDIO_NATIVE_STATES)[number]

export const AUDIO_NATIVE_TEXT_NORMALIZATION = ['auto', 'on', 'off', 'apply_english'] as const

/** Player defaults (the large player, dark text on white). */
export const AUDIO_NATIVE_DEFAULTS = {
  small: false,
  textColor: '#000000',
  backgroundColor: '#FFFFFF',
  /**
   * Minutes a listening session persists across page reloads: the player resumes where the
   * listener was and repeated plays of one page within it count once.
   */
  sessionization: 0,
} as const

/** Longest article text read aloud, in characters (the plan's per-request limit still applies). */
export const AUDIO_NATIVE_MAX_CHARACTERS = 20_000
/** Largest uploaded or fetched article page. */
export const AUDIO_NATIVE_MAX_PAGE_BYTES = 5 * 1024 * 1024
/** At most this many allowlist entries per player. */
export const AUDIO_NATIVE_MAX_ALLOWLIST = 50
/** At most this many pronunciation dictionaries per request. */
export const AUDIO_NATIVE_MAX_DICTIONARIES = 3
/** The player's audio format. */
export const AUDIO_NATIVE_OUTPUT_FORMAT = DEFAULT_OUTPUT_FORMAT
export const AUDIO_NATIVE_NAME_MAX = 200

/** Longest sessionization window, in minutes (ours: one day). */
export const AUDIO_NATIVE_MAX_SESSIONIZATION = 1440
/** The anonymous listener session id the player sends with a play. */
export const AUDIO_NATIVE_SESSION_ID = /^[A-Za-z0-9_-]{16,64}$/
