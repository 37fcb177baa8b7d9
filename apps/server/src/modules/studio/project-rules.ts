import {
  STUDIO_FICTION,
  STUDIO_PROJECT_NAME_FORBIDDEN,
  STUDIO_PROJECT_NAME_MAX,
  STUDIO_QUALITY_PRESETS,
  STUDIO_TARGET_AUDIENCES,
  STUDIO_TEXT_NORMALIZATION,
} from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import type { ProjectRow } from './studio.repository.js'
import { type StoredBlock, voicesIn } from './studio-content.js'
import { booleanField, field, type StudioForm } from './studio-form.js'
import type { ProjectMetadata } from './studio-views.js'

// The rules of a project's fields as the create and update forms send them.

export type Workspace = Pick<Principal, 'workspaceId' | 'userId'>

export function invalid(message: string, param: string): AppError {
  return new AppError('validation_error', { message, param })
}

export function checkProjectName(raw: string | undefined, param = 'name'): string {
  const name = raw?.trim() ?? ''
  if (!name) throw invalid('Name is required.', param)
  if (name.length > STUDIO_PROJECT_NAME_MAX)
    throw invalid(`The name must be under ${STUDIO_PROJECT_NAME_MAX + 1} characters.`, param)
  if (STUDIO_PROJECT_NAME_FORBIDDEN.test(name))
    throw invalid('The name may not contain special characters such as < > / \\ : * " | # % @.', param)
  return name
}

export function oneOf<T extends readonly string[]>(
  values: T,
  value: string | undefined,
  param: string,
): T[number] | undefined {
  if (value === undefined || value === '') return undefined
  if (!values.includes(value)) throw invalid(`'${param}' must be one of: ${values.join(', ')}.`, param)
  return value
}

export function optionalText(form: StudioForm, name: string, max: number): string | undefined {
  const value = field(form, name)?.trim()
  if (!value) return undefined
  if (value.length > max) throw invalid(`'${name}' may be at most ${max} characters.`, name)
  return value
}

/** The metadata fields a creation form may carry, checked one by one. */
export function metadataFrom(form: StudioForm): ProjectMetadata {
  const date = optionalText(form, 'original_publication_date', 10)
  if (date && !/^\d{4}(-\d{2}-\d{2})?$/.test(date))
    throw invalid('original_publication_date must be YYYY or YYYY-MM-DD.', 'original_publication_date')
  const language = optionalText(form, 'language', 8)
  if (language && !/^[a-z]{2}$/i.test(language))
    throw invalid('language must be a two-letter language code (ISO 639-1).', 'language')
  const isbn = optionalText(form, 'isbn_number', 32)
  if (isbn && !/^[0-9Xx -]{10,17}$/.test(isbn)) throw invalid('isbn_number is not an ISBN.', 'isbn_number')
  const genres = (form.fields.get('genres') ?? []).map((g) => g.trim()).filter(Boolean)
  if (genres.length > 20 || genres.some((g) => g.length > 60))
    throw invalid('At most 20 genres of 60 characters.', 'genres')
  return {
    title: optionalText(form, 'title', 200) ?? null,
    author: optionalText(form, 'author', 200) ?? null,
    description: optionalText(form, 'description', 2000) ?? null,
    genres,
    target_audience:
      oneOf(STUDIO_TARGET_AUDIENCES, field(form, 'target_audience'), 'target_audience') ?? null,
    language: language?.toLowerCase() ?? null,
    content_type: optionalText(form, 'content_type', 60) ?? null,
    original_publication_date: date ?? null,
    mature_content: booleanField(form, 'mature_content') ?? false,
    isbn_number: isbn ?? null,
    fiction: oneOf(STUDIO_FICTION, field(form, 'fiction'), 'fiction') ?? null,
    volume_normalization:
      booleanField(form, 'volume_normalization') ?? booleanField(form, 'acx_volume_normalization') ?? false,
    quality_preset:
      oneOf(STUDIO_QUALITY_PRESETS, field(form, 'quality_preset'), 'quality_preset') ?? 'standard',
    apply_text_normalization:
      oneOf(STUDIO_TEXT_NORMALIZATION, field(form, 'apply_text_normalization'), 'apply_text_normalization') ??
      'auto',
  }
}

/** The voices a project speaks with: its defaults and every voice its chapters name. */
export function projectVoiceIds(project: ProjectRow, chapters: { blocks: unknown[] }[]): string[] {
  const named = chapters.flatMap((c) => voicesIn(c.blocks as StoredBlock[]))
  return [...new Set([project.default_title_voice_id, project.default_paragraph_voice_id, ...named])]
}
