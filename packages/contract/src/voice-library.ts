// The shared voice library, similar voices and voice collections: page sizes and limits of
// the public API's calls, and the sharing states a voice can be in.

/** GET /v1/shared-voices: "Can not exceed 100, defaults to 30". */
export const SHARED_VOICES_PAGE_SIZE_DEFAULT = 30
export const SHARED_VOICES_PAGE_SIZE_MAX = 100
export const SHARED_VOICE_SORTS = [
  'created_date',
  'usage_character_count_1y',
  'trending',
  'cloned_by_count',
] as const

/**
 * Sharing states of the public API. enabled: listed in the library and may be copied;
 * disabled: not listed; copied: a copy added from the library; copied_disabled: the owner
 * stopped new copies (existing copies keep working).
 */
export const VOICE_SHARING_STATES = ['enabled', 'disabled', 'copied', 'copied_disabled'] as const
export type VoiceSharingState = (typeof VOICE_SHARING_STATES)[number]

/** POST /v1/similar-voices: a distance from 0 (same) to 2, and how many voices to return. */
export const SIMILAR_VOICES_THRESHOLD_MAX = 2
export const SIMILAR_VOICES_THRESHOLD_DEFAULT = 1
export const SIMILAR_VOICES_TOP_K_DEFAULT = 10
export const SIMILAR_VOICES_TOP_K_MAX = 100
/** The clip uploaded to find similar voices. */
export const SIMILAR_VOICES_CLIP_BYTES_MAX = 10 * 1024 * 1024
export const SIMILAR_VOICES_CLIP_SECONDS_MAX = 120

export const VOICE_COLLECTION_TITLE_MAX = 100
export const VOICE_COLLECTION_ICON_MAX = 64
export const VOICE_COLLECTIONS_PER_WORKSPACE_MAX = 200
