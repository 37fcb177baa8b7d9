import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import { SSO_SETTINGS_SECTIONS } from './settings-sections'

/** Links between the three single sign-on settings pages. */
export function SsoSectionLinks() {
  const { t } = useTranslation()
  return (
    <nav aria-label={t('sso.page.sections')} className="flex flex-wrap gap-1 border-b border-neutral-200">
      {SSO_SETTINGS_SECTIONS.map((section) => (
        <NavLink
          key={section.key}
          to={section.to}
          className={({ isActive }) =>
            `-mb-px border-b-2 px-3 py-2 text-sm font-medium ${
              isActive
                ? 'border-neutral-900 text-neutral-900'
                : 'border-transparent text-neutral-600 hover:text-neutral-900'
            }`
          }
        >
          {t(section.label)}
        </NavLink>
      ))}
    </nav>
  )
}
