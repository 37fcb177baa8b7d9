import { DEFAULT_LOCALE, isLocale, type Locale } from '@timbre/contract'
import { deDE } from './de-de.texts.js'
import type { EmailTexts } from './email-text-shape.js'
import { enUS } from './en-us.texts.js'
import { esES } from './es-es.texts.js'
import { frFR } from './fr-fr.texts.js'
import { hiIN } from './hi-in.texts.js'
import { jaJP } from './ja-jp.texts.js'
import { plPL } from './pl-pl.texts.js'
import { ptPT } from './pt-pt.texts.js'
import { svSE } from './sv-se.texts.js'

export type { EmailTexts }

const TEXTS: Record<Locale, EmailTexts> = {
  'de-DE': deDE,
  'en-US': enUS,
  'es-ES': esES,
  'fr-FR': frFR,
  'hi-IN': hiIN,
  'ja-JP': jaJP,
  'pl-PL': plPL,
  'pt-PT': ptPT,
  'sv-SE': svSE,
}

/**
 * The locale an email is written in: the recipient's saved locale, else the one the request's
 * Accept-Language picked, else the default.
 */
export function emailLocale(saved: string | null | undefined, fromRequest: Locale | undefined): Locale {
  if (saved && isLocale(saved)) return saved
  return fromRequest ?? DEFAULT_LOCALE
}

export function emailTexts(locale: Locale): EmailTexts {
  return TEXTS[locale]
}
