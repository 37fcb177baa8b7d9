import { AUDIO_NATIVE_MAX_ALLOWLIST, AUDIO_NATIVE_MAX_PAGE_BYTES } from '@timbre/contract'
import type { FastifyRequest } from 'fastify'
import {
  booleanValue,
  lastValue,
  type MultipartForm,
  multipartForm,
  readMultipart,
  type UploadedFile,
} from '../../platform/http/multipart.js'

// The multipart bodies of Audio Native calls: text fields (some repeated, such as
// pronunciation_dictionary_locators) and at most one article file in `file`.

const article = {
  file: {
    description: 'The article as HTML or text.',
    maxBytes: AUDIO_NATIVE_MAX_PAGE_BYTES,
    label: 'The article file',
  },
}

const flag = (description: string) => ({ description, kind: 'boolean' as const })

export const audioNativeCreateForm = multipartForm({
  files: article,
  fields: {
    name: { description: 'The player name.', required: true, missing: 'Name is required.' },
    image: { description: 'The address of the image shown in the player.' },
    author: { description: 'The author shown in the player.' },
    title: { description: 'The title shown in the player.' },
    small: flag('true: the small player.'),
    text_color: { description: 'A CSS colour, e.g. #1f2937.' },
    background_color: { description: 'A CSS colour, e.g. #ffffff.' },
    sessionization: {
      description: 'Minutes within which plays of one listener count once.',
      kind: 'integer',
    },
    voice_id: { description: 'The voice that reads the article.' },
    model_id: { description: 'The model that reads the article.' },
    auto_convert: flag('true: convert the article now.'),
    auto_publish: flag('Timbre: false keeps new audio in `converted` until the publish call; default true.'),
    apply_text_normalization: { description: 'auto, on or off.', enum: ['auto', 'on', 'off'] },
    pronunciation_dictionary_locators: {
      description:
        'A dictionary to apply, as JSON {"pronunciation_dictionary_id", "version_id"} or `id:version`; at most 3.',
      kind: 'json',
      maxCount: 10,
    },
    allowed_urls: {
      description: `Timbre: a page or site allowed to show the player; at most ${AUDIO_NATIVE_MAX_ALLOWLIST}.`,
      maxCount: AUDIO_NATIVE_MAX_ALLOWLIST * 2,
    },
    content_selector: { description: 'Timbre: a CSS selector for the article text on the page.' },
  },
})

export const audioNativeContentForm = multipartForm({
  files: { file: { ...article.file, required: true } },
  fields: {
    auto_convert: flag('true: convert the new article now; default false.'),
    auto_publish: flag('true: publish when converted; default false (the audio waits in `converted`).'),
  },
})

export interface AudioNativeForm {
  fields: Map<string, string[]>
  file?: UploadedFile
}

export async function readAudioNativeForm<T extends string>(
  request: FastifyRequest,
  form: MultipartForm<'file', T>,
): Promise<AudioNativeForm> {
  const body = await readMultipart(request, form)
  const file = body.file('file')
  return { fields: body.textMap(), ...(file ? { file } : {}) }
}

export function formField(form: AudioNativeForm, name: string): string | undefined {
  return lastValue(form.fields, name)
}

export function formBoolean(form: AudioNativeForm, name: string): boolean | undefined {
  return booleanValue(formField(form, name), name)
}
