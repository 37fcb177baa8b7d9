import { PRODUCER_QUALIFICATION_BASES, type ProductionKind } from '@timbre/contract'
import { questionnairesFor } from './questionnaires.js'

/** A qualification: a kind of work in a language, whether its holder reviews, tags and a score. */
export interface Qualification {
  base: ProductionKind
  language: string
  review: boolean
  extra_tags: string[]
  score: number | null
}

export function parseQualifications(value: unknown): Qualification[] {
  const list = (typeof value === 'string' ? JSON.parse(value) : value) as Qualification[] | null
  return Array.isArray(list) ? list : []
}

/** A task needs a qualification of its kind in its source language (any language when `*`). */
export function qualifiedFor(
  qualifications: readonly Qualification[],
  task: { kind: string; source_language: string },
): boolean {
  return qualifications.some(
    (q) => q.base === task.kind && (q.language === '*' || sameLanguage(q.language, task.source_language)),
  )
}

const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' })

/** The language a code names, whether two-letter (en), three-letter (eng, as transcripts give) or tagged (en-GB). */
function languageName(code: string): string {
  const base = code.toLowerCase().split('-')[0]!
  try {
    return names.of(base) ?? base
  } catch {
    return base
  }
}

const sameLanguage = (a: string, b: string) => languageName(a) === languageName(b)

/** Every qualification a producer can hold. */
export function qualificationCatalogue() {
  return PRODUCER_QUALIFICATION_BASES.map((base) => ({
    base,
    languages: 'any language code, or * for all',
    questionnaire_ids: questionnairesFor([base]),
  }))
}
