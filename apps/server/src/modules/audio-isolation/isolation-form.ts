import type { FastifyRequest } from 'fastify'
import { AppError } from '../../errors.js'
import { type MultipartForm, multipartForm, readMultipart } from '../../platform/http/multipart.js'
import { FILE_FORMATS } from './audio-isolation.schemas.js'
import { fileTooBig, type IsolationLimits, type IsolationUpload } from './audio-isolation.service.js'

// The multipart body of an isolation call: one file field `audio`, and the text fields
// `file_format` and `preview_b64`. A file over the limit is refused while it arrives (413 with
// the product's message), never read whole.

/** The largest text field: a preview image in base64. */
const PREVIEW_BYTES_MAX = 2 * 1024 * 1024

/** The form of the isolation calls, with this server's limits in it. */
export function isolationForm(limits: IsolationLimits) {
  return multipartForm({
    files: {
      audio: {
        description:
          'The recording: WAV, MP3, OGG, FLAC, M4A or WebM, recognised by content; or raw 16 kHz 16-bit ' +
          'mono PCM with `file_format=pcm_s16le_16`.',
        maxBytes: limits.maxBytes,
        required: true,
        tooLarge: () => fileTooBig(limits),
      },
    },
    fields: {
      file_format: { description: 'The kind of the recording.', enum: FILE_FORMATS },
      preview_b64: {
        description: 'A preview image in base64, kept with the result.',
        maxBytes: PREVIEW_BYTES_MAX,
      },
    },
  })
}

export async function readIsolationForm(
  request: FastifyRequest,
  form: MultipartForm<'audio', 'file_format' | 'preview_b64'>,
): Promise<IsolationUpload> {
  const body = await readMultipart(request, form)
  const audio = body.file('audio')
  if (!audio)
    throw new AppError('validation_error', { message: "The field 'audio' is required.", param: 'audio' })
  const fileFormat = body.text('file_format') ?? 'other'
  if (!(FILE_FORMATS as readonly string[]).includes(fileFormat)) {
    throw new AppError('validation_error', {
      message: "file_format must be 'other' or 'pcm_s16le_16'.",
      param: 'file_format',
    })
  }
  return {
    data: audio.data,
    fileName: audio.fileName.slice(0, 255),
    fileFormat: fileFormat as IsolationUpload['fileFormat'],
    previewB64: body.text('preview_b64') || null,
  }
}
