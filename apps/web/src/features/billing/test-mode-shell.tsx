import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Logo } from '../../components/logo'
import { routes } from '../../routes'
import { ThemeToggle } from '../theme/theme-toggle'

/** The frame of the built-in provider's own pages: a test-mode banner, the logo, the theme. */
export function TestModeShell({ banner, children }: { banner: string; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-neutral-50">
      <div
        role="note"
        className="bg-amber-50 px-4 py-2 text-center text-sm font-medium text-amber-900"
        data-testid="test-mode-banner"
      >
        {banner}
      </div>
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <Logo to={routes.home} />
        <ThemeToggle />
      </header>
      <main className="mx-auto w-full max-w-md px-4 pb-16">{children}</main>
    </div>
  )
}

/** The small "Test mode" label above a test-mode page's title. */
export function TestModeLabel() {
  const { t } = useTranslation()
  return (
    <p className="text-xs font-semibold tracking-wide text-amber-900 uppercase">
      <span className="rounded bg-amber-50 px-1.5 py-0.5">{t('billing.checkout.testMode')}</span>
    </p>
  )
}

export const panel = 'rounded-2xl border border-neutral-200 bg-white p-6 shadow-xs'
