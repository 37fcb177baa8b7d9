import {
  AUDIO_NATIVE_MAX_CHARACTERS,
  AUDIO_NATIVE_MAX_DICTIONARIES,
  AUDIO_NATIVE_MAX_SESSIONIZATION,
  AUDIO_NATIVE_NAME_MAX,
  AUDIO_NATIVE_TEXT_NORMALIZATION,
} from '@timbre/contract'
import { AppError } from '../../errors.js'
import { extractArticle, InvalidSelector, paragraphsOfText } from '../../lib/web-page/article-text.js'

// The checks of an Audio Native form or body (each refusal a 400 naming its field) and the
// article text read from an uploaded or fetched page.

export type Locator = { pronunciation_dictionary_id: string; version_id: string | null }

/** How long a signed audio link given to a player works. */
export const AUDIO_LINK_SECONDS = 6 * 60 * 60
const COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i

export function invalid(message: string, param: string): AppError {
  return new AppError('validation_error', { message, param })
}

export function checkName(raw: string | undefined): string {
  const name = raw?.trim() ?? ''
  if (!name) throw invalid('Name is required.', 'name')
  if (name.length > AUDIO_NATIVE_NAME_MAX)
    throw invalid(`The name may be at most ${AUDIO_NATIVE_NAME_MAX} characters.`, 'name')
  return name
}

export function checkColour(value: string | undefined, param: string): string | undefined {
  if (value === undefined || value === '') return undefined
  if (!COLOUR.test(value.trim())) throw invalid(`'${param}' must be a colour such as #1A2B3C.`, param)
  return value.trim().toUpperCase()
}

export function checkText(value: string | undefined, param: string, max = 500): string | undefined {
  if (value === undefined) return undefined
  if (value.length > max) throw invalid(`'${param}' may be at most ${max} characters.`, param)
  return value.trim()
}

export function checkNormalisation(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined
  if (!(AUDIO_NATIVE_TEXT_NORMALIZATION as readonly string[]).includes(value))
    throw invalid(
      `'apply_text_normalization' must be one of: ${AUDIO_NATIVE_TEXT_NORMALIZATION.join(', ')}.`,
      'apply_text_normalization',
    )
  return value
}

export function checkSessionization(value: string | number | undefined): number | undefined {
  if (value === undefined || value === '') return undefined
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0 || n > AUDIO_NATIVE_MAX_SESSIONIZATION)
    throw invalid(
      `'sessionization' must be whole minutes from 0 to ${AUDIO_NATIVE_MAX_SESSIONIZATION}.`,
      'sessionization',
    )
  return n
}

/** Locators as the SDK sends them: each a JSON object, or `id` / `id:version`. */
export function parseLocators(values: string[]): Locator[] {
  const locators = values.map((raw) => {
    const text = raw.trim()
    if (text.startsWith('{')) {
      try {
        const parsed = JSON.parse(text) as { pronunciation_dictionary_id?: unknown; version_id?: unknown }
        if (typeof parsed.pronunciation_dictionary_id === 'string' && parsed.pronunciation_dictionary_id)
          return {
            pronunciation_dictionary_id: parsed.pronunciation_dictionary_id,
            version_id: typeof parsed.version_id === 'string' ? parsed.version_id : null,
          }
      } catch {
        // reported below
      }
      throw invalid(
        'Each pronunciation dictionary locator needs a pronunciation_dictionary_id.',
        'pronunciation_dictionary_locators',
      )
    }
    const [id, version] = text.split(':')
    if (!id)
      throw invalid('A pronunciation dictionary locator is empty.', 'pronunciation_dictionary_locators')
    return { pronunciation_dictionary_id: id, version_id: version || null }
  })
  if (locators.length > AUDIO_NATIVE_MAX_DICTIONARIES)
    throw invalid(
      `At most ${AUDIO_NATIVE_MAX_DICTIONARIES} pronunciation dictionaries per request.`,
      'pronunciation_dictionary_locators',
    )
  return locators
}

/** The article an upload holds: HTML (by its bytes, whatever its name) or plain text. */
export async function articleFromUpload(data: Buffer, selector: string | null) {
  const text = data.toString('utf8')
  if (/^\s*</.test(text)) return articleFromHtml(text, selector)
  return { title: null, author: null, paragraphs: paragraphsOfText(text) }
}

export async function articleFromHtml(html: string, selector: string | null) {
  try {
    return await extractArticle(html, selector)
  } catch (error) {
    if (error instanceof InvalidSelector)
      throw invalid(`'${selector}' is not a valid CSS selector.`, 'content_selector')
    throw error
  }
}

export function checkContent(paragraphs: string[]): string {
  const text = paragraphs.join('\n\n')
  if (!text.trim()) throw new AppError('audio_native_no_content', { param: 'file' })
  if (text.length > AUDIO_NATIVE_MAX_CHARACTERS)
    throw invalid(
      `The article is ${text.length} characters long; a player reads at most ${AUDIO_NATIVE_MAX_CHARACTERS}.`,
      'file',
    )
  return text
}
