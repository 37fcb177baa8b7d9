import { DEFAULT_LOCALE, LOCALES, type Locale } from '@timbre/contract'

// Public pages (shares, reader pages) are mostly seen signed out, so they speak the language the
// visitor's browser asks for, like the app itself.

/**
 * The best of the nine locales for an Accept-Language header: the highest-weighted entry
 * that names a locale exactly or by its language (`de`, `de-AT` -> de-DE); else en-US.
 */
export function requestLocale(acceptLanguage: string | undefined): Locale {
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const weight = q ? Number(q.slice(2)) : 1
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index }
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
  for (const { tag } of wanted) {
    const exact = LOCALES.find((l) => l.toLowerCase() === tag)
    if (exact) return exact
    const language = tag.split('-')[0]
    const byLanguage = LOCALES.find((l) => l.slice(0, 2).toLowerCase() === language)
    if (byLanguage) return byLanguage
  }
  return DEFAULT_LOCALE
}
