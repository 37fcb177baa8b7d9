import {
  STUDIO_COVER_IMAGE_MAX_BYTES,
  STUDIO_DOCUMENT_MAX_BYTES,
  STUDIO_FICTION,
  STUDIO_QUALITY_PRESETS,
  STUDIO_SOURCE_TYPES,
  STUDIO_TARGET_AUDIENCES,
  STUDIO_TEXT_NORMALIZATION,
} from '@timbre/contract'
import type { FastifyRequest } from 'fastify'
import {
  booleanValue,
  lastValue,
  type MultipartForm,
  multipartForm,
  readMultipart,
} from '../../platform/http/multipart.js'

// The multipart bodies of project creation, the content call and the cover call: text fields
// (some repeated, such as genres), a document in `from_document` and a cover in `cover_image`.

const document = {
  description: 'The content: EPUB, DOCX, HTML or UTF-8 text, recognised by content.',
  maxBytes: STUDIO_DOCUMENT_MAX_BYTES,
  label: 'The document',
}
const cover = {
  description: 'The cover: JPEG, PNG, SVG or WebP, recognised by content.',
  maxBytes: STUDIO_COVER_IMAGE_MAX_BYTES,
  label: 'The cover image',
}
const flag = (description: string) => ({ description, kind: 'boolean' as const })

/** The content sources of creation and of the content call (at most one of them). */
const contentFields = {
  from_url: { description: 'An HTTPS page whose readable text is imported.', maxBytes: 4096 },
  from_content_json: {
    description: 'Chapters as JSON: [{"name", "blocks": [{"sub_type", "nodes": [...]}]}].',
    kind: 'json' as const,
    maxBytes: 2 * 1024 * 1024,
  },
  auto_convert: flag('Not available on this server: convert chapters afterwards.'),
}

export const studioCreateForm = multipartForm({
  files: { from_document: document, cover_image: cover },
  fields: {
    name: {
      description: 'Under 50 characters, no special characters.',
      required: true,
      missing: 'Name is required.',
    },
    default_title_voice_id: { description: 'The voice of headings.' },
    default_paragraph_voice_id: { description: 'The voice of paragraphs.' },
    default_model_id: { description: 'The model of new chapters.' },
    title: { description: 'Metadata: the title (at most 200 characters).' },
    author: { description: 'Metadata: the author (at most 200 characters).' },
    description: { description: 'Metadata: a description (at most 2,000 characters).' },
    genres: { description: 'Metadata: a genre (repeated; at most 20 of 60 characters).', maxCount: 40 },
    target_audience: { description: 'Metadata: the audience.', enum: STUDIO_TARGET_AUDIENCES },
    language: { description: 'Metadata: a two-letter language code (ISO 639-1).' },
    content_type: { description: 'Metadata: the kind of content.' },
    original_publication_date: { description: 'Metadata: YYYY or YYYY-MM-DD.' },
    mature_content: flag('Metadata: true for mature content.'),
    isbn_number: { description: 'Metadata: the ISBN.' },
    fiction: { description: 'Metadata: fiction or non-fiction.', enum: STUDIO_FICTION },
    volume_normalization: flag('true: exports are normalised to the audiobook loudness range.'),
    acx_volume_normalization: flag('The former name of volume_normalization.'),
    quality_preset: { description: 'The audio quality of conversions.', enum: STUDIO_QUALITY_PRESETS },
    apply_text_normalization: { description: 'Text normalisation.', enum: STUDIO_TEXT_NORMALIZATION },
    source_type: { description: 'What the project is made from.', enum: STUDIO_SOURCE_TYPES },
    callback_url: { description: 'An HTTPS address that hears each conversion result.', maxBytes: 4096 },
    ...contentFields,
  },
})

export const studioContentForm = multipartForm({ files: { from_document: document }, fields: contentFields })

export const studioCoverForm = multipartForm({
  files: { cover_image: { ...cover, required: true } },
  fields: {},
})

export interface StudioForm {
  fields: Map<string, string[]>
  document?: { fileName: string; data: Buffer }
  cover?: Buffer
}

export async function readStudioForm<F extends 'from_document' | 'cover_image', T extends string>(
  request: FastifyRequest,
  form: MultipartForm<F, T>,
): Promise<StudioForm> {
  const body = await readMultipart<string, string>(request, form)
  const documentFile = body.file('from_document')
  const coverFile = body.file('cover_image')
  return {
    fields: body.textMap(),
    ...(documentFile ? { document: documentFile } : {}),
    ...(coverFile ? { cover: coverFile.data } : {}),
  }
}

/** The single value of a field (the last one sent), or undefined. */
export function field(form: StudioForm, name: string): string | undefined {
  return lastValue(form.fields, name)
}

/** A boolean field as multipart sends them ('true' / 'false'). */
export function booleanField(form: StudioForm, name: string): boolean | undefined {
  return booleanValue(field(form, name), name)
}
