// Studio podcasts: a document becomes a project read by two voices (a conversation written by a
// language model, or the document read in turns) or by one (a bulletin).

export const PODCAST_MODES = ['conversation', 'bulletin', 'turns'] as const
export type PodcastMode = (typeof PODCAST_MODES)[number]
/** Why a mode cannot be used on this server: a conversation needs a language model. */
export const PODCAST_MODE_UNAVAILABLE_REASONS = ['no_language_model'] as const
export type PodcastModeUnavailableReason = (typeof PODCAST_MODE_UNAVAILABLE_REASONS)[number]
export const PODCAST_DURATION_SCALES = ['short', 'default', 'long'] as const
/** Rough number of turns the language model is asked to write, per duration scale. */
export const PODCAST_TURNS_BY_DURATION = { short: 6, default: 12, long: 24 } as const
export const PODCAST_MAX_HIGHLIGHTS = 3
export const PODCAST_HIGHLIGHT_MIN = 10
export const PODCAST_HIGHLIGHT_MAX = 140
/** Longest source document in characters. */
export const PODCAST_SOURCE_MAX_CHARACTERS = 100_000
/** How long the language model may take to answer. */
export const PODCAST_LLM_TIMEOUT_MS = 120_000
