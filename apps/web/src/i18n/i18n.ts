// i18next setup. en-US ships in the main bundle because it is the fallback of every other
// locale and must never wait for a download; the other eight load on demand.
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { loadWithTimeout } from './load-locale'
import { DEFAULT_LOCALE, LOCALE_LOAD_TIMEOUT_MS, type Locale } from './locales'
import enUS from './locales/en-US.json'

export type Messages = typeof enUS

const loaders = import.meta.glob<Messages>(['./locales/*.json', '!./locales/en-US.json'], {
  import: 'default',
})

export const i18n = i18next.createInstance()

export async function setupI18n(): Promise<void> {
  await i18n.use(initReactI18next).init({
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    resources: { [DEFAULT_LOCALE]: { translation: enUS } },
    interpolation: { escapeValue: false },
    returnNull: false,
  })
}

let latestRequest = 0

function show(locale: Locale): Promise<unknown> {
  document.documentElement.lang = locale
  return i18n.changeLanguage(locale)
}

/**
 * Switches to `locale`, loading its messages first. A load that takes over 3 s (or fails)
 * shows en-US instead; a late load is cached for the next switch.
 * Returns the locale actually shown.
 */
export async function applyLocale(locale: Locale): Promise<Locale> {
  const request = ++latestRequest
  if (!i18n.hasResourceBundle(locale, 'translation')) {
    const load = loaders[`./locales/${locale}.json`]
    if (!load) return DEFAULT_LOCALE
    const result = await loadWithTimeout(load, {
      timeoutMs: LOCALE_LOAD_TIMEOUT_MS,
      onLate: (messages) => i18n.addResourceBundle(locale, 'translation', messages),
    })
    if (result.status !== 'loaded') {
      console.warn(`Locale ${locale} not loaded (${result.status}); showing ${DEFAULT_LOCALE}`)
      if (request === latestRequest) await show(DEFAULT_LOCALE)
      return DEFAULT_LOCALE
    }
    i18n.addResourceBundle(locale, 'translation', result.messages)
  }
  // A newer choice made while this one was loading wins.
  if (request === latestRequest) await show(locale)
  return locale
}
