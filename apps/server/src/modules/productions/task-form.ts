import type { FastifyRequest } from 'fastify'
import { AppError } from '../../errors.js'
import { multipartForm, readMultipart } from '../../platform/http/multipart.js'
import { taskOptions, toOptions } from './productions.schemas.js'
import type { TaskOptions } from './task-options.js'

// The multipart body of registering a task from a file: the media and the order options.

/** The largest media file a production takes. */
export const PRODUCTION_MEDIA_MAX_BYTES = 1024 * 1024 * 1024

const flag = (description: string) => ({ description, kind: 'boolean' as const })

export const taskForm = multipartForm({
  files: {
    file: {
      description: 'The audio or video to produce from, recognised by its content (or give media_url).',
      maxBytes: PRODUCTION_MEDIA_MAX_BYTES,
    },
  },
  fields: {
    source_language: { description: 'The language spoken (a language code).', required: true },
    media_url: { description: 'An HTTPS address of the audio or video, instead of a file.' },
    target_languages: { description: 'Target languages (subtitles and dubs), comma-separated.' },
    number_of_speakers: { description: 'How many people speak.', kind: 'integer' },
    verbatim: flag('Keep every filler word and false start (adds 30%).'),
    sdh: flag('Subtitles for the deaf and hard of hearing (adds 30%; included for captions).'),
    audio_event_tags: flag('Tag sounds such as (laughter) and (music).'),
    custom_name: { description: 'A name for the production.' },
    instructions: { description: 'Instructions for the producer.' },
  },
})

export async function readTaskForm(
  request: FastifyRequest,
  kind: TaskOptions['kind'],
): Promise<{ file: { data: Buffer; fileName: string } | { url: string }; options: TaskOptions }> {
  const body = await readMultipart(request, taskForm)
  const uploaded = body.file('file')
  const url = body.text('media_url')?.trim()
  if (uploaded && url)
    throw new AppError('validation_error', {
      message: 'Give a file or media_url, not both.',
      param: 'media_url',
    })
  const file = uploaded ?? (url ? { url } : null)
  if (!file)
    throw new AppError('validation_error', { message: "The field 'file' is required.", param: 'file' })
  const speakers = body.text('number_of_speakers')
  const parsed = taskOptions.safeParse({
    source_language: body.text('source_language'),
    target_languages: (body.text('target_languages') ?? '')
      .split(',')
      .map((code) => code.trim())
      .filter(Boolean),
    number_of_speakers: speakers === undefined ? null : Number(speakers),
    verbatim: body.boolean('verbatim') ?? false,
    sdh: body.boolean('sdh') ?? false,
    audio_event_tags: body.boolean('audio_event_tags') ?? false,
    custom_name: body.text('custom_name')?.trim() || null,
    instructions: body.text('instructions')?.trim() || null,
  })
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new AppError('validation_error', { message: issue.message, param: String(issue.path[0] ?? '') })
  }
  const options = toOptions(kind, parsed.data)
  return { file, options: { ...options, sourceLanguage: options.sourceLanguage ?? 'en' } }
}
