// The nine interface locales.
export const LOCALES = [
  'de-DE',
  'en-US',
  'es-ES',
  'fr-FR',
  'hi-IN',
  'ja-JP',
  'pl-PL',
  'pt-PT',
  'sv-SE',
] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'en-US'
/** A locale load that takes more than 3 seconds falls back to en-US. */
export const LOCALE_LOAD_TIMEOUT_MS = 3000

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value)
}
