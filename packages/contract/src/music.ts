// Music: limits, costs and the composition plan's shape, named as the public API names them.

/** The only model: an algorithmic composer rendered with a General MIDI SoundFont, its lines sung by eSpeak NG. */
export const MUSIC_MODEL_ID = 'music_v1'
/** Model ids the public API accepts; every one is served by the same composer. */
export const MUSIC_MODEL_IDS = ['music_v1', 'music_v2', 'music_v2_5'] as const

/** A song's total length, as the public API bounds `music_length_ms`. */
export const MUSIC_MIN_LENGTH_MS = 3_000
export const MUSIC_MAX_LENGTH_MS = 600_000
/** Each section lasts at least one second (the product's rule) and at most two minutes. */
export const MUSIC_SECTION_MIN_MS = 1_000
export const MUSIC_SECTION_MAX_MS = 120_000
export const MUSIC_MAX_SECTIONS = 30
export const MUSIC_PROMPT_MAX = 4_100
export const MUSIC_STYLE_MAX = 100
export const MUSIC_STYLES_MAX = 50
export const MUSIC_LINE_MAX = 200
export const MUSIC_LINES_MAX = 30
/** Without `music_length_ms` a prompt's song lasts this long. */
export const MUSIC_DEFAULT_LENGTH_MS = 30_000
/** Video for music: three minutes or less. */
export const MUSIC_VIDEO_MAX_SECONDS = 180
export const MUSIC_VIDEO_MAX_BYTES = 500 * 1024 * 1024
export const MUSIC_UPLOAD_MAX_BYTES = 100 * 1024 * 1024
/** The stems every composed song keeps, in the order of the zip. */
export const MUSIC_STEMS = ['drums', 'bass', 'harmony', 'melody', 'vocals'] as const
export type MusicStem = (typeof MUSIC_STEMS)[number]

/**
 * Our price (the public one is not shown): 1,000 credits per minute of music, charged per
 * started second. Plans are free.
 */
export const MUSIC_CREDITS_PER_MINUTE = 1_000
export function musicCredits(lengthMs: number): number {
  const seconds = Math.ceil(lengthMs / 1000)
  return Math.ceil((seconds * MUSIC_CREDITS_PER_MINUTE) / 60)
}

export interface SongSection {
  section_name: string
  positive_local_styles: string[]
  negative_local_styles: string[]
  duration_ms: number
  lines: string[]
}

export interface CompositionPlan {
  positive_global_styles: string[]
  negative_global_styles: string[]
  sections: SongSection[]
}

export interface SongMetadata {
  title: string
  description: string
  genres: string[]
  languages: string[]
  is_explicit: boolean
}
