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
/**
 * Ours: what an imported EPUB or DOCX expands to (the chapters or the document's XML that are
 * read) may be at most 32 MB together, and the archive may list at most 10,000 files.
 */
export const STUDIO_DOCUMENT_INFLATED_MAX_BYTES = 32 * 1024 * 1024
export const STUDIO_DOCUMENT_ARCHIVE_MAX_ENTRIES = 10_000
/** A cover image may be at most 20 MB: JPEG, PNG, SVG or WebP, recognised by content. */
export const STUDIO_COVER_IMAGE_MAX_BYTES = 20 * 1024 * 1024
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

/**
 * Where a chapter (or a whole project) is in its conversion to audio, in the product's words:
 * Not converted yet, Queued for creation, Converting, Converted (a chapter), Finished (every
 * chapter of the project), Failed creation.
 */
export const STUDIO_CONVERSION_STATES = [
  'not_converted',
  'queued',
  'converting',
  'converted',
  'finished',
  'failed',
] as const
export type StudioConversionState = (typeof STUDIO_CONVERSION_STATES)[number]

/** The message of a conversion refused for want of credits. */
export const STUDIO_NO_CREDITS_MESSAGE =
  'Conversion failed. No credits to convert paragraphs or create a dub.'
/** A block's audio is made before it may be locked; a locked block is never regenerated. */
export const STUDIO_LOCK_NEEDS_AUDIO_MESSAGE = 'A paragraph must be generated before it can be locked.'
export const STUDIO_LOCKED_BLOCK_MESSAGE = 'This paragraph is locked; unlock it before regenerating it.'

/** Silence between two blocks of a chapter, in seconds. */
export const STUDIO_BLOCK_PAUSE_SECONDS = 0.4

/**
 * The audiobook loudness range: exports are normalised into -23 to -18 dB with peaks at most
 * -3 dB. The target sits in the middle of the range, the true-peak limit a little under the ceiling.
 */
export const STUDIO_LOUDNESS = {
  minDb: -23,
  maxDb: -18,
  peakCeilingDb: -3,
  targetLufs: -20.5,
  targetTruePeakDb: -3.5,
} as const

export const STUDIO_EXPORT_FORMATS = ['mp3', 'wav', 'm4b'] as const
export type StudioExportFormat = (typeof STUDIO_EXPORT_FORMATS)[number]

/**
 * Publishing a Studio project to this server's own public reader page. `draft` is never
 * published or changed since its last publish (the page then keeps serving the last published
 * version until it is republished); `publishing` is a first publish running, `updating` a
 * republish of a published project running.
 */
export const STUDIO_PUBLISHING_STATES = ['draft', 'publishing', 'updating', 'published'] as const
export type StudioPublishingState = (typeof STUDIO_PUBLISHING_STATES)[number]
/** The first 5 minutes of a chapter form the free audiobook preview. */
export const STUDIO_PUBLISH_PREVIEW_SECONDS = 5 * 60
/** The image in the publishing settings: JPEG, PNG or WebP, at most 2 MB; 172x172 recommended. */
export const STUDIO_PUBLISHING_IMAGE_MAX_BYTES = 2 * 1024 * 1024
export const STUDIO_PUBLISHING_IMAGE_RECOMMENDED_PX = 172

/**
 * Casting: the narrator's reserved id among a project's cast members (characters are named by
 * their lower-cased names), and, ours, at most 200 characters in a cast. A block holds at most
 * 50 nodes, so a paragraph with more turns keeps the rest with its last reader.
 */
export const STUDIO_NARRATOR_ID = 'narrator'
export const STUDIO_CAST_MAX_CHARACTERS = 200
export const STUDIO_NODES_PER_BLOCK_MAX = 50

/** Ours: emphasised text in a Studio block is read at 0.88 of the voice's speed and 1.25 of its volume. */
export const STUDIO_EMPHASIS = { speed: 0.88, volume: 1.25 } as const

/** A paragraph may be regenerated with the same text twice for free; later ones are charged. */
export const STUDIO_FREE_REGENERATIONS = 2

/**
 * One editor per project: the editor's lease runs out this long after its last renewal (the
 * editor renews it every third of that), and is then taken over by the next editor.
 */
export const STUDIO_EDITOR_LEASE_SECONDS = 30
