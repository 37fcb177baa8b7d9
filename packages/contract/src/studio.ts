// Studio: long-form projects made of chapters and blocks. Limits the spec states, and the
// ones it leaves open that are ours (marked so).

/** New project names are under 50 characters. */
export const STUDIO_PROJECT_NAME_MAX = 49
/**
 * "No special characters" in a project name, read as: none of the characters file systems and
 * URLs treat specially, and no control characters. Letters of every script, digits, spaces and
 * ordinary punctuation (. , - _ ' ! ? & ( )) are fine.
 */
export const STUDIO_PROJECT_NAME_FORBIDDEN = /[<>/\\:*"|{}[\]#%~^`$@;=\p{Cc}]/u
/** Ours: an imported document (EPUB, DOCX, HTML, text) may be at most 20 MB. */
export const STUDIO_DOCUMENT_MAX_BYTES = 20 * 1024 * 1024
/** Ours: a chapter holds at most 2,000 blocks and a block at most 5,000 characters. */
export const STUDIO_CHAPTER_MAX_BLOCKS = 2000
export const STUDIO_BLOCK_MAX_CHARACTERS = 5000
/** Ours: a project holds at most 500 chapters. */
export const STUDIO_PROJECT_MAX_CHAPTERS = 500

export const STUDIO_BLOCK_TYPES = ['p', 'h1', 'h2', 'h3'] as const
export type StudioBlockType = (typeof STUDIO_BLOCK_TYPES)[number]

export const STUDIO_SOURCE_TYPES = ['blank', 'book', 'article', 'genfm', 'video', 'screenplay'] as const
export const STUDIO_TARGET_AUDIENCES = ['children', 'young adult', 'adult', 'all ages'] as const
export const STUDIO_FICTION = ['fiction', 'non-fiction'] as const
export const STUDIO_QUALITY_PRESETS = ['standard', 'high', 'highest', 'ultra', 'ultra_lossless'] as const
export const STUDIO_TEXT_NORMALIZATION = ['auto', 'on', 'off', 'apply_english'] as const
