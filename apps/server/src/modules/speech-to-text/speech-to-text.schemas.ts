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

export const alignmentResponse = z.object({
  characters: z.array(z.object({ text: z.string(), start: z.number(), end: z.number() })),
  words: z.array(z.object({ text: z.string(), start: z.number(), end: z.number(), loss: z.number() })),
  loss: z.number(),
})
