import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import { Icon } from '../../components/icon'
import { useNavAllowed } from '../workspace/product-guard'
import { NAV_ITEMS } from './nav-items'

/** The sidebar of large screens. */
export function SideNav() {
  const { t } = useTranslation()
  const allowed = useNavAllowed()
  return (
    <nav
      aria-label={t('shell.mainNav')}
      className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-60 shrink-0 border-r border-neutral-200 lg:block"
    >
      <ul className="flex flex-col gap-0.5 px-3 py-5">
        {NAV_ITEMS.filter((item) => allowed(item.key)).map((item) => (
          <li key={item.key}>
            <NavLink
              to={item.to}
              className={({ isActive }) =>
                `flex items-center gap-3 rounded-lg px-3 py-2 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-accent-600 ${
                  isActive
                    ? 'bg-neutral-100 font-medium text-neutral-900'
                    : 'text-neutral-600 hover:bg-neutral-50 hover:text-neutral-900'
                }`
              }
            >
              <Icon name={item.icon} className="size-[18px] shrink-0" />
              {t(`shell.nav.${item.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
      <p className="absolute right-0 bottom-0 left-0 px-6 py-4 text-xs text-neutral-400">
        {t('shell.moreSoon')}
      </p>
    </nav>
  )
}

/** The phone's bottom bar: every destination one tap away, labelled, never clipped. */
export function BottomNav() {
  const { t } = useTranslation()
  const allowed = useNavAllowed()
  return (
    <nav
      aria-label={t('shell.mainNav')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-neutral-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
    >
      <ul className="grid h-16 auto-cols-fr grid-flow-col">
        {NAV_ITEMS.filter((item) => item.phone && allowed(item.key)).map((item) => (
          <li key={item.key} className="min-w-0">
            <NavLink
              to={item.to}
              className={({ isActive }) =>
                `flex h-full flex-col items-center justify-center gap-0.5 px-0.5 text-center text-[10px] leading-tight focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent-600 ${
                  isActive ? 'font-medium text-accent-600' : 'text-neutral-500 hover:text-neutral-900'
                }`
              }
            >
              <Icon name={item.icon} className="size-5 shrink-0" />
              {/* Six destinations share a phone's width: a long label takes two lines, whole. */}
              <span className="line-clamp-2 max-w-full [overflow-wrap:anywhere]">
                {t(`shell.nav.${item.key}`)}
              </span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
