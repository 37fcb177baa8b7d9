import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { useToast } from '../components/toaster'
import { setUserLocale } from '../features/account/account-api'
import { userQueryKey } from '../features/auth/use-session'
import { storageKeys, writeKey } from '../lib/storage'
import { applyLocale } from './i18n'
import { DEFAULT_LOCALE, isSupportedLocale, LOCALE_NAMES, type Locale } from './locales'

export function useLocale(): { locale: Locale; choose: (locale: string) => Promise<void> } {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const toast = useToast()
  const locale = isSupportedLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE

  const choose = useCallback(
    async (next: string) => {
      if (!isSupportedLocale(next)) return
      writeKey(storageKeys.locale, next)
      const shown = await applyLocale(next)
      if (shown !== next)
        toast({ title: t('common.localeFallback', { language: LOCALE_NAMES[next] }), tone: 'error' })
      // Signed in: the account keeps the choice too.
      if (queryClient.getQueryData(userQueryKey)) {
        setUserLocale(next).catch((error: unknown) => console.warn('Could not save the locale', error))
      }
    },
    [queryClient, toast, t],
  )
  return { locale, choose }
}
