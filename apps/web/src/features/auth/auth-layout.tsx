import { useTranslation } from 'react-i18next'
import { Link, Outlet } from 'react-router'
import { LocalePicker } from '../../components/locale-picker'
import { Logo } from '../../components/logo'
import { routes } from '../../routes'
import { AuthExitProvider, useAuthExit } from './auth-exit'
import { useLocalMailboxEnabled } from './use-session'
import { WelcomePanel } from './welcome-panel'

function AuthFrame() {
  const { t } = useTranslation()
  const { leaving } = useAuthExit()
  const mailbox = useLocalMailboxEnabled()
  return (
    <div
      className={`flex min-h-dvh bg-white transition-opacity duration-300 ease-out motion-reduce:transition-none ${
        leaving ? 'opacity-0' : 'opacity-100'
      }`}
    >
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center justify-between px-4 py-4 sm:px-8 sm:py-6">
          <Logo />
          <LocalePicker />
        </header>
        <main className="flex flex-1 justify-center px-3 pt-4 pb-10 sm:items-center sm:pt-0">
          {/* A centred form column 360px wide. */}
          <div className="w-[360px] max-w-full">
            <Outlet />
          </div>
        </main>
        <footer className="flex justify-center gap-5 px-4 pb-6 text-xs text-neutral-500">
          <Link to={routes.privacy} className="hover:text-neutral-800 hover:underline">
            {t('common.privacy')}
          </Link>
          {mailbox && (
            <Link to={routes.mailbox} className="hover:text-neutral-800 hover:underline">
              {t('common.localMailbox')}
            </Link>
          )}
        </footer>
      </div>
      <WelcomePanel />
    </div>
  )
}

/** The frame of sign-in, sign-up, SSO, forgot and reset password. */
export function AuthLayout() {
  return (
    <AuthExitProvider>
      <AuthFrame />
    </AuthExitProvider>
  )
}

export function AuthHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div className="mb-7">
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{title}</h1>
      {subtitle && <p className="mt-2 text-sm text-neutral-600">{subtitle}</p>}
    </div>
  )
}
