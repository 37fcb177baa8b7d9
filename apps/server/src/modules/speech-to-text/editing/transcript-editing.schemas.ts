import { TRANSCRIPT_EDIT_TEXT_MAX, TRANSCRIPT_SPEAKER_NAME_MAX } from '@timbre/contract'
import { z } from 'zod'
import { transcriptExportQuery, transcriptWord } from '../speech-to-text.schemas.js'

// The transcript editor's calls: Timbre's own, under a stored transcript's path.

const version = z
  .number()
  .int()
  .min(0)
  .describe('The `version` of the transcript the edit was made on; another is refused with 409.')
const index = z.number().int().min(0)

export const editorDocument = z.object({
  transcription_id: z.string(),
  file_name: z.string(),
  version: z.number().int(),
  language_code: z.string(),
  audio_duration_secs: z.number(),
  text: z.string(),
  words: z.array(transcriptWord),
  segments: z.array(
    z.object({
      start_index: z.number().int(),
      end_index: z.number().int(),
      speaker_id: z.string().nullable(),
      start: z.number().nullable(),
      end: z.number().nullable(),
    }),
  ),
  speakers: z.array(z.object({ speaker_id: z.string(), name: z.string().nullable() })),
  audio: z.object({ available: z.boolean(), url: z.string().nullable() }),
  peaks: z.array(z.number()).describe('Waveform bars from 0 to 100, evenly over the audio.'),
})

export const wordsEdit = z.object({
  version,
  from_index: index.describe('The first word replaced (an index into `words`).'),
  to_index: index.describe('The last word replaced (inclusive), in the same segment.'),
  text: z
    .string()
    .max(TRANSCRIPT_EDIT_TEXT_MAX * 4)
    .describe('The new words; empty removes the range. They are timed by re-aligning their segment.'),
})

export const speakerParams = z.object({
  transcription_id: z.string().min(1).max(64),
  speaker_id: z.string().min(1).max(64),
})

export const speakerRename = z.object({
  version,
  name: z
    .string()
    .max(TRANSCRIPT_SPEAKER_NAME_MAX * 4)
    .nullable()
    .describe('The display name; empty or null gives the speaker back its number.'),
})

export const speakerMerge = z.object({
  version,
  into_speaker_id: z.string().min(1).max(64).describe("The speaker who takes this speaker's words."),
})

export const segmentSplit = z.object({
  version,
  word_index: index.describe('The word the new segment starts at.'),
})
export const segmentJoin = z.object({
  version,
  segment_index: index.describe('The segment joined with the one after it.'),
})

export const cuesQuery = transcriptExportQuery.omit({ format: true })

export const cuesResponse = z.object({
  options: z.object({
    include_speakers: z.boolean(),
    include_timestamps: z.boolean(),
    segment_on_silence_longer_than_s: z.number().nullable(),
    max_segment_duration_s: z.number().nullable(),
    max_segment_chars: z.number().nullable(),
    max_characters_per_line: z.number().nullable(),
  }),
  cues: z.array(
    z.object({
      start: z.number().nullable(),
      end: z.number().nullable(),
      speaker_id: z.string().nullable(),
      lines: z.array(z.string()),
    }),
  ),
})
