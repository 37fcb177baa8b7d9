import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { Icon } from '../../components/icon'
import { useNavAllowed } from '../workspace/product-guard'
import { activeNavKey, NAV_GROUPS, NAV_ITEMS } from './nav-items'

/** The sidebar of large screens. */
export function SideNav() {
  const { t } = useTranslation()
  const allowed = useNavAllowed()
  const active = activeNavKey(useLocation().pathname)
  return (
    <nav
      aria-label={t('shell.mainNav')}
      className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-60 shrink-0 flex-col border-r border-neutral-200 lg:flex"
    >
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-3 pt-5 pb-4">
        {NAV_GROUPS.map((group) => {
          const items = NAV_ITEMS.filter((item) => item.group === group && allowed(item.key))
          if (items.length === 0) return null
          return (
            <section key={group} aria-labelledby={`nav-group-${group}`}>
              {/* A label, not a heading: the page's own headings stay the only ones. */}
              <p
                id={`nav-group-${group}`}
                className="px-3 pb-1 text-[11px] font-medium tracking-wide text-neutral-400 uppercase"
              >
                {t(`shell.navGroups.${group}`)}
              </p>
              <ul className="flex flex-col gap-0.5">
                {items.map((item) => {
                  const current = item.key === active
                  return (
                    <li key={item.key}>
                      <Link
                        to={item.to}
                        aria-current={current ? 'page' : undefined}
                        className={`flex items-center gap-3 rounded-lg px-3 py-1.5 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-accent-600 ${
                          current
                            ? 'bg-neutral-100 font-medium text-neutral-900'
                            : 'text-neutral-600 hover:bg-neutral-50 hover:text-neutral-900'
                        }`}
                      >
                        <Icon name={item.icon} className="size-[18px] shrink-0" />
                        {t(`shell.nav.${item.key}`)}
                      </Link>
                    </li>
                  )
                })}
              </ul>
            </section>
          )
        })}
      </div>
      <p className="px-6 py-4 text-xs text-neutral-400">{t('shell.moreSoon')}</p>
    </nav>
  )
}

/** The phone's bottom bar: every destination one tap away, labelled, never clipped. */
export function BottomNav() {
  const { t } = useTranslation()
  const allowed = useNavAllowed()
  const active = activeNavKey(useLocation().pathname)
  return (
    <nav
      aria-label={t('shell.mainNav')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-neutral-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
    >
      <ul className="grid h-16 auto-cols-fr grid-flow-col">
        {NAV_ITEMS.filter((item) => item.phone && allowed(item.key)).map((item) => (
          <li key={item.key} className="min-w-0">
            <Link
              to={item.to}
              aria-current={item.key === active ? 'page' : undefined}
              className={`flex h-full flex-col items-center justify-center gap-0.5 px-0.5 text-center text-[10px] leading-tight focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent-600 ${
                item.key === active
                  ? 'font-medium text-accent-600'
                  : 'text-neutral-500 hover:text-neutral-900'
              }`}
            >
              <Icon name={item.icon} className="size-5 shrink-0" />
              {/* Six destinations share a phone's width: a long label takes two lines, whole. */}
              <span className="line-clamp-2 max-w-full [overflow-wrap:anywhere]">
                {t(`shell.nav.${item.key}`)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
