import * as Menu from '@radix-ui/react-dropdown-menu'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Icon } from '../../components/icon'
import type { User } from '../../lib/api-types'
import { routes } from '../../routes'
import { useLocalMailboxEnabled } from '../auth/use-session'
import { displayName } from './display-name'
import { ACCOUNT_ITEMS } from './nav-items'
import { useSignOut } from './use-sign-out'

const itemClass =
  'flex cursor-default items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm text-neutral-800 outline-none data-[highlighted]:bg-neutral-100'

/** The user's name and email, their account settings, the local mailbox when there is one, and sign-out. */
export function AccountMenu({ user }: { user: User }) {
  const { t } = useTranslation()
  const signOut = useSignOut()
  const mailbox = useLocalMailboxEnabled()
  const navigate = useNavigate()
  const name = displayName(user)
  return (
    <Menu.Root>
      <Menu.Trigger
        aria-label={t('shell.account', { name })}
        className="inline-flex h-9 items-center gap-2 rounded-full pr-1 pl-1 text-sm text-neutral-800 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-accent-600 data-[state=open]:bg-neutral-100 md:pr-3"
      >
        <span
          aria-hidden="true"
          className="flex size-7 items-center justify-center rounded-full bg-accent-100 text-xs font-semibold text-accent-700 uppercase"
        >
          {name.slice(0, 1)}
        </span>
        <span className="hidden max-w-40 truncate font-medium md:inline">{name}</span>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          // On a short window (a phone on its side) the menu scrolls instead of running off screen.
          className="z-50 max-h-(--radix-dropdown-menu-content-available-height) w-64 overflow-y-auto rounded-xl border border-neutral-200 bg-white p-1 shadow-lg"
        >
          <div className="px-2.5 py-2">
            <p className="truncate text-sm font-medium text-neutral-900">{name}</p>
            <p className="truncate text-xs text-neutral-500">{user.email}</p>
          </div>
          <Menu.Separator className="my-1 h-px bg-neutral-200" />
          <Menu.Item className={itemClass} onSelect={() => navigate(routes.profile)}>
            <Icon name="user" className="size-4 text-neutral-500" />
            {t('account.menuItem')}
          </Menu.Item>
          {ACCOUNT_ITEMS.map((item) => (
            <Menu.Item key={item.key} className={itemClass} onSelect={() => navigate(item.to)}>
              <Icon name={item.icon} className="size-4 text-neutral-500" />
              {t(`shell.nav.${item.key}`)}
            </Menu.Item>
          ))}
          {mailbox && (
            <Menu.Item className={itemClass} onSelect={() => navigate(routes.mailbox)}>
              <Icon name="mail" className="size-4 text-neutral-500" />
              {t('common.localMailbox')}
            </Menu.Item>
          )}
          <Menu.Item className={itemClass} onSelect={() => signOut.mutate()} disabled={signOut.isPending}>
            <Icon name="logout" className="size-4 text-neutral-500" />
            {t('shell.signOut')}
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  )
}
