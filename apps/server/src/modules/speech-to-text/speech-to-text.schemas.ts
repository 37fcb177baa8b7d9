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

export const alignmentResponse = z.object({
  characters: z.array(z.object({ text: z.string(), start: z.number(), end: z.number() })),
  words: z.array(z.object({ text: z.string(), start: z.number(), end: z.number(), loss: z.number() })),
  loss: z.number(),
})
