import type { TFunction } from 'i18next'
import type { Voice } from '../../lib/api-types'

/** Badge lists show at most three entries. */
export const BADGE_LIST_LIMIT = 3

/**
 * The order labels are worth reading in: the language first (the library speaks many), then
 * what a voice sounds like, then what it is for.
 */
const LABEL_ORDER = ['language', 'gender', 'age', 'accent', 'descriptive', 'use_case']

// Label keys whose values come from a fixed vocabulary with names in the locale files.
const NAMED_LABELS = new Set(['gender', 'age', 'accent', 'use_case', 'descriptive'])

/**
 * A label as the reader sees it: a known value by its name in the reader's language
 * (`middle_aged` → "Middle-aged"), a language code as the language's name, and any other value
 * (a label a workspace wrote itself) as written, underscores read as spaces.
 */
export function labelText(
  t: TFunction,
  key: string,
  value: string,
  languageNames: Intl.DisplayNames | null,
): string {
  if (NAMED_LABELS.has(key) && /^[a-z_]+$/.test(value))
    return t(`voices.labelValues.${key}.${value}` as 'voices.labelValues.age.young', {
      defaultValue: value.replace(/_/g, ' '),
    })
  if (key === 'language' && /^[a-z]{2,3}(-[A-Za-z]{2})?$/.test(value)) {
    try {
      return languageNames?.of(value) ?? value
    } catch {
      return value
    }
  }
  return value.replace(/_/g, ' ')
}

/** The labels of a voice as [key, value] pairs, in reading order, empty values dropped. */
export function orderedLabels(voice: Pick<Voice, 'labels'>): [string, string][] {
  const entries = Object.entries(voice.labels ?? {}).filter(([, value]) => value.trim() !== '')
  const rank = (key: string) => {
    const index = LABEL_ORDER.indexOf(key)
    return index === -1 ? LABEL_ORDER.length : index
  }
  return entries.sort((a, b) => rank(a[0]) - rank(b[0]) || a[0].localeCompare(b[0]))
}

/** The languages a voice speaks, from its verified languages and its own language. */
export function voiceLanguages(voice: Pick<Voice, 'verified_languages' | 'language'>): string[] {
  const codes = (voice.verified_languages ?? []).map((entry) => entry.language)
  if (voice.language) codes.unshift(voice.language)
  return [...new Set(codes.filter(Boolean))]
}

/**
 * The workspace's own voices (not the premade library) can be edited and deleted by its
 * members: the listing grants them a permission on the voice; premade voices carry none.
 */
export function isOwnVoice(voice: Pick<Voice, 'category' | 'permission_on_resource'>): boolean {
  return voice.category !== 'premade' && !!voice.permission_on_resource
}
