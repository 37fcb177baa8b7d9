import { type ReactNode, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { PageSpinner } from './spinner'

/** A page loaded on demand: a spinner shows until its code has arrived. */
export function Lazy({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  return <Suspense fallback={<PageSpinner label={t('common.loading')} />}>{children}</Suspense>
}
