import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import { NAV_ITEMS } from './nav-items'

/** A sidebar on large screens, a scrolling row of tabs below the header on small ones. */
export function AppNav() {
  const { t } = useTranslation()
  return (
    <nav
      aria-label={t('shell.mainNav')}
      className="border-b border-neutral-200 lg:w-56 lg:shrink-0 lg:border-r lg:border-b-0"
    >
      <ul className="flex gap-1 overflow-x-auto px-3 py-2 lg:flex-col lg:overflow-visible lg:py-4">
        {NAV_ITEMS.map((item) => (
          <li key={item.key} className="shrink-0">
            <NavLink
              to={item.to}
              className={({ isActive }) =>
                `block rounded-lg px-3 py-2 text-sm whitespace-nowrap transition-colors ${
                  isActive
                    ? 'bg-neutral-100 font-medium text-neutral-900'
                    : 'text-neutral-600 hover:bg-neutral-50 hover:text-neutral-900'
                }`
              }
            >
              {t(`shell.nav.${item.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
