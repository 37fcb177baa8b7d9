import { LANGUAGE_NAMES, PREMADE_VOICES } from '@timbre/speech'
import { AppError } from '../../errors.js'
import { parseLabels } from '../voices/voices.module.js'

// The fields of a professional clone's draft as its forms send them.

export const DESCRIPTION_MAX = 500

export function languageOf(raw: unknown): string {
  const code = typeof raw === 'string' ? raw.trim().toLowerCase() : ''
  if (!code || !(code in LANGUAGE_NAMES)) {
    throw new AppError('validation_error', {
      message: `language must be a supported language code (${Object.keys(LANGUAGE_NAMES).slice(0, 8).join(', ')}, ...).`,
      param: 'language',
    })
  }
  return code
}

export function descriptionOf(raw: unknown): string | null {
  if (raw === undefined || raw === null) return null
  if (typeof raw !== 'string' || raw.length > DESCRIPTION_MAX) {
    throw new AppError('validation_error', {
      message: `description is text of at most ${DESCRIPTION_MAX} characters.`,
      param: 'description',
    })
  }
  return raw.trim() || null
}

export function labelsOf(raw: unknown): Record<string, string> {
  if (raw === undefined || raw === null) return {}
  return parseLabels(typeof raw === 'string' ? raw : JSON.stringify(raw))
}

/** The premade voice a draft is spoken with in previews until it is trained: one of its language. */
export function draftDefinition(voiceId: string, name: string, language: string) {
  const base =
    PREMADE_VOICES.find((v) => v.language === language) ?? PREMADE_VOICES.find((v) => v.language === 'en')!
  return { ...base, voice_id: voiceId, name, training: 'pending' as const }
}
