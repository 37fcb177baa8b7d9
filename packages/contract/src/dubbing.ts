// Dubbing: a video or audio translated speaker by speaker into other languages, and the editor
// that fixes every segment. Values the product states are marked as such; the ones it leaves
// open ("value not shown") are ours and say so.

/** Credits per minute of the dubbed range (the product's prices). */
export const DUBBING_CREDITS_PER_MINUTE = {
  /** Dubbing, watermarked: 2,000 per minute. */
  watermarked: 2000,
  /** Ours: dubbing without a watermark is not priced by the product; half again the watermarked price. */
  plain: 3000,
  /** Dubbing studio, watermarked: 5,000 per minute. */
  studioWatermarked: 5000,
  /** Dubbing studio, without a watermark: 10,000 per minute. */
  studioPlain: 10000,
} as const

/** The credits a dub of `seconds` costs. */
export function dubbingCredits(seconds: number, options: { watermark: boolean; studio: boolean }): number {
  const rates = DUBBING_CREDITS_PER_MINUTE
  const perMinute = options.studio
    ? options.watermark
      ? rates.studioWatermarked
      : rates.studioPlain
    : options.watermark
      ? rates.watermarked
      : rates.plain
  return Math.max(1, Math.ceil((seconds / 60) * perMinute))
}

/** Ours (the product does not show them): a dub's file size and length limits. */
export const DUBBING_MAX_BYTES = 500 * 1024 * 1024
export const DUBBING_MAX_SECONDS = 45 * 60
/** Ours: the editor's recommended length; longer dubs open with a notice. */
export const DUBBING_EDITOR_RECOMMENDED_SECONDS = 10 * 60
/** Ours: free regenerations and translations per dub (the product's value is not shown). */
export const DUBBING_FREE_EDITS = 20
/** Ours: at most this many speakers are told apart. */
export const DUBBING_MAX_SPEAKERS = 9
/** Ours: a dub's name is at most this long. */
export const DUBBING_NAME_MAX = 200
/** Ours: an editor's hold on a dub lapses this long after its last renewal. */
export const DUBBING_EDITOR_LOCK_SECONDS = 60
/** Ours: a segment's text is at most this long. */
export const DUBBING_SEGMENT_TEXT_MAX = 5000
export const DUBBING_LIST_PAGE_SIZE_DEFAULT = 100
export const DUBBING_LIST_PAGE_SIZE_MAX = 200

/**
 * The dubbing languages: the product's 29, named in English. A language is dubbed by machine
 * translation only where a provider serves the pair; the others are offered for manual
 * translation in the editor, and say so.
 */
export const DUBBING_LANGUAGES: Record<string, string> = {
  en: 'English',
  hi: 'Hindi',
  pt: 'Portuguese',
  zh: 'Chinese',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  ja: 'Japanese',
  ar: 'Arabic',
  ru: 'Russian',
  ko: 'Korean',
  id: 'Indonesian',
  it: 'Italian',
  nl: 'Dutch',
  tr: 'Turkish',
  pl: 'Polish',
  sv: 'Swedish',
  fil: 'Filipino',
  ms: 'Malay',
  ro: 'Romanian',
  uk: 'Ukrainian',
  el: 'Greek',
  cs: 'Czech',
  da: 'Danish',
  fi: 'Finnish',
  bg: 'Bulgarian',
  hr: 'Croatian',
  sk: 'Slovak',
  ta: 'Tamil',
  // Beyond the product's list: languages the installed rule-based pairs translate into.
  ca: 'Catalan',
  gl: 'Galician',
  eo: 'Esperanto',
  eu: 'Basque',
}

/** The languages a dub's speech can be transcribed from (the installed recogniser's). */
export const DUBBING_SOURCE_LANGUAGES = ['en'] as const

/** Translation providers, in the order they are tried for a pair (the language model when configured). */
export const TRANSLATION_PROVIDERS = ['llm', 'apertium', 'libretranslate', 'manual'] as const
export type TranslationProviderId = (typeof TRANSLATION_PROVIDERS)[number]

/** States of a dub as the API reports them (`status`), with the refund states beside them. */
export const DUB_STATUSES = ['dubbing', 'dubbed', 'failed'] as const
export type DubStatus = (typeof DUB_STATUSES)[number]
/** The lifecycle the product names: in progress, complete, refund pending, refunded. */
export const DUB_STATES = ['queued', 'running', 'dubbed', 'refund_pending', 'refunded'] as const
export type DubState = (typeof DUB_STATES)[number]

/** Render and export types (the SDK's RenderType), and the two tables from the segments. */
export const DUBBING_RENDER_TYPES = [
  'mp4',
  'aac',
  'mp3',
  'wav',
  'aaf',
  'tracks_zip',
  'clips_zip',
  'zip',
] as const
export type DubbingRenderType = (typeof DUBBING_RENDER_TYPES)[number]
export const DUBBING_EXPORT_FORMATS = [...DUBBING_RENDER_TYPES, 'srt', 'csv'] as const
export type DubbingExportFormat = (typeof DUBBING_EXPORT_FORMATS)[number]
/** The CSV export's columns, in order. */
export const DUBBING_CSV_COLUMNS = [
  'speaker',
  'start_time',
  'end_time',
  'transcription',
  'translation',
] as const

/** The pipeline's steps, each reported as the dub's progress_message. */
export const DUBBING_STEPS = [
  'decoding',
  'separating',
  'transcribing',
  'translating',
  'voicing',
  'mixing',
  'rendering',
] as const
export type DubbingStep = (typeof DUBBING_STEPS)[number]
