// The nine interface locales, the default and the 3-second load fallback are product rules
// shared with the server; an unsupported user locale is logged and not applied.
import { DEFAULT_LOCALE, isLocale, LOCALE_LOAD_TIMEOUT_MS, LOCALES, type Locale } from '@timbre/contract'

export { DEFAULT_LOCALE, LOCALE_LOAD_TIMEOUT_MS, type Locale }
export const SUPPORTED_LOCALES = LOCALES

/** Each locale's name in its own language, for the picker. */
export const LOCALE_NAMES: Record<Locale, string> = {
  'de-DE': 'Deutsch',
  'en-US': 'English',
  'es-ES': 'Español',
  'fr-FR': 'Français',
  'hi-IN': 'हिन्दी',
  'ja-JP': '日本語',
  'pl-PL': 'Polski',
  'pt-PT': 'Português',
  'sv-SE': 'Svenska',
}

export function isSupportedLocale(value: unknown): value is Locale {
  return typeof value === 'string' && isLocale(value)
}

/**
 * Maps a language tag to a supported locale: exact match first (any case, `_` or `-`), then
 * the language alone (`ja` -> ja-JP, `pt-BR` -> pt-PT). Email links carry `lang=en` style codes.
 */
export function matchLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null
  const normal = tag.trim().replace('_', '-').toLowerCase()
  const exact = SUPPORTED_LOCALES.find((l) => l.toLowerCase() === normal)
  if (exact) return exact
  const language = normal.split('-')[0]
  return SUPPORTED_LOCALES.find((l) => l.slice(0, 2).toLowerCase() === language) ?? null
}

type Logger = (message: string) => void

/** The stored choice if supported (an unsupported one is logged and skipped), else the browser's. */
export function initialLocale(
  stored: string | null,
  browserLanguages: readonly string[],
  log: Logger = console.warn,
): Locale {
  if (stored) {
    if (isSupportedLocale(stored)) return stored
    log(`Unsupported locale "${stored}" is not applied`)
  }
  for (const tag of browserLanguages) {
    const match = matchLocale(tag)
    if (match) return match
  }
  return DEFAULT_LOCALE
}

/** The server's account locale: applied only when supported, otherwise logged. */
export function accountLocale(value: string | null | undefined, log: Logger = console.warn): Locale | null {
  if (!value) return null
  if (isSupportedLocale(value)) return value
  log(`Unsupported user locale "${value}" is not applied`)
  return null
}
