import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '../../components/button'
import { LocalePicker } from '../../components/locale-picker'
import { Logo } from '../../components/logo'
import type { User } from '../../lib/api-types'
import { creditsLeft, formatCount } from '../../lib/format-count'
import { routes } from '../../routes'
import { useLocalMailboxEnabled } from '../auth/use-session'
import { displayName } from './display-name'
import { useSignOut } from './use-sign-out'

export function AppHeader({ user }: { user: User }) {
  const { t, i18n } = useTranslation()
  const signOut = useSignOut()
  const mailbox = useLocalMailboxEnabled()
  const credits = formatCount(creditsLeft(user.subscription), i18n.language)
  return (
    <header className="flex h-16 items-center gap-2 border-b border-neutral-200 bg-white px-3 sm:gap-3 sm:px-6">
      <Logo to={routes.home} />
      <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
        <Link
          to={routes.subscription}
          aria-label={t('shell.creditsLeft', { credits })}
          className="rounded-full bg-accent-50 px-3 py-1 text-xs font-medium whitespace-nowrap text-accent-700 hover:bg-accent-100"
        >
          {/* Narrow screens show the number alone; the label carries the full text. */}
          <span className="sm:hidden">{credits}</span>
          <span className="hidden sm:inline">{t('shell.creditsLeft', { credits })}</span>
        </Link>
        {mailbox && (
          <Link
            to={routes.mailbox}
            className="hidden px-2 text-sm text-neutral-600 hover:text-neutral-900 md:inline"
          >
            {t('common.localMailbox')}
          </Link>
        )}
        <LocalePicker compact />
        <span
          className="hidden max-w-48 truncate px-1 text-sm font-medium text-neutral-800 md:inline"
          title={user.email}
        >
          {displayName(user)}
        </span>
        <Button
          variant="ghost"
          loading={signOut.isPending}
          onClick={() => signOut.mutate()}
          className="px-2 sm:px-3"
        >
          {t('shell.signOut')}
        </Button>
      </div>
    </header>
  )
}
