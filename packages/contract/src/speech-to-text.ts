// Speech to text and forced alignment: limits, options and credit prices of the product.

/** Transcription is priced per minute of audio, counted by the second; audio with no speech is free. */
export const SPEECH_TO_TEXT_CREDITS_PER_MINUTE = 100
/** Forced alignment is priced per minute of audio, counted by the second. */
export const FORCED_ALIGNMENT_CREDITS_PER_MINUTE = 50
/** The largest upload and the longest recording transcribed. */
export const SPEECH_TO_TEXT_MAX_BYTES = 1024 * 1024 * 1024
export const SPEECH_TO_TEXT_MAX_SECONDS = 2 * 60 * 60
export const SPEECH_TO_TEXT_MIN_SPEAKERS = 1
/** Files of one workspace transcribed in the background at once (the spec's limit). */
export const SPEECH_TO_TEXT_JOBS_AT_ONCE = 3
/** Runs a background transcription gets before it fails with the spec's message. */
export const SPEECH_TO_TEXT_JOB_ATTEMPTS = 3
/** The JSON a webhook request may carry back: its depth and size. */
export const SPEECH_TO_TEXT_WEBHOOK_METADATA_DEPTH = 2
export const SPEECH_TO_TEXT_WEBHOOK_METADATA_BYTES = 16 * 1024
/** The states of a background transcription. */
export const SPEECH_TO_TEXT_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const
export type SpeechToTextJobStatus = (typeof SPEECH_TO_TEXT_JOB_STATUSES)[number]
export const SPEECH_TO_TEXT_MAX_SPEAKERS = 32
export const SPEECH_TO_TEXT_KEYTERMS_MAX = 100
export const SPEECH_TO_TEXT_KEYTERM_CHARS_MAX = 50
export const FORCED_ALIGNMENT_TEXT_MAX = 100_000
export const SPEECH_TO_TEXT_MODEL_IDS = ['scribe_v1', 'scribe_v1_experimental', 'scribe_v2'] as const
export const TIMESTAMPS_GRANULARITIES = ['none', 'word', 'character'] as const
export type TimestampsGranularity = (typeof TIMESTAMPS_GRANULARITIES)[number]

export function speechToTextCredits(seconds: number): number {
  return Math.max(1, Math.ceil(seconds * (SPEECH_TO_TEXT_CREDITS_PER_MINUTE / 60)))
}

export function forcedAlignmentCredits(seconds: number): number {
  return Math.max(1, Math.ceil(seconds * (FORCED_ALIGNMENT_CREDITS_PER_MINUTE / 60)))
}

/**
 * The transcript export formats: the public API's `additional_formats` (srt, txt, segmented_json,
 * docx, pdf, html) and WebVTT, which this server adds for the download of a stored transcript and
 * also accepts in `additional_formats`.
 */
export const TRANSCRIPT_EXPORT_FORMATS = [
  'srt',
  'vtt',
  'txt',
  'segmented_json',
  'docx',
  'pdf',
  'html',
] as const
export type TranscriptExportFormat = (typeof TRANSCRIPT_EXPORT_FORMATS)[number]

/** The options of one export, as the public API names them; `null` switches a segment limit off. */
export interface TranscriptExportOptions {
  include_speakers: boolean
  include_timestamps: boolean
  /** A pause longer than this (seconds) between two words starts a new segment. */
  segment_on_silence_longer_than_s: number | null
  /** A segment spans at most this many seconds, unless one word alone is longer. */
  max_segment_duration_s: number | null
  /** A segment holds at most this many characters, unless one word alone is longer. */
  max_segment_chars: number | null
  /** Lines are wrapped at this many characters (SRT, VTT and TXT only). */
  max_characters_per_line: number | null
}

/** The option names each format accepts (the public API's per-format export options). */
export const TRANSCRIPT_EXPORT_OPTION_NAMES: Record<
  TranscriptExportFormat,
  ReadonlyArray<keyof TranscriptExportOptions>
> = {
  srt: [
    'include_speakers',
    'include_timestamps',
    'segment_on_silence_longer_than_s',
    'max_segment_duration_s',
    'max_segment_chars',
    'max_characters_per_line',
  ],
  vtt: [
    'include_speakers',
    'include_timestamps',
    'segment_on_silence_longer_than_s',
    'max_segment_duration_s',
    'max_segment_chars',
    'max_characters_per_line',
  ],
  txt: [
    'include_speakers',
    'include_timestamps',
    'segment_on_silence_longer_than_s',
    'max_segment_duration_s',
    'max_segment_chars',
    'max_characters_per_line',
  ],
  segmented_json: [
    'include_speakers',
    'include_timestamps',
    'segment_on_silence_longer_than_s',
    'max_segment_duration_s',
    'max_segment_chars',
  ],
  docx: [
    'include_speakers',
    'include_timestamps',
    'segment_on_silence_longer_than_s',
    'max_segment_duration_s',
    'max_segment_chars',
  ],
  pdf: [
    'include_speakers',
    'include_timestamps',
    'segment_on_silence_longer_than_s',
    'max_segment_duration_s',
    'max_segment_chars',
  ],
  html: [
    'include_speakers',
    'include_timestamps',
    'segment_on_silence_longer_than_s',
    'max_segment_duration_s',
    'max_segment_chars',
  ],
}

/** Subtitles: two lines of 42 characters (the common broadcast guideline), at most 7 seconds a cue. */
const SUBTITLE_DEFAULTS: TranscriptExportOptions = {
  include_speakers: false,
  include_timestamps: true,
  segment_on_silence_longer_than_s: 0.8,
  max_segment_duration_s: 7,
  max_segment_chars: 84,
  max_characters_per_line: 42,
}

/** Documents: one paragraph per speaker turn, broken at long pauses or after a minute. */
const DOCUMENT_DEFAULTS: TranscriptExportOptions = {
  include_speakers: true,
  include_timestamps: true,
  segment_on_silence_longer_than_s: 1.5,
  max_segment_duration_s: 60,
  max_segment_chars: 1000,
  max_characters_per_line: null,
}

/** The options a request leaves out take these values. */
export const TRANSCRIPT_EXPORT_DEFAULTS: Record<TranscriptExportFormat, TranscriptExportOptions> = {
  srt: SUBTITLE_DEFAULTS,
  vtt: SUBTITLE_DEFAULTS,
  txt: { ...DOCUMENT_DEFAULTS, include_timestamps: false, max_characters_per_line: 100 },
  segmented_json: DOCUMENT_DEFAULTS,
  docx: DOCUMENT_DEFAULTS,
  pdf: DOCUMENT_DEFAULTS,
  html: DOCUMENT_DEFAULTS,
}

/** Subtitle cues hold at most this many lines. */
export const SUBTITLE_LINES_PER_CUE = 2
/** The bounds an option value must lie within. */
export const TRANSCRIPT_EXPORT_LIMITS = {
  seconds_max: 3600,
  chars_max: 100_000,
  characters_per_line_min: 10,
  characters_per_line_max: 1000,
} as const
