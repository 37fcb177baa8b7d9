import { useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { applyLocale } from '../../i18n/i18n'
import { matchLocale } from '../../i18n/locales'

/**
 * Email links carry `lang`. It picks the language of this visit only; the stored choice of
 * the browser stays as it is.
 */
export function useLangParam(): void {
  const [params] = useSearchParams()
  const lang = params.get('lang')
  useEffect(() => {
    const locale = matchLocale(lang)
    if (locale) void applyLocale(locale)
  }, [lang])
}
