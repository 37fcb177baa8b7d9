import { TRANSCRIPT_EXPORT_DEFAULTS, TRANSCRIPT_EXPORT_FORMATS } from '@timbre/contract'
import { z } from 'zod'

// Speech to text and forced alignment, named and shaped as the public API (the SDK's
// speechToText and forcedAlignment clients).

const character = z.object({ text: z.string(), start: z.number().nullable(), end: z.number().nullable() })

export const transcriptWord = z.object({
  text: z.string(),
  start: z.number().nullable(),
  end: z.number().nullable(),
  type: z.enum(['word', 'spacing', 'audio_event']),
  speaker_id: z.string().nullable(),
  logprob: z.number(),
  characters: z.array(character).nullable(),
})

export const transcriptResponse = z.object({
  language_code: z.string(),
  language_probability: z.number(),
  text: z.string(),
  words: z.array(transcriptWord),
  transcription_id: z.string(),
  audio_duration_secs: z.number(),
  additional_formats: z
    .array(
      z.object({
        requested_format: z.string(),
        file_extension: z.string(),
        content_type: z.string(),
        is_base64_encoded: z.boolean(),
        content: z.string(),
      }),
    )
    .optional(),
})

export const transcriptParams = z.object({ transcription_id: z.string().min(1).max(64) })

export const transcriptsQuery = z.object({
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  start_after_transcription_id: z.string().min(1).max(64).optional(),
})

export const transcriptsPage = z.object({
  transcripts: z.array(
    z.object({
      transcription_id: z.string(),
      file_name: z.string(),
      language_code: z.string(),
      audio_duration_secs: z.number(),
      credits: z.number(),
      created_at_unix: z.number(),
      text_start: z.string().describe('The first 200 characters of the text'),
    }),
  ),
  has_more: z.boolean(),
  last_transcription_id: z.string().nullable(),
})

const flag = z.enum(['true', 'false'])
const limit = (what: string) =>
  z
    .string()
    .max(32)
    .optional()
    .describe(`${what}; \`null\` switches this limit off. The default depends on the format.`)

/** The download of a stored transcript: the format and its options, as in `additional_formats`. */
/** Our addition to POST /v1/forced-alignment, for clients that cannot add form fields. */
export const alignmentQuery = z.object({
  language_code: z
    .string()
    .optional()
    .describe(
      'The language spoken, as the form field `language_code` (the form field wins when both are sent).',
    ),
})

export const transcriptExportQuery = z.object({
  format: z.enum(TRANSCRIPT_EXPORT_FORMATS).describe('The export format.'),
  include_speakers: flag
    .optional()
    .describe(
      `Name the speaker of each segment and start a new segment at each change of speaker (default ${TRANSCRIPT_EXPORT_DEFAULTS.srt.include_speakers} for subtitles, ${TRANSCRIPT_EXPORT_DEFAULTS.html.include_speakers} otherwise).`,
    ),
  include_timestamps: flag
    .optional()
    .describe("Show each segment's start time (subtitles always carry times)."),
  segment_on_silence_longer_than_s: limit('A pause longer than this many seconds starts a new segment'),
  max_segment_duration_s: limit('The longest segment in seconds'),
  max_segment_chars: limit('The most characters in a segment'),
  max_characters_per_line: limit('Wrap lines at this many characters (srt, vtt and txt only)'),
})

export const alignmentResponse = z.object({
  characters: z.array(z.object({ text: z.string(), start: z.number(), end: z.number() })),
  words: z.array(z.object({ text: z.string(), start: z.number(), end: z.number(), loss: z.number() })),
  loss: z.number(),
})

export const speechToTextModels = z.object({
  models: z.array(
    z.object({
      model_id: z.string(),
      name: z.string(),
      engine: z.string(),
      /** ISO 639-1 codes. */
      languages: z.array(z.string()),
      identifies_language: z.boolean(),
      size_bytes: z.number().int().nullable(),
      available: z.boolean(),
      /** Why the model cannot be used (its files did not load), when it cannot. */
      unavailable_reason: z.string().nullable(),
    }),
  ),
})
