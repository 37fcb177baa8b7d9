import type { FastifyRequest } from 'fastify'
import { type MultipartForm, multipartForm, readMultipart } from '../../platform/http/multipart.js'
import type { EditForm } from './voice-edit.service.js'
import { VOICE_LIMITS } from './voice-limits.js'

// The multipart forms of instant cloning (POST /v1/voices/add) and of a voice edit: a name,
// a description, labels as a JSON object, the noise flag and the audio samples.

const AUDIO = 'WAV, MP3, OGG, FLAC, M4A or WebM, recognised by content, at most 5 minutes each'

const fields = {
  name: {
    description: 'The voice name.',
    required: true,
    missing: 'name is required.',
    maxBytes: VOICE_LIMITS.fieldBytesMax,
  },
  description: { description: 'What the voice sounds like.', maxBytes: VOICE_LIMITS.fieldBytesMax },
  labels: {
    description: 'A JSON object of strings, e.g. {"accent": "british"}; `language` picks the base voices.',
    kind: 'json',
    maxBytes: VOICE_LIMITS.fieldBytesMax,
  },
  remove_background_noise: {
    description: 'true: RNNoise runs over the samples before they are measured.',
    kind: 'boolean',
  },
} as const

const samples = (description: string, required: boolean) => ({
  files: {
    description,
    maxBytes: VOICE_LIMITS.sampleBytesMax,
    maxCount: VOICE_LIMITS.filesPerRequest,
    label: 'Each file',
    required,
    missing: 'Upload at least one audio sample as files.',
  },
})

export const voiceAddForm = multipartForm({
  files: samples(`Audio samples of one speaker: ${AUDIO}.`, true),
  fields,
  maxTotalBytes: VOICE_LIMITS.requestBytesMax,
})

export const voiceEditForm = multipartForm({
  files: samples(`Audio samples to add to the voice: ${AUDIO}.`, false),
  fields,
  maxTotalBytes: VOICE_LIMITS.requestBytesMax,
})

/** The body of an add or edit call, as the voice services take it. */
export async function readVoiceForm(
  request: FastifyRequest,
  form: MultipartForm<'files', keyof typeof fields>,
): Promise<EditForm> {
  const body = await readMultipart(request, form)
  return { fields: body.textRecord(), files: body.files('files') }
}
