import { useTranslation } from 'react-i18next'
import { LocalePicker } from '../../components/locale-picker'
import { Logo } from '../../components/logo'
import type { User } from '../../lib/api-types'
import { creditsLeft, formatCount } from '../../lib/format-count'
import { routes } from '../../routes'
import { NotificationBell } from '../notifications/notification-bell'
import { ThemeToggle } from '../theme/theme-toggle'
import { WorkspaceSwitcher } from '../workspace/workspace-switcher'
import { AccountMenu } from './account-menu'

export function AppHeader({ user }: { user: User }) {
  const { t, i18n } = useTranslation()
  const credits = formatCount(creditsLeft(user.subscription), i18n.language)
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-neutral-200 bg-white/90 px-3 backdrop-blur sm:gap-3 sm:px-6">
      <Logo to={routes.home} />
      <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
        <span
          title={t('shell.creditsLeft', { credits })}
          className="rounded-full bg-accent-50 px-3 py-1 text-xs font-medium whitespace-nowrap text-accent-700"
        >
          {/* Narrow screens show the number alone; the screen-reader text carries the full text. */}
          <span className="sm:hidden" aria-hidden="true">
            {credits}
          </span>
          <span className="sr-only sm:not-sr-only">{t('shell.creditsLeft', { credits })}</span>
        </span>
        <WorkspaceSwitcher />
        <NotificationBell />
        <LocalePicker compact />
        <ThemeToggle />
        <AccountMenu user={user} />
      </div>
    </header>
  )
}
