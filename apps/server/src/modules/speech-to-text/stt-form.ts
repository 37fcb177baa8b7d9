import {
  SPEECH_TO_TEXT_KEYTERM_CHARS_MAX,
  SPEECH_TO_TEXT_KEYTERMS_MAX,
  SPEECH_TO_TEXT_MAX_BYTES,
  SPEECH_TO_TEXT_MAX_SPEAKERS,
  SPEECH_TO_TEXT_MIN_SPEAKERS,
  SPEECH_TO_TEXT_WEBHOOK_METADATA_BYTES,
  SPEECH_TO_TEXT_WEBHOOK_METADATA_DEPTH,
  TIMESTAMPS_GRANULARITIES,
  type TimestampsGranularity,
} from '@timbre/contract'
import type { FastifyRequest } from 'fastify'
import { AppError } from '../../errors.js'
import { type MultipartBody, multipartForm, readMultipart } from '../../platform/http/multipart.js'
import { ExportOptionError, type ExportRequest, readExportRequests } from './exports/export-options.js'
import { isSubtitles } from './exports/segments.js'

// The multipart bodies of POST /v1/speech-to-text and POST /v1/forced-alignment, with the
// public API's field names. A file over the limit is refused while it arrives.

export const FILE_FORMATS = ['other', 'pcm_s16le_16'] as const
const tooBig = () => new AppError('speech_to_text_file_too_big', { param: 'file' })

const fileField = {
  description:
    'The audio or video file: WAV, MP3, OGG, FLAC, M4A or WebM, recognised by content; or raw 16 kHz ' +
    '16-bit mono PCM with `file_format=pcm_s16le_16`.',
  maxBytes: SPEECH_TO_TEXT_MAX_BYTES,
  tooLarge: tooBig,
}

export const transcriptionForm = multipartForm({
  files: { file: fileField },
  fields: {
    model_id: { description: 'The transcription model.', required: true },
    language_code: { description: 'ISO 639-1 or 639-3 code of the language spoken; detected when absent.' },
    tag_audio_events: { description: 'Tag non-speech sounds such as laughter.', kind: 'boolean' },
    num_speakers: { description: 'The most speakers in the file (1 to 32).', kind: 'integer' },
    timestamps_granularity: { description: 'Timing detail of the words.', enum: TIMESTAMPS_GRANULARITIES },
    diarize: { description: 'Mark which speaker says each word.', kind: 'boolean' },
    diarization_threshold: {
      description: 'How readily a new speaker is started (0.1 to 0.4).',
      kind: 'number',
    },
    additional_formats: {
      description:
        'Further export formats, as a JSON array of objects such as `{"format": "srt", "max_characters_per_line": 42}`: ' +
        'srt, txt, segmented_json, docx, pdf, html (and vtt), each with its options (include_speakers, include_timestamps, ' +
        'segment_on_silence_longer_than_s, max_segment_duration_s, max_segment_chars; max_characters_per_line for srt, vtt ' +
        'and txt). DOCX and PDF come base64-encoded.',
      kind: 'json',
    },
    file_format: { description: 'The kind of the file.', enum: FILE_FORMATS },
    cloud_storage_url: { description: 'An HTTPS URL of the file, instead of `file`.', maxBytes: 4096 },
    webhook: {
      description: 'Answer at once and deliver the transcript to the workspace webhooks.',
      kind: 'boolean',
    },
    webhook_id: {
      description: 'With `webhook`: the one speech to text webhook to deliver to, instead of all of them.',
      maxBytes: 256,
    },
    webhook_metadata: {
      description: 'With `webhook`: a JSON object (at most 2 levels deep, 16 KB) sent back with the result.',
      kind: 'json',
    },
    temperature: {
      description: 'Randomness of the decoding (0 to 2); the default decoder is deterministic.',
      kind: 'number',
    },
    seed: { description: 'Seed for repeatable decoding.', kind: 'integer' },
    keyterms: {
      description: 'Words or phrases the audio is likely to hold; the recogniser favours them.',
      maxCount: SPEECH_TO_TEXT_KEYTERMS_MAX,
      maxBytes: SPEECH_TO_TEXT_KEYTERM_CHARS_MAX * 4,
    },
  },
})

export const alignmentForm = multipartForm({
  files: { file: { ...fileField, required: true } },
  fields: {
    text: { description: 'The text spoken in the file.', required: true, maxBytes: 400_000 },
    language_code: {
      description:
        'Our addition: ISO 639-1 or 639-3 code of the language spoken (English when absent). Languages ' +
        'the recogniser does not cover are aligned against our own synthesis of the text.',
    },
    enabled_spooled_file: {
      description: 'Accepted for compatibility; files are always read whole.',
      kind: 'boolean',
    },
  },
})

export interface SourceFile {
  data: Buffer
  fileName: string
  fileFormat: (typeof FILE_FORMATS)[number]
}

export interface TranscriptionInput {
  file: SourceFile | null
  cloudStorageUrl: string | null
  modelId: string
  languageCode: string | null
  tagAudioEvents: boolean
  numSpeakers: number | null
  granularity: TimestampsGranularity
  diarize: boolean
  diarizationThreshold: number | null
  additionalFormats: ExportRequest[]
  webhook: boolean
  webhookId: string | null
  webhookMetadata: Record<string, unknown> | null
  keyterms: string[]
}

function invalid(param: string, message: string): AppError {
  return new AppError('validation_error', { param, message })
}

function numberField(body: MultipartBody<string, string>, name: string): number | null {
  const raw = body.text(name)
  if (raw === undefined || raw === '') return null
  const value = Number(raw)
  if (!Number.isFinite(value)) throw invalid(name, `${name} must be a number.`)
  return value
}

export async function readTranscriptionForm(request: FastifyRequest): Promise<TranscriptionInput> {
  const body = (await readMultipart(request, transcriptionForm)) as unknown as MultipartBody<string, string>
  const upload = body.file('file')
  const cloudStorageUrl = body.text('cloud_storage_url') || null
  if ((upload ? 1 : 0) + (cloudStorageUrl ? 1 : 0) !== 1)
    throw new AppError('speech_to_text_no_input', { param: 'file' })
  const numSpeakers = numberField(body, 'num_speakers')
  if (
    numSpeakers !== null &&
    (!Number.isInteger(numSpeakers) ||
      numSpeakers < SPEECH_TO_TEXT_MIN_SPEAKERS ||
      numSpeakers > SPEECH_TO_TEXT_MAX_SPEAKERS)
  )
    throw invalid(
      'num_speakers',
      `num_speakers must be between ${SPEECH_TO_TEXT_MIN_SPEAKERS} and ${SPEECH_TO_TEXT_MAX_SPEAKERS}.`,
    )
  const threshold = numberField(body, 'diarization_threshold')
  if (threshold !== null && (threshold < 0.1 || threshold > 0.4))
    throw invalid('diarization_threshold', 'diarization_threshold must be between 0.1 and 0.4.')
  const temperature = numberField(body, 'temperature')
  if (temperature !== null && (temperature < 0 || temperature > 2))
    throw invalid('temperature', 'temperature must be between 0 and 2.')
  const keyterms = body
    .texts('keyterms')
    .map((k) => k.trim())
    .filter(Boolean)
  for (const term of keyterms)
    if ([...term].length > SPEECH_TO_TEXT_KEYTERM_CHARS_MAX)
      throw invalid('keyterms', `Each keyterm is at most ${SPEECH_TO_TEXT_KEYTERM_CHARS_MAX} characters.`)
  const granularity = (body.text('timestamps_granularity') as TimestampsGranularity | undefined) ?? 'word'
  return {
    file: upload
      ? { data: upload.data, fileName: upload.fileName.slice(0, 255), fileFormat: fileFormat(body) }
      : null,
    cloudStorageUrl,
    modelId: body.text('model_id') ?? '',
    languageCode: body.text('language_code') || null,
    tagAudioEvents: body.boolean('tag_audio_events') ?? true,
    numSpeakers,
    granularity,
    diarize: body.boolean('diarize') ?? false,
    diarizationThreshold: threshold,
    additionalFormats: additionalFormats(body.text('additional_formats'), granularity),
    ...webhookOptions(body),
    keyterms,
  }
}

/** The webhook fields: an id or metadata without `webhook` is refused, as metadata past its bounds. */
function webhookOptions(
  body: MultipartBody<string, string>,
): Pick<TranscriptionInput, 'webhook' | 'webhookId' | 'webhookMetadata'> {
  const webhook = body.boolean('webhook') ?? false
  const webhookId = body.text('webhook_id') || null
  const raw = body.text('webhook_metadata') || null
  if (!webhook && (webhookId || raw))
    throw invalid(
      webhookId ? 'webhook_id' : 'webhook_metadata',
      'This field is only valid when webhook is true.',
    )
  return { webhook, webhookId, webhookMetadata: raw === null ? null : webhookMetadata(raw) }
}

function webhookMetadata(raw: string): Record<string, unknown> {
  const refuse = () => new AppError('speech_to_text_webhook_metadata_invalid', { param: 'webhook_metadata' })
  if (Buffer.byteLength(raw) > SPEECH_TO_TEXT_WEBHOOK_METADATA_BYTES) throw refuse()
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    throw refuse()
  }
  if (!isPlainObject(parsed) || depth(parsed) > SPEECH_TO_TEXT_WEBHOOK_METADATA_DEPTH) throw refuse()
  return parsed
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Levels of nesting: an object of plain values is 1 deep. */
function depth(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0
  const children = Object.values(value as Record<string, unknown>)
  return 1 + Math.max(0, ...children.map(depth))
}

function fileFormat(body: MultipartBody<string, string>): SourceFile['fileFormat'] {
  return (body.text('file_format') as SourceFile['fileFormat'] | undefined) ?? 'other'
}

/** The export requests of `additional_formats`, refused whole before any work when one is wrong. */
function additionalFormats(raw: string | undefined, granularity: TimestampsGranularity): ExportRequest[] {
  if (!raw) return []
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    throw invalid('additional_formats', 'additional_formats must be JSON, such as [{"format": "srt"}].')
  }
  let requests: ExportRequest[]
  try {
    requests = readExportRequests(parsed)
  } catch (error) {
    if (error instanceof ExportOptionError) throw invalid('additional_formats', error.message)
    throw error
  }
  const subtitles = requests.find((r) => isSubtitles(r.format))
  if (subtitles && granularity === 'none')
    throw invalid(
      'additional_formats',
      `${subtitles.format} subtitles need word times: use timestamps_granularity word or character.`,
    )
  return requests
}

export async function readAlignmentForm(
  request: FastifyRequest,
): Promise<{ file: SourceFile; text: string; languageCode: string | null }> {
  const body = await readMultipart(request, alignmentForm)
  const upload = body.file('file')
  if (!upload) throw invalid('file', "The field 'file' is required.")
  const text = body.text('text') ?? ''
  if (!text.trim()) throw new AppError('forced_alignment_text_empty', { param: 'text' })
  return {
    file: { data: upload.data, fileName: upload.fileName.slice(0, 255), fileFormat: 'other' },
    text,
    languageCode: body.text('language_code') || null,
  }
}
